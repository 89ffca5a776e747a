package fastrsaengine.engines;

import java.math.BigInteger;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The GMP backend: libgmp's constant-time {@code mpz_powm_sec} through jnagmp, the design of
 * Square's bouncycastle-rsa. CRT when the key has its factors, {@code c^d mod n} when it has
 * only {@code n, e, d}; blinding on every operation; every CRT result checked with e.
 */
final class GmpEngine implements RsaEngine {

    private final GmpLibrary gmp;

    private GmpEngine(GmpLibrary gmp) {
        this.gmp = gmp;
    }

    static RsaEngine load(BackendContext context) throws Exception {
        return new GmpEngine(GmpLibrary.load(context.jar("jnagmp"), context.jar("jna"), context.parentLoader()));
    }

    @Override
    public String name() {
        return "gmp";
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> info = new LinkedHashMap<>();
        info.put("library", "libgmp");
        info.put("library_version", gmp.version());
        info.put("loaded_from", gmp.origin());
        info.put("binding", "jnagmp");
        return info;
    }

    @Override
    public PreparedKey prepare(RSAPrivateKey key, RSAPublicKey publicKey) {
        BigInteger e = publicExponent(key, publicKey);
        if (hasCrtFactors(key) && e != null) return new CrtKey((RSAPrivateCrtKey) key, e);
        return new PlainKey(key, e);
    }

    private static BigInteger publicExponent(RSAPrivateKey key, RSAPublicKey publicKey) {
        if (key instanceof RSAPrivateCrtKey && ((RSAPrivateCrtKey) key).getPublicExponent() != null) {
            return ((RSAPrivateCrtKey) key).getPublicExponent();
        }
        return publicKey != null && publicKey.getModulus().equals(key.getModulus()) ? publicKey.getPublicExponent() : null;
    }

    private static boolean hasCrtFactors(RSAPrivateKey key) {
        if (!(key instanceof RSAPrivateCrtKey)) return false;
        RSAPrivateCrtKey crt = (RSAPrivateCrtKey) key;
        return isPositive(crt.getPrimeP()) && isPositive(crt.getPrimeQ()) && isPositive(crt.getPrimeExponentP())
            && isPositive(crt.getPrimeExponentQ()) && isPositive(crt.getCrtCoefficient());
    }

    private static boolean isPositive(BigInteger value) {
        return value != null && value.signum() > 0;
    }

    /** Garner's CRT with the result checked by {@code m^e mod n}; {@code c^d mod n} is the recomputation. */
    private final class CrtKey implements PreparedKey {
        private final BigInteger n, e, d, p, q, dP, dQ, qInv;
        private final Blinding blinding;

        CrtKey(RSAPrivateCrtKey key, BigInteger e) {
            this.n = gmp.toNative(key.getModulus());
            this.e = gmp.toNative(e);
            this.d = gmp.toNative(key.getPrivateExponent());
            this.p = gmp.toNative(key.getPrimeP());
            this.q = gmp.toNative(key.getPrimeQ());
            this.dP = gmp.toNative(key.getPrimeExponentP());
            this.dQ = gmp.toNative(key.getPrimeExponentQ());
            this.qInv = key.getCrtCoefficient();
            this.blinding = new Blinding(n, () -> Blinding.withPublicExponent(n, e));
        }

        @Override
        public BigInteger modulus() {
            return n;
        }

        @Override
        public BigInteger privateOperation(BigInteger input) {
            Blinding.Pair pair = blinding.acquire();
            BigInteger blinded = pair.blind(input, n);
            BigInteger result = crt(blinded);
            if (!isCorrect(result, blinded)) {
                result = gmp.modPowSecure(blinded, d, n);
                if (!isCorrect(result, blinded)) throw new FaultDetectedException();
            }
            blinding.release(pair);
            return pair.unblind(result, n);
        }

        private BigInteger crt(BigInteger c) {
            BigInteger m1 = gmp.modPowSecure(c, dP, p);
            BigInteger m2 = gmp.modPowSecure(c, dQ, q);
            BigInteger h = m1.subtract(m2).multiply(qInv).mod(p);
            return h.multiply(q).add(m2);
        }

        private boolean isCorrect(BigInteger result, BigInteger input) {
            return result.compareTo(n) < 0 && gmp.modPowPublic(result, e, n).equals(input);
        }
    }

    /**
     * A key with no CRT factors: one exponentiation modulo n. There is no CRT result to check;
     * blinding uses e when the key has it, else a factor r with unblinder (r^d)^-1.
     */
    private final class PlainKey implements PreparedKey {
        private final BigInteger n, d;
        private final Blinding blinding;

        PlainKey(RSAPrivateKey key, BigInteger e) {
            this.n = gmp.toNative(key.getModulus());
            this.d = gmp.toNative(key.getPrivateExponent());
            this.blinding = new Blinding(n, () -> e != null ? Blinding.withPublicExponent(n, e) : pairWithoutExponent());
        }

        private Blinding.Pair pairWithoutExponent() {
            BigInteger r = Blinding.randomUnit(n);
            return new Blinding.Pair(r, gmp.modPowSecure(r, d, n).modInverse(n));
        }

        @Override
        public BigInteger modulus() {
            return n;
        }

        @Override
        public BigInteger privateOperation(BigInteger input) {
            Blinding.Pair pair = blinding.acquire();
            BigInteger result = gmp.modPowSecure(pair.blind(input, n), d, n);
            blinding.release(pair);
            return pair.unblind(result, n);
        }
    }
}
