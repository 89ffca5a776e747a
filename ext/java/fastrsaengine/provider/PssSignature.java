package fastrsaengine.provider;

import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import org.bouncycastle.crypto.Digest;

/**
 * RSASSA-PSS, its parameters given as a PSSParameterSpec (MGF1, trailer 1), as the JDK's takes them
 * (TLS 1.3's rsa_pss_rsae_* signatures among them): the message is hashed as it streams in, then the
 * padding layer encodes the hash and the engine signs it; verification reads the salt length given.
 */
final class PssSignature extends SignatureSpi {
    private final EngineSource source;
    private PSSParameterSpec spec;
    private DigestAlgorithm digestAlgorithm, mgf1;
    private Digest digest;
    private ProviderKeys.Prepared<PrivateKeyOperations> signing;
    private ProviderKeys.Prepared<PublicKeyOperations> verifying;

    PssSignature(EngineSource source) {
        this.source = source;
    }

    @Override
    protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
        signing = ProviderKeys.privateKey(source, key);
        verifying = null;
        if (digest != null) digest.reset();
    }

    @Override
    protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
        verifying = ProviderKeys.publicKey(source, key);
        signing = null;
        if (digest != null) digest.reset();
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (!(params instanceof PSSParameterSpec)) throw new InvalidAlgorithmParameterException("PSSParameterSpec expected");
        PSSParameterSpec pss = (PSSParameterSpec) params;
        DigestAlgorithm messageDigest = DigestAlgorithm.forFetchName(pss.getDigestAlgorithm());
        if (messageDigest == null || !messageDigest.signs()) throw new InvalidAlgorithmParameterException("unsupported digest " + pss.getDigestAlgorithm());
        if (!"MGF1".equalsIgnoreCase(pss.getMGFAlgorithm()) || !(pss.getMGFParameters() instanceof MGF1ParameterSpec)) {
            throw new InvalidAlgorithmParameterException("only MGF1 is supported");
        }
        DigestAlgorithm maskDigest = DigestAlgorithm.forFetchName(((MGF1ParameterSpec) pss.getMGFParameters()).getDigestAlgorithm());
        if (maskDigest == null || maskDigest.length() == 0) throw new InvalidAlgorithmParameterException("unsupported MGF1 digest");
        if (pss.getTrailerField() != PSSParameterSpec.TRAILER_FIELD_BC) throw new InvalidAlgorithmParameterException("trailer field must be 1");
        if (pss.getSaltLength() < 0) throw new InvalidAlgorithmParameterException("negative salt length");
        this.spec = pss;
        this.digestAlgorithm = messageDigest;
        this.mgf1 = maskDigest;
        this.digest = messageDigest.newDigest();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        if (spec == null) return null;
        try {
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("RSASSA-PSS");
            parameters.init(spec);
            return parameters;
        } catch (Exception noPssParametersInThisJdk) {
            return null;
        }
    }

    @Override
    protected void engineUpdate(byte b) throws SignatureException {
        digest().update(b);
    }

    @Override
    protected void engineUpdate(byte[] data, int offset, int length) throws SignatureException {
        digest().update(data, offset, length);
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
        if (signing == null) throw new SignatureException("not initialized for signing");
        byte[] hash = hash();
        int salt = spec.getSaltLength();
        return Operations.run(source, "sign_pss", signing.byEngine,
            () -> signing.operations.signPss(digestAlgorithm, mgf1, salt, true, hash, 0, hash.length), SignatureException::new);
    }

    @Override
    protected boolean engineVerify(byte[] signature) throws SignatureException {
        if (verifying == null) throw new SignatureException("not initialized for verification");
        byte[] hash = hash();
        int salt = spec.getSaltLength();
        return Operations.run(source, "verify_pss", verifying.byEngine,
            () -> verifying.operations.verifyPss(digestAlgorithm, mgf1, salt, true, signature, hash, 0, hash.length), SignatureException::new);
    }

    private Digest digest() throws SignatureException {
        if (digest == null) throw new SignatureException("Parameters required for RSASSA-PSS signatures");
        return digest;
    }

    private byte[] hash() throws SignatureException {
        Digest d = digest();
        byte[] hash = new byte[d.getDigestSize()];
        d.doFinal(hash, 0);
        return hash;
    }

    @Override
    @Deprecated
    protected void engineSetParameter(String param, Object value) {
        throw new InvalidParameterException("use setParameter(AlgorithmParameterSpec)");
    }

    @Override
    @Deprecated
    protected Object engineGetParameter(String param) {
        throw new InvalidParameterException("use getParameters()");
    }
}
