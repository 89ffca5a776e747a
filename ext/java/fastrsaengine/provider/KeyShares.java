package fastrsaengine.provider;

import fastrsaengine.engines.ec.EcCurve;
import fastrsaengine.engines.ec.EcEngine;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.bouncycastle.math.ec.rfc7748.X25519;

/**
 * The key exchange of a TLS handshake, as the TLS provider computes it for JSSE's ephemeral keys:
 * an EC share (P-256, P-384, P-521) by the engine (AWS-LC's keys and ECDH), and X25519, which no
 * backend's library offers through Java here (ACCP 2.5.0 has no XDH), by Bouncy Castle's
 * constant-time X25519 (jruby-openssl's own Bouncy Castle), several times faster than SunEC's. X25519's
 * keys are SunEC's own (made from their encodings by its KeyFactory), so JSSE and the JDK read them as
 * ever. The forms here are RFC 8410's: PKCS#8 and SubjectPublicKeyInfo of id-X25519, the scalar and
 * the u coordinate little-endian, as SunEC encodes them.
 */
final class KeyShares {
    /** id-X25519's PKCS#8 before the 32-byte scalar, and its SubjectPublicKeyInfo before the 32-byte u. */
    private static final byte[] X25519_PRIVATE_PREFIX = hex("302e020100300506032b656e04220420");
    private static final byte[] X25519_PUBLIC_PREFIX = hex("302a300506032b656e032100");
    static final int X25519_LENGTH = 32;

    /** The JDK's X25519 parameters (NamedParameterSpec.X25519, Java 11 and later), which JSSE passes; null on Java 8. */
    private static final AlgorithmParameterSpec X25519_PARAMETERS = jdkX25519Parameters();

    private static final Map<String, EcCurve> CURVES_BY_NAME = new ConcurrentHashMap<>();

    private KeyShares() {
    }

    /** Whether these are the parameters JSSE asks an XDH generator for X25519 with. */
    static boolean isX25519(AlgorithmParameterSpec parameters) {
        return parameters != null && parameters == X25519_PARAMETERS;
    }

    /** The curve of EC generator parameters, where the gem knows it; null otherwise. */
    static EcCurve curveOf(AlgorithmParameterSpec parameters) {
        if (parameters instanceof ECParameterSpec) return EcCurve.of((ECParameterSpec) parameters);
        if (!(parameters instanceof ECGenParameterSpec)) return null;
        String name = ((ECGenParameterSpec) parameters).getName();
        return CURVES_BY_NAME.computeIfAbsent(name, KeyShares::curveNamed);
    }

    private static EcCurve curveNamed(String name) {
        try {
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC", JdkServices.provider(JdkServices.EC_SIGNATURES));
            parameters.init(new ECGenParameterSpec(name));
            return EcCurve.of(parameters.getParameterSpec(ECParameterSpec.class));
        } catch (GeneralSecurityException unknownToSunEc) {
            return null; // SunEC's generator, which took the name, computes
        }
    }

    /** An EC key pair by the engine, or null where it has none for the curve. */
    static KeyPair ec(EcEngine engine, EcCurve curve) throws GeneralSecurityException {
        return engine == null ? null : engine.generateKeyPair(curve);
    }

    /** An X25519 key pair as SunEC makes one: 32 random bytes from the caller's randomness, clamped only when used. */
    static KeyPair x25519(SecureRandom random) throws GeneralSecurityException {
        byte[] scalar = new byte[X25519_LENGTH];
        (random == null ? new SecureRandom() : random).nextBytes(scalar);
        byte[] u = new byte[X25519_LENGTH];
        X25519.scalarMultBase(scalar, 0, u, 0);
        KeyFactory factory = KeyFactory.getInstance("XDH", JdkServices.provider(JdkServices.EC_SIGNATURES));
        PrivateKey privateKey = factory.generatePrivate(new PKCS8EncodedKeySpec(concat(X25519_PRIVATE_PREFIX, scalar)));
        PublicKey publicKey = factory.generatePublic(new X509EncodedKeySpec(concat(X25519_PUBLIC_PREFIX, u)));
        Arrays.fill(scalar, (byte) 0);
        return new KeyPair(publicKey, privateKey);
    }

    /** An X25519 private key's scalar, read from its PKCS#8; null for any other key. */
    static byte[] x25519Scalar(PrivateKey key) {
        return tail(key.getEncoded(), X25519_PRIVATE_PREFIX);
    }

    /** An X25519 public key's u coordinate, read from its SubjectPublicKeyInfo; null for any other key. */
    static byte[] x25519U(PublicKey key) {
        return tail(key.getEncoded(), X25519_PUBLIC_PREFIX);
    }

    /**
     * X25519's shared secret, or null where it is all zeros (a peer's point of small order), which
     * SunEC refuses and so does the caller.
     */
    static byte[] x25519Agreement(byte[] scalar, byte[] u) {
        byte[] secret = new byte[X25519_LENGTH];
        return X25519.calculateAgreement(scalar, 0, u, 0, secret, 0) ? secret : null;
    }

    private static byte[] tail(byte[] encoded, byte[] prefix) {
        if (encoded == null || encoded.length != prefix.length + X25519_LENGTH) return null;
        for (int i = 0; i < prefix.length; i++) if (encoded[i] != prefix[i]) return null;
        return Arrays.copyOfRange(encoded, prefix.length, encoded.length);
    }

    private static byte[] concat(byte[] prefix, byte[] value) {
        byte[] joined = Arrays.copyOf(prefix, prefix.length + value.length);
        System.arraycopy(value, 0, joined, prefix.length, value.length);
        return joined;
    }

    private static AlgorithmParameterSpec jdkX25519Parameters() {
        try {
            return (AlgorithmParameterSpec) Class.forName("java.security.spec.NamedParameterSpec").getField("X25519").get(null);
        } catch (ReflectiveOperationException java8) {
            return null; // no XDH before Java 11: JSSE never asks
        }
    }

    private static byte[] hex(String digits) {
        byte[] bytes = new byte[digits.length() / 2];
        for (int i = 0; i < bytes.length; i++) bytes[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
        return bytes;
    }
}
