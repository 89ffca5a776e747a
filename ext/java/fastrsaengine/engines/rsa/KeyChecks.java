package fastrsaengine.engines.rsa;

import fastrsaengine.engines.shared.FaultDetectedException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.concurrent.atomic.LongAdder;

/**
 * Which keys an engine is given, and the guarantee that no private-key result leaves unchecked:
 * the one gate between the patch and every backend.
 *
 * <p>Per key, once, when it is prepared (a few multiplications and reductions):
 * <ul>
 * <li>n odd and at least 3; e odd with 1 &lt; e &lt; n; 0 &lt; d &lt; n. A key that fails is refused,
 *     which leaves it to stock.</li>
 * <li>The CRT numbers are used only when they are n's: p, q &gt; 1, p * q = n, e * dP = 1 mod p - 1,
 *     e * dQ = 1 mod q - 1, and q * qInv = 1 mod p, which also proves p and q coprime. The result
 *     checks modulo p and q prove a result modulo n only under these (p = q would pass p * q = n and
 *     give wrong signatures). Otherwise the key runs as n, e, d.</li>
 * <li>Numbers can pass all of that and still be wrong (p a product of two primes, dP computed for it):
 *     a CRT result that fails its check is computed again as n, e, d, as OpenSSL falls back to d when
 *     its CRT result does not check. Every backend gets this fallback here, so they all agree.</li>
 * <li>A key run as n, e, d is probed once with one private operation, (x^d)^e = x for a random x, so a
 *     d that does not match e (which no per-number check can see without the factors) is refused.</li>
 * </ul>
 * Per operation, every result is checked with e before it leaves: by the backend where its library
 * does it (AWS-LC for CRT keys; the GMP backend's CRT, modulo p and q), else here, m^e = c mod n.
 */
public final class KeyChecks {
    /** Results that failed their check in this JVM: recomputed without CRT, or refused. */
    private static final LongAdder FAILED_CHECKS = new LongAdder();

    private KeyChecks() {
    }

    /** How many results failed their check in this JVM (FastRsaEngine.stats). */
    public static long failedChecks() {
        return FAILED_CHECKS.sum();
    }

    /** A check made outside this class failed (key generation's pairwise check). */
    public static void countFailedCheck() {
        FAILED_CHECKS.increment();
    }

    /**
     * The engine's form of a key, every result checked.
     *
     * @throws InvalidKeyException when the key's numbers are inconsistent: leave it to stock
     */
    public static PreparedKey prepare(RsaEngine engine, RSAPrivateKey key, BigInteger e) throws GeneralSecurityException {
        BigInteger n = key.getModulus(), d = key.getPrivateExponent();
        if (!isUsable(n, e, d)) throw new InvalidKeyException("RSA key numbers out of range");
        if (hasConsistentFactors(key, e)) {
            PreparedKey whole = checked(engine.prepare(key, e), n, e);
            return new CrtKey(SplitCrtKey.orWhole(engine, (RSAPrivateCrtKey) key, e, whole), engine, n, e, d);
        }
        return plain(engine, n, e, d);
    }

    /** The key as n, e, d, every result checked, probed once so that a d that does not match e is refused. */
    private static PreparedKey plain(RsaEngine engine, BigInteger n, BigInteger e, BigInteger d) throws GeneralSecurityException {
        PreparedKey plain = checked(engine.prepare(new PlainPrivateKey(n, d), e), n, e);
        probe(plain, n, e);
        return plain;
    }

    /**
     * The engine's form of a public key, for the public operations: n odd and at least 3, e odd with
     * 1 &lt; e &lt; n, as for private keys; null leaves the key to stock.
     */
    public static PreparedPublicKey preparePublic(RsaEngine engine, RSAPublicKey key) throws GeneralSecurityException {
        BigInteger n = key.getModulus(), e = key.getPublicExponent();
        return isUsable(n, e, BigInteger.ONE) ? engine.preparePublic(key) : null;
    }

    private static boolean isUsable(BigInteger n, BigInteger e, BigInteger d) {
        return n != null && e != null && d != null && n.testBit(0) && n.compareTo(BigInteger.valueOf(3)) >= 0
            && e.testBit(0) && e.compareTo(BigInteger.ONE) > 0 && e.compareTo(n) < 0
            && d.signum() > 0 && d.compareTo(n) < 0;
    }

