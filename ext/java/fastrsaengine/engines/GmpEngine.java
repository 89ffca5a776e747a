package fastrsaengine.engines;

import fastrsaengine.engines.rsa.BlindedKey;
import fastrsaengine.engines.rsa.Blinding;
import fastrsaengine.engines.rsa.KeyChecks;
import fastrsaengine.engines.rsa.PreparedKey;
import fastrsaengine.engines.rsa.PreparedPublicKey;
import fastrsaengine.engines.rsa.RsaEngine;
import fastrsaengine.engines.shared.FaultDetectedException;
import java.math.BigInteger;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The GMP backend: libgmp's constant-time {@code mpz_powm_sec} through jnagmp, the design of
 * Square's bouncycastle-rsa. CRT when the key has its factors, {@code c^d mod n} (blinded by
 * {@link BlindedKey}) when it has only {@code n, e, d}; blinding on every operation; every CRT
 * result checked with e.
 */
final class GmpEngine implements RsaEngine {
    /** The name users select it by: {@code FastRsaEngine.backend = :gmp}. */
    static final String NAME = "gmp";


    private final GmpLibrary gmp;

    private GmpEngine(GmpLibrary gmp) {
        this.gmp = gmp;
    }

    static RsaEngine load(BackendContext context) throws Exception {
        return new GmpEngine(GmpLibrary.load(context.jar("jnagmp"), context.jar("jna"), context.parentLoader()));
    }

    @Override
    public String name() {
        return NAME;
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

    /** CRT for a key with CRT numbers ({@link KeyChecks} passes only consistent ones), else {@code c^d mod n}. */
    @Override
    public PreparedKey prepare(RSAPrivateKey key, BigInteger e) {
        if (key instanceof RSAPrivateCrtKey) return new CrtKey((RSAPrivateCrtKey) key, e);
        // c^d mod n in constant time, blinded here: libgmp does not blind.
        BigInteger n = gmp.toNative(key.getModulus()), d = gmp.toNative(key.getPrivateExponent());
        return new BlindedKey(PreparedKey.of(n, input -> gmp.modPowSecure(input, d, n)), e);
    }

    /** mpz_powm_sec, libgmp's constant-time exponentiation, neither blinded nor checked: {@link fastrsaengine.engines.rsa.SplitCrtKey} does both. */
    @Override
    public PreparedKey prepareHalf(BigInteger prime, BigInteger exponent) {
        BigInteger nativePrime = gmp.toNative(prime), nativeExponent = gmp.toNative(exponent);
        return PreparedKey.of(nativePrime, input -> gmp.modPowSecure(input, nativeExponent, nativePrime));
    }

    /** libgmp's mpz_powm for s^e mod n: e is public, so the faster, variable-time powm serves. */
    @Override
    public PreparedPublicKey preparePublic(RSAPublicKey publicKey) {
        BigInteger n = gmp.toNative(publicKey.getModulus());
        BigInteger e = gmp.toNative(publicKey.getPublicExponent());
        return PreparedPublicKey.of(n, e, input -> gmp.modPowPublic(input, e, n));
    }

    /**
     * Garner's CRT, blinded and checked in the two halves: the input is blinded modulo p and modulo q
     * separately (r^e mod p, then r^-1 mod p, which works since e * dP = 1 mod p-1), so every
     * multiplication is half-size; and the result m is checked by m^e = c modulo p and modulo q,
     * which, with p * q = n and p, q coprime ({@link KeyChecks}), is the check m^e = c modulo n at a
     * quarter of the cost. A result that fails is refused ({@link FaultDetectedException}), and
     * {@link KeyChecks} computes it again without CRT, as for every backend.
     */
    private final class CrtKey implements PreparedKey {
        private final BigInteger n, e, p, q, dP, dQ, qInv;
        private final Blinding blindingP, blindingQ;

        CrtKey(RSAPrivateCrtKey key, BigInteger e) {
            this.n = key.getModulus();
            this.e = gmp.toNative(e);
            this.p = gmp.toNative(key.getPrimeP());
            this.q = gmp.toNative(key.getPrimeQ());
            this.dP = gmp.toNative(key.getPrimeExponentP());
            this.dQ = gmp.toNative(key.getPrimeExponentQ());
            this.qInv = key.getCrtCoefficient();
            this.blindingP = new Blinding(p, () -> Blinding.withPublicExponent(p, e));
            this.blindingQ = new Blinding(q, () -> Blinding.withPublicExponent(q, e));
        }

        @Override
        public BigInteger modulus() {
            return n;
        }

        @Override
        public BigInteger privateOperation(BigInteger input) {
            BigInteger cP = input.mod(p);
            BigInteger cQ = input.mod(q);
            BigInteger result = recombine(half(blindingP, cP, dP, p), half(blindingQ, cQ, dQ, q));
            if (!isCorrect(result, cP, cQ)) throw new FaultDetectedException();
            return result;
        }

        /** {@code c^dP mod p}, blinded. */
        private BigInteger half(Blinding blinding, BigInteger c, BigInteger exponent, BigInteger prime) {
            Blinding.Pair pair = blinding.acquire();
            BigInteger result = pair.unblind(gmp.modPowSecure(pair.blind(c, prime), exponent, prime), prime);
            blinding.release(pair);
            return result;
        }

        private BigInteger recombine(BigInteger mP, BigInteger mQ) {
            BigInteger h = mP.subtract(mQ).multiply(qInv).mod(p);
            return h.multiply(q).add(mQ);
        }

        @Override
        public boolean checksResults() {
            return true;
        }

        private boolean isCorrect(BigInteger result, BigInteger cP, BigInteger cQ) {
            return result.compareTo(n) < 0
                && gmp.modPowPublic(result.mod(p), e, p).equals(cP)
                && gmp.modPowPublic(result.mod(q), e, q).equals(cQ);
        }
    }
}
