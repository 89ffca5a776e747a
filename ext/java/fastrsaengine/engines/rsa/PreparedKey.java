package fastrsaengine.engines.rsa;

import fastrsaengine.engines.shared.FaultDetectedException;
import java.math.BigInteger;
import java.util.function.UnaryOperator;

/** A private key readied by an {@link RsaEngine}: immutable or internally synchronized, so threads may share it. */
public interface PreparedKey {

    /** The modulus, for the padding layer's block sizes. */
    BigInteger modulus();

    /**
     * The raw private-key operation {@code input^d mod n}, blinded.
     *
     * @param input a value in {@code [0, n)}; the caller has range-checked it
     * @throws FaultDetectedException when the result failed its check: no output leaves
     */
    BigInteger privateOperation(BigInteger input);

    /**
     * Whether every result is checked with e before it returns (by the native library, or by the
     * backend's own CRT check); when not, {@link KeyChecks} checks it.
     */
    default boolean checksResults() {
        return false;
    }

    /** A key whose operation is the given function of the input, neither blinded nor checked: wrap it ({@link BlindedKey}). */
    static PreparedKey of(BigInteger modulus, UnaryOperator<BigInteger> operation) {
        return new PreparedKey() {
            @Override
            public BigInteger modulus() {
                return modulus;
            }

            @Override
            public BigInteger privateOperation(BigInteger input) {
                return operation.apply(input);
            }
        };
    }
}
