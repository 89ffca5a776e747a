package fastrsaengine.engines.ec;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.spec.ECPoint;

/**
 * The seam between the Ruby-facing EC methods and a native library, as {@link fastrsaengine.engines.rsa.RsaEngine RsaEngine} is for
 * RSA: a backend turns a key into its own form once, and the prepared key does ECDSA on a hash and
 * ECDH on a point. Digests, DER of signatures and Ruby errors live above it. Called through
 * {@link EcKeyChecks} only, which hands over numbers it has checked and checks what comes back.
 */
public interface EcEngine {

    /**
     * Converts a private key once into the backend's own form.
     *
     * @param scalar the private key, in [1, n - 1]
     * @param publicPoint the key's public point, or null when the key has none; EcKeyChecks proves it is scalar * G
     */
    PreparedEcKey prepare(EcCurve curve, BigInteger scalar, ECPoint publicPoint) throws GeneralSecurityException;

    /** Converts a public key once into the backend's own form; the point is on the curve. */
    PreparedEcPublicKey preparePublic(EcCurve curve, ECPoint point) throws GeneralSecurityException;

    /**
     * A new key pair on the curve from the backend's library, whose private key encodes as PKCS#8
     * naming the curve and holding the public point (RFC 5915), as EC#to_der would write it; null,
     * the default, leaves key generation to stock (as does a key encoded otherwise).
     */
    default KeyPair generateKeyPair(EcCurve curve) throws GeneralSecurityException {
        return null;
    }
}
