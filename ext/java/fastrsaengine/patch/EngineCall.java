package fastrsaengine.patch;

import org.bouncycastle.crypto.CryptoException;
import org.jruby.Ruby;

/** One padded RSA operation through the engine, read from a patched method's arguments. */
@FunctionalInterface
interface EngineCall {
    byte[] run() throws CryptoException;

    /** Runs the call; every failure leaves as a Ruby error ({@link Errors}). */
    static byte[] perform(Ruby runtime, EngineCall call) {
        try {
            return call.run();
        } catch (CryptoException | RuntimeException e) {
            throw Errors.fromJava(runtime, e);
        }
    }
}
