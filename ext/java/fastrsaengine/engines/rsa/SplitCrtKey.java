package fastrsaengine.engines.rsa;

import fastrsaengine.engines.shared.FaultDetectedException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.RSAPublicKeySpec;

/**
 * A CRT key whose two halves run at once on two cores: the split. A CRT private-key operation is two
 * independent exponentiations, {@code c^dP mod p} and {@code c^dQ mod q}, each about half of the work;
 * a helper thread ({@link HelperThreads}) takes one while the calling thread computes the other, so one
 * signature takes a little over half of one core's time.
 *
 * <p>Per operation, with {@code c} the input:
 * <ol>
 * <li>Reduce and hand over: {@code c_q = c mod q} goes to a helper, which computes
 *     {@code m_q = c_q^dQ mod q}; the caller computes {@code m_p = (c mod p)^dP mod p}.</li>
 * <li>Each half blinded modulo its prime ({@link BlindedKey}): {@code c_p * r_p^e mod p} is what the
 *     half's exponentiation sees, and its result times {@code r_p^-1}, since {@code e * dP = 1 mod p-1}
 *     makes {@code (r_p^e)^dP = r_p}. With r_p and r_q uniform modulo their primes this is blinding at
 *     n by {@code r^e} for the r that is r_p modulo p and r_q modulo q (CRT), so each half sees exactly
 *     what it would see blinded at n, as the GMP backend's CRT key does; done in the halves, every
 *     multiplication is half-size and runs on both cores at once. The backend's raw half does not
 *     blind (AWS-LC does not for a key without e; libgmp's mpz_powm_sec never does).</li>
 * <li>Join with Garner: {@code m = m_q + q * ((m_p - m_q) * qInv mod p)}, the unique value below n that
 *     is m_p modulo p and m_q modulo q; so {@code m = c^d mod n}.</li>
 * <li>Check with e: {@code m^e = c mod n}, by the backend's own public operation (else modulo p and
 *     modulo q, which with p and q coprime and {@code p * q = n} ({@link KeyChecks}) is the same). A
 *     fault in either half, its blinding or Garner makes m wrong modulo at least one prime, and the
 *     Bellcore attack needs exactly one such result; it is refused ({@link FaultDetectedException}),
 *     and {@link KeyChecks} computes the answer again as n, e, d, as for every CRT result that fails
 *     its check.</li>
 * </ol>
 * When the split is off, no core is free, no helper is idle ({@link Split}) or splitting has lately
 * been the slower way for this key ({@link SplitChoice}), the operation is the backend's own whole CRT
 * key, exactly as without the split.
 */
final class SplitCrtKey implements PreparedKey {
    private final PreparedKey whole;
    private final PreparedKey halfP, halfQ;
    /** The backend's own m^e mod n, for the check; null where it has none (the JDK's arithmetic checks). */
    private final PreparedPublicKey verifier;
    private final BigInteger n, e, p, q, qInv;
    private final SplitChoice choice = new SplitChoice();

    private SplitCrtKey(PreparedKey whole, PreparedKey halfP, PreparedKey halfQ, PreparedPublicKey verifier, RSAPrivateCrtKey key, BigInteger e) {
        this.whole = whole;
        this.halfP = new BlindedKey(halfP, e);
        this.halfQ = new BlindedKey(halfQ, e);
        this.verifier = verifier;
        this.n = key.getModulus();
        this.e = e;
        this.p = key.getPrimeP();
        this.q = key.getPrimeQ();
        this.qInv = key.getCrtCoefficient();
    }

    /**
     * The key split where the split takes it (its size, a backend with halves), else {@code whole}.
     *
     * @param key CRT numbers {@link KeyChecks} found consistent
     * @param whole the backend's own CRT key, every result checked, for calls that do not split
     */
    static PreparedKey orWhole(RsaEngine engine, RSAPrivateCrtKey key, BigInteger e, PreparedKey whole) throws GeneralSecurityException {
        if (!Split.takes(key.getModulus())) return whole;
        PreparedKey halfP = engine.prepareHalf(key.getPrimeP(), key.getPrimeExponentP());
        PreparedKey halfQ = engine.prepareHalf(key.getPrimeQ(), key.getPrimeExponentQ());
        if (halfP == null || halfQ == null) return whole;
        RSAPublicKey publicKey = (RSAPublicKey) KeyFactory.getInstance("RSA").generatePublic(new RSAPublicKeySpec(key.getModulus(), e));
        return new SplitCrtKey(whole, halfP, halfQ, engine.preparePublic(publicKey), key, e);
    }

    @Override
    public BigInteger modulus() {
        return n;
    }

    @Override
    public boolean checksResults() {
        return true;
    }

    /**
     * Split when on, a core free and splitting the faster way lately ({@link SplitChoice}); each call
     * with a core free is timed, for that choice, when it went the way chosen.
     */
    @Override
    public BigInteger privateOperation(BigInteger input) {
        boolean allowed = Split.enter(); // on, and a core free
        boolean chosen = allowed && choice.splitNext();
        boolean split = chosen; // a fault caught in a split call counts as split
        try {
            if (!allowed) return whole.privateOperation(input);
            long start = System.nanoTime();
            BigInteger result = chosen ? split(input) : null;
            split = result != null;
            if (!split) result = whole.privateOperation(input);
            if (split == chosen) choice.record(split, System.nanoTime() - start);
            return result;
        } finally {
            Split.leave(split);
        }
    }

    /** The operation on two threads; null when no helper was idle after all. */
    private BigInteger split(BigInteger input) {
        HelperThreads.Handoff other = HelperThreads.offer(() -> halfQ.privateOperation(input.mod(q)));
        if (other == null) return null;
        BigInteger mP;
        try {
            mP = halfP.privateOperation(input.mod(p));
        } catch (RuntimeException failed) {
            other.cancel();
            throw failed;
        }
        BigInteger result = recombine(mP, other.join());
        if (!isCorrect(result, input)) throw new FaultDetectedException();
        return result;
    }

    /** Garner: the value below n that is mP modulo p and mQ modulo q. */
    private BigInteger recombine(BigInteger mP, BigInteger mQ) {
        return mP.subtract(mQ).multiply(qInv).mod(p).multiply(q).add(mQ);
    }

    /**
     * m^e = c: by the backend's public operation where it has one (a tenth of RSA-2048's split operation
     * in the JDK's arithmetic, measured, against a fraction of that natively), else modulo p and modulo q
     * in the JDK's (e is public: its variable-time modPow serves).
     */
    private boolean isCorrect(BigInteger result, BigInteger input) {
        if (result.compareTo(n) >= 0) return false;
        if (verifier != null) return verifier.publicOperation(result).equals(input);
        return result.mod(p).modPow(e, p).equals(input.mod(p)) && result.mod(q).modPow(e, q).equals(input.mod(q));
    }
}
