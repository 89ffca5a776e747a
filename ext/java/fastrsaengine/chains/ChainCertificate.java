package fastrsaengine.chains;

import fastrsaengine.engines.shared.WeakIdentityCache;
import fastrsaengine.structures.JopensslSeams;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import javax.security.auth.x500.X500Principal;
import java.security.interfaces.ECPublicKey;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.x509.AuthorityKeyIdentifier;
import org.bouncycastle.asn1.x509.SubjectKeyIdentifier;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.jruby.ext.openssl.x509store.X509AuxCertificate;

/**
 * One certificate as a chain's check reads it, read once per JCA certificate (a Ruby certificate's,
 * or a store's) and kept while that object lives: what stock's chain check reads again on every call
 * (Bouncy Castle's times parsed, extensions decoded, the key rebuilt) is here read once. The JCA
 * certificate never changes: a Ruby certificate set or signed anew holds another (JopensslSeams item 4).
 * Each value is read with the JCA getter stock's check reads ({@code x509store.StoreContext},
 * {@code X509Utils.checkIfIssuedBy}), so that both see the same certificate.
 */
final class ChainCertificate {
    private static final WeakIdentityCache<X509Certificate, ChainCertificate> READ = new WeakIdentityCache<>();
    /** The critical extensions stock's check handles (its CRITICAL_EXTENSIONS) and OpenSSL's too, but name constraints and policies. */
    private static final Set<String> HANDLED_CRITICAL = Collections.unmodifiableSet(new HashSet<>(Arrays.asList(
        "2.5.29.15", "2.5.29.17", "2.5.29.19", "2.5.29.37"))); // key usage, subject alt name, basic constraints, extended key usage
    private static final String PROXY_CERT_INFO = "1.3.6.1.5.5.7.1.14";

    final X509AuxCertificate stockForm;
    final X500Principal subject;
    final X500Principal issuer;
    final long notBefore;
    final long notAfter;
    /** Basic constraints present with cA set (X509_check_ca's 1), and a key usage, if any, with keyCertSign. */
    final boolean ca;
    /** The basic constraints' path length; Integer.MAX_VALUE for none (the JCA's). */
    final int pathLength;
    /** Whether a key usage, if any, allows signing certificates (X509Utils.checkIfIssuedBy). */
    final boolean signsCertificates;
    final byte[] subjectKeyId;
    final byte[] authorityKeyId;
    /**
     * Whether the gem's check reads all that stock's would of this certificate: no critical
     * extension but those above, no proxy certificate information, an authority key identifier by
     * key id alone, a signature over the bytes stock checks too.
     */
    final boolean plain;
    final PublicKey key;
    /** An EC key given with its curve's parameters spelt out rather than named (OpenSSL 3.0 refuses it in a chain). */
    final boolean explicitCurve;
    /** The DER its signature is checked over (null: not plain). */
    final byte[] signed;
    /** Its own signature found good under its own key, once (a fact of its bytes, kept as stock's X509AuxCertificate keeps its own). */
    private volatile boolean selfSignatureGood;

    private ChainCertificate(X509AuxCertificate stockForm, X509Certificate jca, ChainSignatures signatures) throws GeneralSecurityException, IOException {
        this.stockForm = stockForm;
        subject = jca.getSubjectX500Principal();
        issuer = jca.getIssuerX500Principal();
        notBefore = jca.getNotBefore().getTime();
        notAfter = jca.getNotAfter().getTime();
        boolean[] keyUsage = jca.getKeyUsage();
        signsCertificates = keyUsage == null || keyUsage[5];
        ca = jca.getExtensionValue("2.5.29.19") != null && jca.getBasicConstraints() != -1 && signsCertificates;
        pathLength = jca.getBasicConstraints();
        subjectKeyId = subjectKeyId(jca);
        AuthorityKeyIdentifier authority = authorityKeyId(jca);
        authorityKeyId = keyId(authority);
        key = jca.getPublicKey();
        explicitCurve = key instanceof ECPublicKey
            && !(SubjectPublicKeyInfo.getInstance(key.getEncoded()).getAlgorithm().getParameters() instanceof ASN1ObjectIdentifier);
        signed = signatures.signedDer(jca);
        plain = signed != null && handledCritical(jca) && jca.getExtensionValue(PROXY_CERT_INFO) == null
            && (authority == null || authority.getAuthorityCertIssuer() == null && authority.getAuthorityCertSerialNumber() == null);
    }

