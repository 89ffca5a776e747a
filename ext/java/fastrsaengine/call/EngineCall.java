package fastrsaengine.call;

import org.bouncycastle.crypto.CryptoException;
import org.jruby.Ruby;

/** One padded RSA operation through the engine, read from a patched method's arguments. */
@FunctionalInterface
public interface EngineCall {
    byte[] run() throws CryptoException;

    /** Runs the call; every failure leaves as a Ruby error ({@link Errors}) for the patched method of that name (as {@link Call} names it). */
    static byte[] perform(Ruby runtime, String method, EngineCall call) {
        try {
            return call.run();
        } catch (CryptoException | RuntimeException e) {
            throw Errors.fromJava(runtime, method, e);
        }
    }
}
