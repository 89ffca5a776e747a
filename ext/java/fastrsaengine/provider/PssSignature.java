package fastrsaengine.provider;

import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import org.bouncycastle.crypto.CryptoException;
import org.bouncycastle.crypto.Digest;

/**
 * RSASSA-PSS, its parameters given as a PSSParameterSpec, as SunRsaSign takes them (TLS 1.3's
 * rsa_pss_rsae_* signatures among them): the message is hashed as it streams in, then the padding
 * layer encodes the hash and the engine signs it; verification reads the salt length given. Checks
 * and exceptions are SunRsaSign's ({@link JdkCheckedSignature}): it refuses a salt too large for
 * the key at initSign, or at setParameter once a key is set; digests the padding layer lacks go to it.
 */
final class PssSignature extends JdkCheckedSignature {
    private DigestAlgorithm digestAlgorithm, mgf1;
    private int saltLength;
    private Digest digest;

    PssSignature(EngineSource source) {
        super(source, "RSASSA-PSS");
    }

    /** Parameters SunRsaSign accepted: the engine takes them where the padding layer has both digests. */
    @Override
    protected boolean takeParameters(AlgorithmParameterSpec parameters) {
        PSSParameterSpec pss = (PSSParameterSpec) parameters; // SunRsaSign accepts no other
        DigestAlgorithm message = DigestAlgorithm.forFetchName(pss.getDigestAlgorithm());
        AlgorithmParameterSpec mgfParameters = pss.getMGFParameters();
        DigestAlgorithm mask = mgfParameters instanceof MGF1ParameterSpec
            ? DigestAlgorithm.forFetchName(((MGF1ParameterSpec) mgfParameters).getDigestAlgorithm()) : message;
        if (message == null || mask == null || !message.signs() || mask.length() == 0) return false;
        digestAlgorithm = message;
        mgf1 = mask;
        saltLength = pss.getSaltLength();
        digest = message.newDigest();
        return true;
    }

    @Override
    protected void reset() {
        if (digest != null) digest.reset();
    }

    @Override
    protected boolean update(byte[] data, int offset, int length) {
        if (digest == null) return false; // SunRsaSign: "Parameters required"
        digest.update(data, offset, length);
        return true;
    }

    @Override
    protected byte[] sign(PrivateKeyOperations key) {
        if (digest == null) return null;
        byte[] hash = hash();
        try {
            return key.signPss(digestAlgorithm, mgf1, saltLength, true, hash, 0, hash.length);
        } catch (CryptoException | IllegalArgumentException keyTooSmallForTheEncoding) {
            return null; // SunRsaSign refuses it too, by key size alone
        }
    }

    @Override
    protected Boolean verify(PublicKeyOperations key, byte[] signature) {
        if (digest == null) return null;
        byte[] hash = hash();
        if (signature.length != key.modulusBytes()) return null; // SunRsaSign throws before reading the message
        return key.verifyPss(digestAlgorithm, mgf1, saltLength, true, signature, hash, 0, hash.length);
    }

    @Override
    protected String countedAs(String operation) {
        return operation + "_pss";
    }

    private byte[] hash() {
        byte[] hash = new byte[digest.getDigestSize()];
        digest.doFinal(hash, 0);
        return hash;
    }
}
