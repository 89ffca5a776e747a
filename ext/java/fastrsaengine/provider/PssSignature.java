package fastrsaengine.provider;

import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import java.security.Key;
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
 * Parameters it refuses once data is given it takes all the same, but for its message digest
 * (keepMessageWith): so does this side.
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
        if (message == null || !message.signs() || !takeEncoding(pss, message)) return false;
        digestAlgorithm = message;
        digest = message.newDigest();
        return true;
    }

    /**
     * SunRsaSign's RSASSA-PSS, refusing parameters once data is given ("Cannot set parameters
     * during operations"), has taken them already, all but the message digest, which it keeps with
     * the data given, until it takes parameters at a message's start (an init does not change it):
     * it encodes with the new salt length and mask (the mask's digest, where they name none, the
     * message digest it kept).
     */
    @Override
    protected boolean keepMessageWith(AlgorithmParameterSpec parameters) {
        return takeEncoding((PSSParameterSpec) parameters, digestAlgorithm);
    }

    /** The salt length and mask of these parameters, with this message digest; false where the padding layer lacks the mask's digest. */
    private boolean takeEncoding(PSSParameterSpec pss, DigestAlgorithm message) {
        AlgorithmParameterSpec mgfParameters = pss.getMGFParameters();
        DigestAlgorithm mask = mgfParameters instanceof MGF1ParameterSpec
            ? DigestAlgorithm.forFetchName(((MGF1ParameterSpec) mgfParameters).getDigestAlgorithm()) : message;
        if (mask == null || mask.length() == 0) return false;
        mgf1 = mask;
        saltLength = pss.getSaltLength();
        return true;
    }

    /** SunRsaSign's RSASSA-PSS checks a key before it takes it: one it refuses leaves it as it was. */
    @Override
    protected RefusedKey refusedKey(Key key) {
        return RefusedKey.LEFT;
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
