package fastrsaengine.engines.rsa;

import fastrsaengine.engines.shared.FaultDetectedException;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicReference;

/**
 * RSA base blinding: the secret exponentiation sees {@code input * factor mod n}, never the
 * caller's input, and its result is multiplied by {@code unblinder = (factor^d)^-1 mod n}.
 *
 * <p>Each pair serves one operation. The next pair is the square of the last, as OpenSSL's
 * BN_BLINDING_update does, which costs two multiplications instead of a fresh exponentiation
 * and inversion; every {@value #USES_BEFORE_REFRESH} uses a fresh random pair is drawn. The spare
 * pair is handed over lock-free: a thread that finds none makes its own. Public for backends
 * in other packages, and for the specs that check its arithmetic.
 */
public final class Blinding {

    /** Makes a fresh random pair for one key. */
    public interface PairSource {
        Pair freshPair();
    }

    public static final class Pair {
        public final BigInteger factor;
        public final BigInteger unblinder;
        private final int uses;

        public Pair(BigInteger factor, BigInteger unblinder) {
            this(factor, unblinder, 0);
        }

        private Pair(BigInteger factor, BigInteger unblinder, int uses) {
            this.factor = factor;
            this.unblinder = unblinder;
            this.uses = uses;
        }

        public BigInteger blind(BigInteger input, BigInteger modulus) {
            return input.multiply(factor).mod(modulus);
        }

        public BigInteger unblind(BigInteger output, BigInteger modulus) {
            return output.multiply(unblinder).mod(modulus);
        }

        Pair squared(BigInteger modulus) {
            return new Pair(factor.multiply(factor).mod(modulus), unblinder.multiply(unblinder).mod(modulus), uses + 1);
        }
    }

    private static final int USES_BEFORE_REFRESH = 32;
    private static final int MAX_DRAWS = 128;
    private static final ThreadLocal<SecureRandom> RANDOM = ThreadLocal.withInitial(SecureRandom::new);

    private final BigInteger modulus;
    private final PairSource source;
    private final AtomicReference<Pair> spare = new AtomicReference<>();

    public Blinding(BigInteger modulus, PairSource source) {
        this.modulus = modulus;
        this.source = source;
    }

    /** A pair for one operation; hand it back with {@link #release} when done. */
    public Pair acquire() {
        Pair pair = spare.getAndSet(null);
        return pair != null ? pair : source.freshPair();
    }

    public void release(Pair used) {
        if (used.uses + 1 < USES_BEFORE_REFRESH) spare.set(used.squared(modulus));
    }

    /**
     * A uniformly random unit modulo n, for a fresh pair. For an RSA modulus nearly every draw is one;
     * the bound keeps a crafted modulus (1, or one with tiny factors) from looping forever.
     */
    public static BigInteger randomUnit(BigInteger modulus) {
        SecureRandom random = RANDOM.get();
        for (int attempt = 0; attempt < MAX_DRAWS; attempt++) {
            BigInteger r = new BigInteger(modulus.bitLength(), random);
            if (r.signum() > 0 && r.compareTo(modulus) < 0 && r.gcd(modulus).equals(BigInteger.ONE)) return r;
        }
        throw new FaultDetectedException();
    }

    /** The usual pair when e is known: factor r^e, unblinder r^-1, since (r^e)^d = r. */
    public static Pair withPublicExponent(BigInteger modulus, BigInteger publicExponent) {
        BigInteger r = randomUnit(modulus);
        return new Pair(r.modPow(publicExponent, modulus), r.modInverse(modulus));
    }
}