    private static boolean hasConsistentFactors(RSAPrivateKey key, BigInteger e) {
        if (!(key instanceof RSAPrivateCrtKey)) return false;
        RSAPrivateCrtKey crt = (RSAPrivateCrtKey) key;
        BigInteger p = crt.getPrimeP(), q = crt.getPrimeQ(), dP = crt.getPrimeExponentP(), dQ = crt.getPrimeExponentQ();
        BigInteger qInv = crt.getCrtCoefficient();
        if (p == null || q == null || dP == null || dQ == null || qInv == null) return false;
        if (p.compareTo(BigInteger.ONE) <= 0 || q.compareTo(BigInteger.ONE) <= 0) return false;
        if (!p.multiply(q).equals(key.getModulus())) return false;
        // q * qInv = 1 mod p makes p and q coprime, without which the checks modulo p and q prove nothing mod n.
        return isInverse(q, qInv, p) && isInverse(e, dP, p.subtract(BigInteger.ONE)) && isInverse(e, dQ, q.subtract(BigInteger.ONE));
    }

    /** a * b = 1 mod m, with b reduced (0 < b < m). */
    private static boolean isInverse(BigInteger a, BigInteger b, BigInteger m) {
        return b.signum() > 0 && b.compareTo(m) < 0 && a.multiply(b).mod(m).equals(BigInteger.ONE.mod(m));
    }

    /** The key with every result checked, m^e = c mod n, unless it checks its results itself. */
    static PreparedKey checked(PreparedKey key, BigInteger n, BigInteger e) {
        return key.checksResults() ? key : new CheckedKey(key, n, e);
    }

    /** One private operation on a random unit: a d that does not invert e fails its result check. */
    private static void probe(PreparedKey key, BigInteger n, BigInteger e) throws InvalidKeyException {
        try {
            key.privateOperation(Blinding.randomUnit(n));
        } catch (FaultDetectedException dDoesNotMatchE) {
            throw new InvalidKeyException("RSA private exponent does not match the public exponent");
        }
    }

    /** m^e = c mod n after every operation: e is public, so the JDK's variable-time modPow serves. */
    private static final class CheckedKey implements PreparedKey {
        private final PreparedKey key;
        private final BigInteger n, e;

        CheckedKey(PreparedKey key, BigInteger n, BigInteger e) {
            this.key = key;
            this.n = n;
            this.e = e;
        }

        @Override
        public BigInteger modulus() {
            return n;
        }

        @Override
        public BigInteger privateOperation(BigInteger input) {
            BigInteger result = key.privateOperation(input);
            if (!result.modPow(e, n).equals(input)) {
                FAILED_CHECKS.increment();
                throw new FaultDetectedException();
            }
            return result;
        }

        @Override
        public boolean checksResults() {
            return true;
        }
    }

    /**
     * A CRT key whose result failed its check is run again as n, e, d: the CRT numbers were wrong in a
     * way no per-key check sees, or the computation faulted. The n, e, d form is made on the first
     * failure only (a sound key never needs it), and is itself checked; if it cannot be made, the fault stands.
     */
    private static final class CrtKey implements PreparedKey {
        private final PreparedKey crt;
        private final RsaEngine engine;
        private final BigInteger n, e, d;
        private volatile PreparedKey withoutCrt;

        CrtKey(PreparedKey crt, RsaEngine engine, BigInteger n, BigInteger e, BigInteger d) {
            this.crt = crt;
            this.engine = engine;
            this.n = n;
            this.e = e;
            this.d = d;
        }

        @Override
        public BigInteger modulus() {
            return n;
        }

        @Override
        public boolean checksResults() {
            return true;
        }

        @Override
        public BigInteger privateOperation(BigInteger input) {
            try {
                return crt.privateOperation(input);
            } catch (FaultDetectedException crtResultDidNotCheck) {
                FAILED_CHECKS.increment();
                return withoutCrt(crtResultDidNotCheck).privateOperation(input);
            }
        }

        private PreparedKey withoutCrt(FaultDetectedException fault) {
            PreparedKey key = withoutCrt;
            if (key != null) return key;
            try {
                return withoutCrt = plain(engine, n, e, d);
            } catch (GeneralSecurityException | RuntimeException noSoundForm) {
                throw fault;
            }
        }
    }
}
