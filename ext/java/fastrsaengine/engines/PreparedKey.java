package fastrsaengine.engines;

import java.math.BigInteger;

/** A private key readied by an {@link RsaEngine}: immutable or internally synchronized, so threads may share it. */
public interface PreparedKey {

    /** The modulus, for the padding layer's block sizes. */
    BigInteger modulus();

    /**
     * The raw private-key operation {@code input^d mod n}, blinded and, for CRT keys,
     * checked with the public exponent before it returns.
     *
     * @param input a value in {@code [0, n)}; the caller has range-checked it
     * @throws FaultDetectedException when the result failed its check twice: no output leaves
     */
    BigInteger privateOperation(BigInteger input);
}
