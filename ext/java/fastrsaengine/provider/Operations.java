package fastrsaengine.provider;

import java.util.function.Function;
import org.bouncycastle.crypto.CryptoException;

/**
 * Runs one of the provider's padded operations and counts it: every failure of the padding layer or
 * the engine leaves as the JCA exception the caller's method declares, with the padding's message
 * (none carries key material); a padding that does not check reads alike whatever went wrong.
 */
final class Operations {
    private Operations() {
    }

    interface Operation<T> {
        T run() throws CryptoException;
    }

    static <T, E extends Exception> T run(EngineSource source, String name, boolean byEngine, Operation<T> operation,
                                          Function<String, E> failure) throws E {
        T result;
        try {
            result = operation.run();
        } catch (CryptoException | RuntimeException e) {
            throw failure.apply(e.getMessage() == null ? name + " failed" : e.getMessage());
        }
        source.count(name, byEngine);
        return result;
    }
}
