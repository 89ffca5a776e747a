package fastrsaengine.engines.shared;

import java.security.GeneralSecurityException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One spare of a stateful JCA object bound to one key (a Cipher, Signature or KeyAgreement
 * initialized once), handed between threads lock-free: a thread that finds none makes its own and
 * leaves it as the spare when done. One that failed is dropped, its state unknown.
 */
public final class Spare<T> {
    public interface Factory<T> {
        T make() throws GeneralSecurityException;
    }

    public interface Use<T, R> {
        R apply(T instance) throws GeneralSecurityException;
    }

    private final AtomicReference<T> spare = new AtomicReference<>();
    private final Factory<T> factory;

    public Spare(Factory<T> factory) {
        this.factory = factory;
    }

    public <R> R use(Use<T, R> use) throws GeneralSecurityException {
        T instance = spare.getAndSet(null);
        if (instance == null) instance = factory.make();
        R result = use.apply(instance);
        spare.set(instance);
        return result;
    }
}
