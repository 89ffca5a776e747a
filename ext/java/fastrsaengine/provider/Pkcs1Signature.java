package fastrsaengine.provider;

import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SignatureException;
import java.security.SignatureSpi;
import org.bouncycastle.crypto.Digest;

/**
 * SHA-1/224/256/384/512 with RSA, PKCS#1 v1.5: the message is hashed as it streams in; the padding
 * layer pads the DigestInfo and the engine signs it, or verifies a signature as OpenSSL does (exactly
 * k bytes opening to exactly the DigestInfo).
 */
final class Pkcs1Signature extends SignatureSpi {
    private final EngineSource source;
    private final DigestAlgorithm algorithm;
    private final Digest digest;
    private ProviderKeys.Prepared<PrivateKeyOperations> signing;
    private ProviderKeys.Prepared<PublicKeyOperations> verifying;

    Pkcs1Signature(EngineSource source, DigestAlgorithm algorithm) {
        this.source = source;
        this.algorithm = algorithm;
        this.digest = algorithm.newDigest();
    }

    @Override
    protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
        signing = ProviderKeys.privateKey(source, key);
        if (!signing.operations.fitsPkcs1(algorithm.digestInfoLength())) throw new InvalidKeyException("RSA key too small for the digest");
        verifying = null;
        digest.reset();
    }

    @Override
    protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
        verifying = ProviderKeys.publicKey(source, key);
        signing = null;
        digest.reset();
    }

    @Override
    protected void engineUpdate(byte b) {
        digest.update(b);
    }

    @Override
    protected void engineUpdate(byte[] data, int offset, int length) {
        digest.update(data, offset, length);
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
        if (signing == null) throw new SignatureException("not initialized for signing");
        byte[] digestInfo = algorithm.digestInfo(hash());
        return Operations.run(source, "sign", signing.byEngine, () -> signing.operations.signDigestInfo(digestInfo), SignatureException::new);
    }

    @Override
    protected boolean engineVerify(byte[] signature) throws SignatureException {
        if (verifying == null) throw new SignatureException("not initialized for verification");
        byte[] hash = hash();
        return Operations.run(source, "verify", verifying.byEngine, () -> verifying.operations.verifyPkcs1Hash(algorithm, signature, hash),
            SignatureException::new);
    }

    private byte[] hash() {
        byte[] hash = new byte[digest.getDigestSize()];
        digest.doFinal(hash, 0);
        return hash;
    }

    @Override
    @Deprecated
    protected void engineSetParameter(String param, Object value) {
        throw new InvalidParameterException("no parameters");
    }

    @Override
    @Deprecated
    protected Object engineGetParameter(String param) {
        throw new InvalidParameterException("no parameters");
    }
}
