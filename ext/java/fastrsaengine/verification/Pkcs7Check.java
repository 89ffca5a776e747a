package fastrsaengine.verification;

import fastrsaengine.engines.shared.WeakIdentityCache;
import fastrsaengine.padding.DigestAlgorithm;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.Set;
import java.util.function.Function;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Set;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.jruby.ext.openssl.impl.PKCS7;
import org.jruby.ext.openssl.impl.SignerInfoWithPkey;
import org.jruby.ext.openssl.x509store.X509AuxCertificate;

/**
 * The engine's check of a PKCS#7 signed-data's signatures, for PKCS7#verify: each signer, found as
 * stock finds it (its {@code getSigners}), has authenticated attributes whose messageDigest is the
 * content's digest (SHA-1 to SHA-512, one the structure lists), and an RSA PKCS#1 v1.5 or ECDSA
 * signature over their DER ({@link SignatureCheck.Key}, strict as OpenSSL's PKCS7_signatureVerify:
 * exactly k bytes, the DigestInfo with its NULL) that is its certificate's key's or not. That is what
 * stock's {@code signatureVerify} checks, with the same bytes (doc/structure-costs.md: half of stock's
 * verify is that RSA arithmetic in Java); stock also takes a DigestInfo without NULL and a signature a
 * byte short, and refuses every ECDSA one (DIFFERENCES.md). Anything else (no attributes, a DSA
 * signer, another digest, a content whose digest differs, a signer not found) is stock's whole verify.
 */
final class Pkcs7Check {
    /** The digests stock's signatureVerify names a signature algorithm with, as the engine does. */
    static final Set<DigestAlgorithm> DIGESTS = EnumSet.of(DigestAlgorithm.SHA1, DigestAlgorithm.SHA224,
        DigestAlgorithm.SHA256, DigestAlgorithm.SHA384, DigestAlgorithm.SHA512);

    private static final WeakIdentityCache<ASN1Set, byte[]> SIGNED_ATTRIBUTES = new WeakIdentityCache<>();

    private Pkcs7Check() {
    }

    /**
     * VALID where every signer's signature is its key's, INVALID where one is not, STOCK where the
     * engine does not read one.
     *
     * @param verification the signers stock finds, and the bytes stock digests: the data given or held, else the content inside
     * @param keys the engine's operations for a signer's public key, or null where it has none
     */
    static SignatureVerdict signed(Pkcs7Verification verification, Function<PublicKey, SignatureCheck.Key> keys) {
        Iterator<X509AuxCertificate> signer = verification.signers.iterator();
        SignatureVerdict all = SignatureVerdict.VALID;
        for (SignerInfoWithPkey info : verification.p7.getSignerInfo()) {
            all = all.and(signedBy(verification.p7, info, keys.apply(signer.next().getPublicKey()), verification.content));
        }
        return all;
    }

    private static SignatureVerdict signedBy(PKCS7 p7, SignerInfoWithPkey info, SignatureCheck.Key key, byte[] content) {
        AlgorithmIdentifier digestId = info.getDigestAlgorithm();
        DigestAlgorithm digest = DigestAlgorithm.forObjectName(digestId.getAlgorithm().getId());
        ASN1Set attributes = info.getAuthenticatedAttributes();
        if (key == null || !DIGESTS.contains(digest) || !listed(p7, digestId) || attributes == null || attributes.size() == 0) return SignatureVerdict.STOCK;
        ASN1OctetString messageDigest = p7.digestFromAttributes(attributes);
        if (messageDigest == null || !MessageDigest.isEqual(digest.hash(content, 0, content.length), messageDigest.getOctets())) return SignatureVerdict.STOCK;
        try {
            byte[] signed = signedAttributes(attributes);
            byte[] signature = info.getEncryptedDigest().getOctets();
            // The signer's key says which: an RSA key checks PKCS#1 v1.5 and no other, an EC key ECDSA.
            SignatureVerdict pkcs1 = key.check(SignatureAlgorithm.named(SignatureAlgorithm.Kind.PKCS1, digest), signed, signature);
            return pkcs1 != SignatureVerdict.STOCK ? pkcs1 : key.check(SignatureAlgorithm.named(SignatureAlgorithm.Kind.ECDSA, digest), signed, signature);
        } catch (IOException unread) {
            return SignatureVerdict.STOCK;
        }
    }

    /** The attributes' DER, which OpenSSL signs and checks (encoded again), once per attributes read (BC's objects never change). */
    private static byte[] signedAttributes(ASN1Set attributes) throws IOException {
        byte[] der = SIGNED_ATTRIBUTES.get(attributes);
        if (der == null) {
            der = attributes.getEncoded(ASN1Encoding.DER);
            SIGNED_ATTRIBUTES.put(attributes, der);
        }
        return der;
    }

    /** Whether the structure lists the signer's digest among its digest algorithms: stock digests only those. */
    private static boolean listed(PKCS7 p7, AlgorithmIdentifier digestId) {
        return p7.getSign().getMdAlgs().stream().anyMatch(listed -> listed.getAlgorithm().equals(digestId.getAlgorithm()));
    }
}
