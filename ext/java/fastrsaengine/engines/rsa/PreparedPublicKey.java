package fastrsaengine.engines.rsa;

import java.math.BigInteger;
import java.util.function.UnaryOperator;

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

    /** A public key whose operation is the given function of the input (s^e mod n in a library's arithmetic). */
    static PreparedPublicKey of(BigInteger modulus, BigInteger publicExponent, UnaryOperator<BigInteger> operation) {
        return new PreparedPublicKey() {
            @Override
            public BigInteger modulus() {
                return modulus;
            }

            @Override
            public BigInteger publicExponent() {
                return publicExponent;
            }

            @Override
            public BigInteger publicOperation(BigInteger input) {
                return operation.apply(input);
            }
        };
    }
}
