package fastrsaengine.provider;

import fastrsaengine.engines.ec.EcCurve;
import fastrsaengine.engines.ec.PreparedEcKey;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KeyAgreement;
import javax.crypto.KeyAgreementSpi;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;

/**
 * KeyAgreement "ECDH" and "XDH" of the TLS provider, for the key shares {@link KeyShareGenerator}
 * made for a handshake (the only keys the source claims here): ECDH by the engine, X25519 by
 * {@link KeyShares}; the peer's point is checked first (on the key's curve; not of small order),
 * and refused with InvalidKeyException, as SunEC refuses it. Any other key (the JCA's first choice
 * of provider before a key is known, a key not made here) is SunEC's own object's, the twin's, whole.
 */
final class KeyShareAgreement extends KeyAgreementSpi {
    private final EngineSource source;
    private final KeyAgreement jdk;
    private final boolean xdh;
    /** While a key share is initialised: the engine's EC key, or the X25519 scalar; both null while the twin computes. */
    private PreparedEcKey ecKey;
    private EcCurve curve;
    private byte[] scalar;
    private byte[] secret;

    KeyShareAgreement(EngineSource source, String algorithm) {
        this.source = source;
        this.xdh = "XDH".equals(algorithm);
        this.jdk = JdkServices.twin(KeyAgreement::getInstance, JdkServices.EC_SIGNATURES, algorithm);
    }

    @Override
    protected void engineInit(Key key, SecureRandom random) throws InvalidKeyException {
        jdk.init(key, random);
        take(key);
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec parameters, SecureRandom random) throws InvalidKeyException, InvalidAlgorithmParameterException {
        jdk.init(key, parameters, random);
        take(key);
    }

    /** A key share the source claims, once the twin took the key: computed here from then on. */
    private void take(Key key) {
        ecKey = null;
        curve = null;
        scalar = null;
        secret = null;
        if (!(key instanceof PrivateKey) || !source.claims(key)) return;
        if (xdh) {
            scalar = KeyShares.x25519Scalar((PrivateKey) key);
        } else if (key instanceof ECPrivateKey) {
            ecKey = source.ecKey((ECPrivateKey) key);
            curve = ecKey == null ? null : EcCurve.of(((ECPrivateKey) key).getParams());
        }
    }

    private boolean twinComputes() {
        return ecKey == null && scalar == null;
    }

    @Override
    protected Key engineDoPhase(Key key, boolean lastPhase) throws InvalidKeyException {
        if (twinComputes()) return jdk.doPhase(key, lastPhase);
        if (!lastPhase) throw new IllegalStateException("Only two party agreement supported, lastPhase must be true");
        if (secret != null) throw new IllegalStateException("Phase already executed");
        secret = xdh ? x25519Secret(key) : ecdhSecret(key);
        source.count("key_agreement", true);
        return null;
    }

    private byte[] x25519Secret(Key key) throws InvalidKeyException {
        byte[] u = key instanceof PublicKey ? KeyShares.x25519U((PublicKey) key) : null;
        if (u == null) throw new InvalidKeyException("Unsupported key type");
        byte[] shared = KeyShares.x25519Agreement(scalar, u);
        if (shared == null) throw new InvalidKeyException("Point has small order");
        return shared;
    }

    private byte[] ecdhSecret(Key key) throws InvalidKeyException {
        if (!(key instanceof ECPublicKey)) throw new InvalidKeyException("Key must be a PublicKey with algorithm EC");
        ECPublicKey peer = (ECPublicKey) key;
        if (EcCurve.of(peer.getParams()) != curve || !curve.contains(peer.getW())) throw new InvalidKeyException("Public key must be on the private key's curve");
        return ecKey.agree(peer.getW());
    }

    @Override
    protected byte[] engineGenerateSecret() {
        if (twinComputes()) return jdk.generateSecret();
        if (secret == null) throw new IllegalStateException("Not initialized correctly");
        byte[] result = secret;
        secret = null; // as SunEC's: the next secret needs a phase again
        return result;
    }

    @Override
    protected int engineGenerateSecret(byte[] sharedSecret, int offset) throws ShortBufferException {
        if (twinComputes()) return jdk.generateSecret(sharedSecret, offset);
        if (secret != null && sharedSecret.length - offset < secret.length) throw new ShortBufferException("Need " + secret.length + " bytes, only " + (sharedSecret.length - offset) + " available");
        byte[] result = engineGenerateSecret();
        System.arraycopy(result, 0, sharedSecret, offset, result.length);
        return result.length;
    }

    @Override
    protected SecretKey engineGenerateSecret(String algorithm) throws NoSuchAlgorithmException, InvalidKeyException {
        if (twinComputes()) return jdk.generateSecret(algorithm);
        if (algorithm == null) throw new NoSuchAlgorithmException("Algorithm must not be null");
        return new SecretKeySpec(engineGenerateSecret(), algorithm);
    }
}
