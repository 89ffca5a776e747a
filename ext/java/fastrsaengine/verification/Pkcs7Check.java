package fastrsaengine.verification;

import fastrsaengine.padding.DigestAlgorithm;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Set;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.jruby.ext.openssl.impl.PKCS7;
import org.jruby.ext.openssl.impl.PKCS7Exception;
import org.jruby.ext.openssl.impl.SignerInfoWithPkey;
import org.jruby.ext.openssl.x509store.X509AuxCertificate;

/**
 * The engine's check of a PKCS#7 signed-data's signatures, for PKCS7#verify, where it says yes: each
 * signer, found as stock finds it (its {@code getSigners}), has authenticated attributes whose
 * messageDigest is the content's digest (SHA-1 to SHA-512, one the structure lists) and an RSA
 * PKCS#1 v1.5 or ECDSA signature over their encoding that the engine finds its certificate's key's.
 * That is what stock's {@code signatureVerify} checks, with the same bytes, and such an RSA signature
 * it accepts (doc/structure-costs.md: half of stock's verify is that RSA arithmetic in Java); an
 * ECDSA one it refuses, where OpenSSL accepts it (DIFFERENCES.md: verifies-where-stock-false).
 * Anything else (no attributes, a DSA signer, another digest, a signature that does not verify, a
 * signer not found) is left to stock's whole verify.
 */
final class Pkcs7Check {
    /** The digests stock's signatureVerify names a signature algorithm with, as the engine does. */
    private static final Set<DigestAlgorithm> DIGESTS = EnumSet.of(DigestAlgorithm.SHA1, DigestAlgorithm.SHA224,
        DigestAlgorithm.SHA256, DigestAlgorithm.SHA384, DigestAlgorithm.SHA512);

    private Pkcs7Check() {
    }

    /**
     * Whether every signer's signature is the engine's yes.
     *
     * @param certs the certificates given (stock's list of them), or null
     * @param content the bytes stock digests: the data given or held, else the content inside
     * @param keys the engine's operations for a signer's public key, or null where it has none
     */
    static boolean signed(PKCS7 p7, List<X509AuxCertificate> certs, int flags, byte[] content, Function<PublicKey, SignatureCheck.Key> keys) {
        Collection<SignerInfoWithPkey> infos = p7.getSignerInfo();
        if (infos == null || infos.isEmpty()) return false;
        List<X509AuxCertificate> signers;
        try {
            signers = p7.getSigners(certs, infos, flags);
        } catch (PKCS7Exception notFound) {
            return false;
        }
        if (signers == null || signers.size() != infos.size()) return false;
        Iterator<X509AuxCertificate> signer = signers.iterator();
        for (SignerInfoWithPkey info : infos) {
            if (!signedBy(p7, info, keys.apply(signer.next().getPublicKey()), content)) return false;
        }
        return true;
    }

    private static boolean signedBy(PKCS7 p7, SignerInfoWithPkey info, SignatureCheck.Key key, byte[] content) {
        AlgorithmIdentifier digestId = info.getDigestAlgorithm();
        DigestAlgorithm digest = DigestAlgorithm.forObjectName(digestId.getAlgorithm().getId());
        ASN1Set attributes = info.getAuthenticatedAttributes();
        if (key == null || !DIGESTS.contains(digest) || !listed(p7, digestId) || attributes == null || attributes.size() == 0) return false;
        ASN1OctetString messageDigest = p7.digestFromAttributes(attributes);
        if (messageDigest == null || !MessageDigest.isEqual(digest.hash(content, 0, content.length), messageDigest.getOctets())) return false;
        try {
            byte[] signed = attributes.getEncoded();
            byte[] signature = info.getEncryptedDigest().getOctets();
            // The signer's key says which: an RSA key checks PKCS#1 v1.5 and no other, an EC key ECDSA.
            return key.verifies(SignatureAlgorithm.named(SignatureAlgorithm.Kind.PKCS1, digest), signed, signature)
                || key.verifies(SignatureAlgorithm.named(SignatureAlgorithm.Kind.ECDSA, digest), signed, signature);
        } catch (IOException unread) {
            return false;
        }
    }

    /** Whether the structure lists the signer's digest among its digest algorithms: stock digests only those. */
    private static boolean listed(PKCS7 p7, AlgorithmIdentifier digestId) {
        return p7.getSign().getMdAlgs().stream().anyMatch(listed -> listed.getAlgorithm().equals(digestId.getAlgorithm()));
    }
}
