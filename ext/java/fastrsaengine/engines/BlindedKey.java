package fastrsaengine.engines;

import java.math.BigInteger;

/**
 * Base blinding around a raw private-key operation that has none of its own: keys without CRT
 * factors, for which AWS-LC (lacking e) and plain {@code c^d mod n} in GMP do not blind. With e
 * known, the pair is r^e and r^-1; without it, r and (r^d)^-1, r^d computed by the raw operation.
 */
final class BlindedKey implements PreparedKey {
    private final PreparedKey raw;
    private final BigInteger modulus;
    private final Blinding blinding;

    /** @param publicExponent e, or null when the key has none */
    BlindedKey(PreparedKey raw, BigInteger publicExponent) {
        this.raw = raw;
        this.modulus = raw.modulus();
        this.blinding = new Blinding(modulus, publicExponent != null
            ? () -> Blinding.withPublicExponent(modulus, publicExponent)
            : this::pairFromRawOperation);
    }

    private Blinding.Pair pairFromRawOperation() {
        BigInteger r = Blinding.randomUnit(modulus);
        return new Blinding.Pair(r, raw.privateOperation(r).modInverse(modulus));
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
