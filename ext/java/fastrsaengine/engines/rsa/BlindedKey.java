package fastrsaengine.engines.rsa;

import java.math.BigInteger;

/**
 * Base blinding around a raw private-key operation that has none of its own: keys run without CRT
 * numbers, for which AWS-LC (lacking e) and plain {@code c^d mod n} in GMP do not blind. The pair
 * is r^e and r^-1.
 */
public final class BlindedKey implements PreparedKey {
    private final PreparedKey raw;
    private final BigInteger modulus;
    private final Blinding blinding;

    public BlindedKey(PreparedKey raw, BigInteger publicExponent) {
        this.raw = raw;
        this.modulus = raw.modulus();
        this.blinding = new Blinding(modulus, () -> Blinding.withPublicExponent(modulus, publicExponent));
    }

    @Override
    public BigInteger modulus() {
        return modulus;
    }

    @Override
    public BigInteger privateOperation(BigInteger input) {
        Blinding.Pair pair = blinding.acquire();
        BigInteger result = pair.unblind(raw.privateOperation(pair.blind(input, modulus)), modulus);
        blinding.release(pair);
        return result;
    }
}
