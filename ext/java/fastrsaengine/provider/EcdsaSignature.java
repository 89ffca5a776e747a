package fastrsaengine.provider;

import fastrsaengine.engines.ec.PreparedEcKey;
import fastrsaengine.padding.DigestAlgorithm;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.SignatureException;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.AlgorithmParameterSpec;
import org.bouncycastle.crypto.Digest;

/**
 * SHA*withECDSA, signatures DER-encoded as SunEC writes them (TLS's ecdsa_secp256r1_sha256 and
 * TLS 1.2's ECDHE-ECDSA among them). SunEC's own object of the same algorithm, its twin, takes
 * every call first, so each key and parameter is checked, and refused, as SunEC alone does; for a
 * private key the source claims, the message is then hashed here and the engine signs the hash
 * (its library's nonce, constant-time arithmetic, the signature's form checked by EcKeyChecks).
 * Everything else (verification, keys the source does not claim) is the twin's computation.
 */
final class EcdsaSignature extends TwinnedSignature {
    private final EngineSource source;
    private final Digest digest;
    /** The engine's key while a claimed key is initialised for signing; null while the twin computes. */
    private PreparedEcKey signing;

    EcdsaSignature(EngineSource source, String algorithm, DigestAlgorithm digestAlgorithm) {
        super(JdkServices.EC_SIGNATURES, algorithm);
        this.source = source;
        this.digest = digestAlgorithm.newDigest();
    }

    @Override
    protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
        engineInitSign(key, null);
    }

    @Override
    protected void engineInitSign(PrivateKey key, SecureRandom random) throws InvalidKeyException {
        signing = null;
        if (random == null) jdk.initSign(key);
        else jdk.initSign(key, random);
        if (key instanceof ECPrivateKey && source.claims(key)) signing = source.ecKey((ECPrivateKey) key);
        digest.reset();
    }

    @Override
    protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
        signing = null;
        jdk.initVerify(key);
    }

    @Override
    protected void engineUpdate(byte b) throws SignatureException {
        engineUpdate(new byte[] {b}, 0, 1);
    }

    @Override
    protected void engineUpdate(byte[] data, int offset, int length) throws SignatureException {
        if (signing == null) jdk.update(data, offset, length);
        else digest.update(data, offset, length);
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
        if (signing == null) return jdk.sign();
        byte[] hash = new byte[digest.getDigestSize()];
        digest.doFinal(hash, 0);
        byte[] signature;
        try {
            signature = signing.signHash(hash);
        } catch (RuntimeException failedItsCheck) {
            throw new SignatureException("the engine's ECDSA signature failed its check", failedItsCheck);
        }
        source.count("ec_sign", true);
        return signature;
    }

    @Override
    protected boolean engineVerify(byte[] signature) throws SignatureException {
        return jdk.verify(signature);
    }

    /** SunEC's: it takes only its key's curve, which changes nothing the engine's side computes. */
    @Override
    protected void engineSetParameter(AlgorithmParameterSpec parameters) throws InvalidAlgorithmParameterException {
        jdk.setParameter(parameters);
    }
}
