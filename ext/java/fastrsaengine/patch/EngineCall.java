package fastrsaengine.patch;

import fastrsaengine.engines.FaultDetectedException;
import org.bouncycastle.crypto.CryptoException;
import org.bouncycastle.crypto.DataLengthException;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.jruby.Ruby;

/**
 * One padded private-key operation, and the one place its failures become Ruby errors,
 * with the messages stock jruby-openssl shows for the same input.
 */
@FunctionalInterface
interface EngineCall {
    byte[] run() throws CryptoException;

    static byte[] perform(Ruby runtime, EngineCall call) {
        try {
            return call.run();
        } catch (InvalidCipherTextException badPadding) {
            // Stock's JCA cipher reports every padding failure alike; so must we (no oracle).
            throw Errors.rsaError(runtime, "unable to decrypt block");
        } catch (CryptoException | DataLengthException | IllegalArgumentException | FaultDetectedException e) {
            throw Errors.rsaError(runtime, e.getMessage());
        }
    }
}
