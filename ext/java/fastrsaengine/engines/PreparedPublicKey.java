package fastrsaengine.engines;

import java.math.BigInteger;

/** A public key readied by an {@link RsaEngine}; threads may share it. */
public interface PreparedPublicKey {

    BigInteger modulus();

    BigInteger publicExponent();

    /**
     * The raw public-key operation {@code input^e mod n}.
     *
     * @param input a value in {@code [0, n)}; the caller has range-checked it
     */
    BigInteger publicOperation(BigInteger input);
}