    /** The certificate as read, from cache where its JCA form was read before; null where it cannot be read (stock decides). */
    static ChainCertificate of(X509AuxCertificate stockForm, ChainSignatures signatures) {
        X509Certificate jca = JopensslSeams.wrapped(stockForm);
        ChainCertificate read = READ.get(jca);
        if (read != null) return read.stockForm == stockForm ? read : read.as(stockForm);
        try {
            read = new ChainCertificate(stockForm, jca, signatures);
        } catch (GeneralSecurityException | IOException | RuntimeException unread) {
            return null;
        }
        READ.put(jca, read);
        return read;
    }

    /** The same reading for another of stock's wrappers of the same JCA certificate (each store context makes its own). */
    private ChainCertificate as(X509AuxCertificate other) {
        return new ChainCertificate(other, this);
    }

    private ChainCertificate(X509AuxCertificate stockForm, ChainCertificate read) {
        this.stockForm = stockForm;
        subject = read.subject;
        issuer = read.issuer;
        notBefore = read.notBefore;
        notAfter = read.notAfter;
        ca = read.ca;
        pathLength = read.pathLength;
        signsCertificates = read.signsCertificates;
        subjectKeyId = read.subjectKeyId;
        authorityKeyId = read.authorityKeyId;
        plain = read.plain;
        key = read.key;
        explicitCurve = read.explicitCurve;
        signed = read.signed;
    }

    /**
     * Whether its own signature is good under its own key: checked until found good, then known
     * (shared by every wrapper of one JCA certificate, whose bytes never change).
     */
    boolean selfSigned(ChainSignatures signatures) {
        if (signed == null) return false;
        ChainCertificate shared = READ.get(JopensslSeams.wrapped(stockForm));
        if (shared != null && shared.selfSignatureGood) return true;
        boolean good = signatures.good(signed, key);
        if (good && shared != null) shared.selfSignatureGood = true;
        return good;
    }

    /** Self-issued: its subject its issuer (stock's EXFLAG_SI, by X500Principal's comparison). */
    boolean selfIssued() {
        return subject.equals(issuer);
    }

    /** Valid at the time, a second away from either end (closer, stock decides). */
    boolean validAt(long now) {
        return notBefore + 1000 < now && now + 1000 < notAfter;
    }

    /**
     * Whether stock's X509Utils.checkIfIssuedBy(this, subject) answers V_OK for a plain subject: names
     * equal, the subject's authority key id (if any) this one's subject key id (if any), key usage
     * (if any) with keyCertSign.
     */
    boolean issued(ChainCertificate certificate) {
        if (!subject.equals(certificate.issuer) || !signsCertificates) return false;
        return certificate.authorityKeyId == null || subjectKeyId == null || Arrays.equals(certificate.authorityKeyId, subjectKeyId);
    }

    /** The key id of an authority key identifier (Bouncy Castle 1.68 to 1.85 all have this getter). */
    @SuppressWarnings("deprecation")
    private static byte[] keyId(AuthorityKeyIdentifier authority) {
        return authority == null ? null : authority.getKeyIdentifier();
    }

    private static boolean handledCritical(X509Certificate jca) {
        Set<String> critical = jca.getCriticalExtensionOIDs();
        return critical == null || HANDLED_CRITICAL.containsAll(critical);
    }

    private static byte[] subjectKeyId(X509Certificate jca) throws IOException {
        byte[] value = extension(jca, "2.5.29.14");
        return value == null ? null : SubjectKeyIdentifier.getInstance(ASN1Primitive.fromByteArray(value)).getKeyIdentifier();
    }

    private static AuthorityKeyIdentifier authorityKeyId(X509Certificate jca) throws IOException {
        byte[] value = extension(jca, "2.5.29.35");
        return value == null ? null : AuthorityKeyIdentifier.getInstance(ASN1Primitive.fromByteArray(value));
    }

    /** An extension's value, the OCTET STRING the JCA wraps it in opened; null for none. */
    private static byte[] extension(X509Certificate jca, String oid) {
        byte[] wrapped = jca.getExtensionValue(oid);
        return wrapped == null ? null : ASN1OctetString.getInstance(wrapped).getOctets();
    }
}
