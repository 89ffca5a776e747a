package fastrsaengine.engines.ec;

import fastrsaengine.engines.shared.FaultDetectedException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.spec.ECPoint;

/**
 * Which EC keys and points an engine is given, and what is checked of what it answers: the one gate
 * between the EC methods and every EC backend, as {@link fastrsaengine.engines.rsa.KeyChecks KeyChecks} is for RSA.
 *
 * <p>Per key, once, when it is prepared: the scalar in [1, n - 1]; the public point, when the key has
 * one, on the curve and the scalar's: a signature made by the engine with the scalar must verify with
 * the point (a pairwise test, as FIPS 140 asks of new keys; the library's verification, a separate
 * computation from its signing), so a key whose numbers disagree is left to stock. Per peer point, before any ECDH: on the key's curve and not infinity (every curve here has
 * cofactor 1), so an invalid-curve point never reaches the scalar. Per signature: DER of r and s in
 * [1, n - 1], else no output leaves. A signature is not verified after signing: verifying costs about
 * three signatures (the README's figures), where an RSA result's check costs a fortieth of its
 * signature; AWS-LC's own constant-time code and the pairwise test stand in for it.
 */
public final class EcKeyChecks {
    /**
     * The hash the pairwise test signs: any fixed value but zero. With a zero hash the verification
     * reads only r, and -Q verifies what Q does: the test could not tell a point from its negation.
     */
    private static final byte[] PROBE = probe();

    private EcKeyChecks() {
    }

    /** The pairwise test's hash, for a signer outside the engines that tests its keys alike. */
    public static byte[] probeHash() {
        return PROBE.clone();
    }

    private static byte[] probe() {
        byte[] probe = new byte[32];
        for (int i = 0; i < probe.length; i++) probe[i] = (byte) (i + 1);
        return probe;
    }

    /**
     * The engine's form of a private key.
     *
     * @param publicPoint the key's public point, or null when it has none
     * @throws InvalidKeyException when the numbers are out of range or disagree: leave the key to stock
     */
    public static PreparedEcKey prepare(EcEngine engine, EcCurve curve, BigInteger scalar, ECPoint publicPoint) throws GeneralSecurityException {
        if (scalar.signum() <= 0 || scalar.compareTo(curve.order()) >= 0) throw new InvalidKeyException("EC private key out of range");
        if (publicPoint != null && !curve.contains(publicPoint)) throw new InvalidKeyException("EC public point not on the curve");
        PreparedEcKey key = checked(engine.prepare(curve, scalar, publicPoint), curve);
        if (publicPoint != null && !engine.preparePublic(curve, publicPoint).verifyHash(PROBE, key.signHash(PROBE))) {
            throw new InvalidKeyException("EC public point is not the private key's");
        }
        return key;
    }

    /** The engine's form of a public key; the point must be on the curve. */
    public static PreparedEcPublicKey preparePublic(EcEngine engine, EcCurve curve, ECPoint point) throws GeneralSecurityException {
        if (!curve.contains(point)) throw new InvalidKeyException("EC public point not on the curve");
        return engine.preparePublic(curve, point);
    }

    /**
     * The public point of a private key loaded without one, as OpenSSL computes it when it loads such a
     * key: the x coordinate of the scalar times the generator by the engine's own (constant-time) ECDH,
     * and of the two points with that x, the one the key's signature verifies with.
     *
     * @throws InvalidKeyException when neither verifies: leave the key to stock
     */
    public static ECPoint publicPoint(EcEngine engine, EcCurve curve, PreparedEcKey key) throws GeneralSecurityException {
        byte[] signature = key.signHash(PROBE);
        for (ECPoint candidate : curve.pointsWithX(key.agree(curve.generator()))) {
            if (engine.preparePublic(curve, candidate).verifyHash(PROBE, signature)) return candidate;
        }
        throw new InvalidKeyException("EC private key has no public point");
    }

    /** The prepared key, with every signature's form checked and every peer point checked first. */
    private static PreparedEcKey checked(PreparedEcKey key, EcCurve curve) {
        return new PreparedEcKey() {
            @Override
            public byte[] signHash(byte[] hash) {
                byte[] signature = key.signHash(hash);
                if (EcSignatures.decode(curve, signature) == null) throw new FaultDetectedException("EC signature failed its check");
                return signature;
            }

            @Override
            public byte[] agree(ECPoint peer) {
                if (!curve.contains(peer)) throw new IllegalArgumentException("EC peer point not on the curve");
                byte[] secret = key.agree(peer);
                if (secret.length != curve.fieldLength()) throw new FaultDetectedException("ECDH secret failed its check");
                return secret;
            }

        };
    }
}
