package fastrsaengine.chains;

import fastrsaengine.structures.JopensslSeams;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jruby.ext.openssl.x509store.Store;
import org.jruby.ext.openssl.x509store.Purpose;
import org.jruby.ext.openssl.x509store.StoreContext;
import org.jruby.ext.openssl.x509store.Trust;
import org.jruby.ext.openssl.x509store.VerifyParameter;
import org.jruby.ext.openssl.x509store.X509AuxCertificate;
import org.jruby.ext.openssl.x509store.X509Object;
import org.jruby.ext.openssl.x509store.X509Utils;

/**
 * The chains whose check has one answer, true, and which the gem checks itself, OpenSSL's way
 * (x509_vfy.c's build_chain, check_chain_extensions, internal_verify, as stock's port runs them):
 * every other chain is stock's to check, so that each answer and each field a check leaves stays
 * stock's. A chain is plain when, with no verify callback, flags (but V_FLAG_TRUSTED_FIRST, stock's
 * default, which makes no difference here), time or depth set and a store of certificates added one
 * by one (no lookup of files or directories):
 * <ul>
 * <li>each certificate from the leaf up has one candidate issuer by name (X500Principal's comparison,
 *     stock's), looked for among the trusted first and then the untrusted ones, as build_chain
 *     does; the chain ends at the first trusted one, self-issued (a self-issued leaf: the store holds
 *     it, the same bytes, and no other of its name);</li>
 * <li>each issuer issued its subject (key identifiers, keyCertSign: stock's checkIfIssuedBy) and is
 *     a CA (basic constraints with cA) whose path length holds, every certificate plain ({@link
 *     ChainCertificate#plain}) and valid now;</li>
 * <li>the purpose set, if any, held by each certificate and the trust set by the trusted one, as
 *     stock's own predicates answer (Purpose.checkPurpose, Trust.checkTrust);</li>
 * <li>each signature but the trusted one's own (which OpenSSL does not check) good, as the
 *     signatures given judge it (the verification layer's: through the engine, as
 *     X509::Certificate#verify judges it).</li>
 * </ul>
 * Anything else (an error anywhere, two candidates, an unknown extension) is left to stock, which
 * then answers as it always has.
 */
public final class PlainChain {
    /** Longer chains are stock's (and no depth a store sets that is shorter). */
    static final int LONGEST = 10;
    private static final boolean LEGACY_CHECK = "legacy".equals(System.getProperty("jruby.openssl.x509.store.verify"));

    private PlainChain() {
    }

    /** The chain stock's verify would build and find good, or null where the chain is not plain (stock decides). */
    public static List<X509AuxCertificate> verified(ChainSignatures signatures, StoreContext check) {
        VerifyParameter parameters = check.getParam();
        if (LEGACY_CHECK || !defaultParameters(parameters) || hasLookups(check.getStore())) return null;
        List<ChainCertificate> chain = built(check, signatures);
        if (chain == null || !extensionsHold(chain) || !purposeHolds(chain, parameters.purpose) || !trusted(chain, parameters.trust)
            || !signaturesHold(signatures, chain)) return null;
        List<X509AuxCertificate> stockForms = new ArrayList<>(chain.size());
        for (ChainCertificate certificate : chain) stockForms.add(certificate.stockForm);
        return stockForms;
    }

    /**
     * The chain stock's check of a signer's certificate would build and find good, or null where it
     * is not plain: a StoreContext of the store of its own, as stock's PKCS7_verify and
     * OCSP_basic_verify make one, with the untrusted certificates given (null: none) and the
     * purpose (0: none set). A store with a verify callback is stock's, which calls it.
     */
    public static List<X509AuxCertificate> verifiedSigner(ChainSignatures signatures, Store store, X509AuxCertificate signer,
                                                          List<X509AuxCertificate> untrusted, int purpose) {
        if (store.getExtraData(StoreContext.ossl_ssl_ex_vcb_idx) != null) return null;
        StoreContext check = new StoreContext(store);
        if (check.init(signer, untrusted) != 1 || purpose != 0 && check.setPurpose(purpose) != 1) return null;
        return verified(signatures, check);
    }

    /** X509_V_ERR_EC_KEY_EXPLICIT_PARAMS, OpenSSL 3.0's refusal of a chain holding one. */
    public static final int EXPLICIT_CURVE = 94;
    /** OpenSSL's words for it (X509_verify_cert_error_string). */
    public static final String EXPLICIT_CURVE_WORDS = "Certificate public key has explicit ECC parameters";

    /**
     * The depth of the first certificate of a chain of more than one whose key spells its curve's
     * parameters out, which OpenSSL 3.0's check_chain_extensions refuses (X509_V_ERR_EC_KEY_EXPLICIT_PARAMS)
     * where stock takes it; -1 for none.
     */
    public static int explicitCurveDepth(ChainSignatures signatures, List<X509AuxCertificate> chain) {
        if (chain.size() < 2) return -1;
        for (int depth = 0; depth < chain.size(); depth++) {
            ChainCertificate read = ChainCertificate.of(chain.get(depth), signatures);
            if (read != null && read.explicitCurve) return depth;
        }
        return -1;
    }

    /** Whether a certificate's own signature, under its own key, is good as the signatures given judge it. */
    public static boolean selfSigned(ChainSignatures signatures, X509AuxCertificate certificate) {
        ChainCertificate read = ChainCertificate.of(certificate, signatures);
        return read != null && read.selfSigned(signatures);
    }

    private static boolean defaultParameters(VerifyParameter parameters) {
        return (parameters.flags & ~X509Utils.V_FLAG_TRUSTED_FIRST) == 0 && (parameters.depth == -1 || parameters.depth >= LONGEST);
    }

    /** A store that looks certificates up in files or directories finds issuers the gem does not see. */
    private static boolean hasLookups(Store store) {
        return !store.getCertificateMethods().isEmpty();
    }

    /** build_chain, for the unambiguous case: the leaf, its untrusted issuers, the trusted self-issued one; null for any other. */
    private static List<ChainCertificate> built(StoreContext check, ChainSignatures signatures) {
        X509AuxCertificate leaf = JopensslSeams.certificateToCheck(check);
        ChainCertificate last = leaf == null ? null : ChainCertificate.of(leaf, signatures);
        List<ChainCertificate> untrusted = read(JopensslSeams.untrusted(check), signatures);
        List<ChainCertificate> trusted = trusted(check.getStore(), signatures);
        if (last == null || untrusted == null || trusted == null) return null;
        long now = System.currentTimeMillis();
        if (last.selfIssued()) return trustedItself(last, trusted, now); // build_chain looks for no untrusted issuer of a self-signed leaf
        List<ChainCertificate> chain = new ArrayList<>(4);
        chain.add(last);
        while (chain.size() < LONGEST) {
            if (!last.plain || !last.validAt(now)) return null;
            ChainCertificate anchor = onlyIssuer(trusted, last, chain);
            if (anchor != null && anyIssuer(untrusted, last)) return null; // with or without V_FLAG_TRUSTED_FIRST, one chain
            if (anchor != null) {
                if (!anchor.selfIssued() || !anchor.plain || !anchor.validAt(now)) return null;
                chain.add(anchor);
                return chain;
            }
            if (anyIssuer(trusted, last)) return null;
            ChainCertificate next = onlyIssuer(untrusted, last, chain);
            if (next == null || next.selfIssued()) return null;
            chain.add(next);
            last = next;
        }
        return null;
    }

    /**
     * A self-issued leaf: a chain of itself where the store holds the same certificate (the same
     * bytes) and no other of its name, as build_chain takes the store's copy; null for any other.
     */
    private static List<ChainCertificate> trustedItself(ChainCertificate leaf, List<ChainCertificate> trusted, long now) {
        ChainCertificate copy = null;
        for (ChainCertificate candidate : trusted) {
            if (!candidate.subject.equals(leaf.issuer)) continue;
            if (copy != null) return null;
            copy = candidate;
        }
        if (copy == null || !copy.plain || !leaf.plain || !copy.validAt(now) || !Arrays.equals(copy.signed, leaf.signed)) return null;
        List<ChainCertificate> chain = new ArrayList<>(1);
        chain.add(copy);
        return chain;
    }

    /** The one candidate by name among the certificates, where it issued the subject; null for none, two, or one that did not. */
    private static ChainCertificate onlyIssuer(List<ChainCertificate> among, ChainCertificate subject, List<ChainCertificate> chain) {
        ChainCertificate found = null;
        for (ChainCertificate candidate : among) {
            if (!candidate.subject.equals(subject.issuer)) continue;
            if (found != null || chain.contains(candidate)) return null;
            found = candidate;
        }
        return found != null && found.issued(subject) ? found : null;
    }

    private static boolean anyIssuer(List<ChainCertificate> among, ChainCertificate subject) {
        for (ChainCertificate candidate : among) if (candidate.subject.equals(subject.issuer)) return true;
        return false;
    }

    /** check_chain_extensions with no purpose: every issuer a CA, its path length (for all but the first) held. */
    private static boolean extensionsHold(List<ChainCertificate> chain) {
        int pathLength = 1; // plen: the certificates below, but the self-issued, counted as check_chain_extensions counts them
        for (int i = 1; i < chain.size(); i++) {
            ChainCertificate issuer = chain.get(i);
            if (!issuer.ca) return false;
            if (i > 1 && !issuer.selfIssued() && issuer.pathLength != Integer.MAX_VALUE && pathLength > issuer.pathLength + 1) return false;
            if (!issuer.selfIssued()) pathLength++;
        }
        return true;
    }

    /**
     * check_purpose, by stock's own X509_check_purpose ({@code Purpose.checkPurpose}): each
     * certificate for the purpose set (none: 0), the leaf as any, the others as a CA.
     */
    private static boolean purposeHolds(List<ChainCertificate> chain, int purpose) {
        if (purpose <= 0) return true;
        for (int i = 0; i < chain.size(); i++) {
            X509AuxCertificate certificate = chain.get(i).stockForm;
            int asCa = i == 0 ? 0 : 1;
            if (!stockSays(() -> Purpose.checkPurpose(certificate, purpose, asCa) != 0)) return false;
        }
        return true;
    }

    /** check_trust, by stock's own X509_check_trust ({@code Trust.checkTrust}): the trusted certificate trusted for the trust set. */
    private static boolean trusted(List<ChainCertificate> chain, int trust) {
        X509AuxCertificate anchor = chain.get(chain.size() - 1).stockForm;
        return stockSays(() -> Trust.checkTrust(anchor, trust, 0) == X509Utils.X509_TRUST_TRUSTED);
    }

    /** A predicate of stock's; false where it fails (stock's check then answers, as it does). */
    private static boolean stockSays(StockPredicate predicate) {
        try {
            return predicate.holds();
        } catch (Exception failed) { // stock's predicates declare Exception
            return false;
        }
    }

    private interface StockPredicate {
        boolean holds() throws Exception;
    }

    /** internal_verify's signatures: each certificate's under the next one's key; the trusted one's own not checked. */
    private static boolean signaturesHold(ChainSignatures signatures, List<ChainCertificate> chain) {
        for (int i = 0; i + 1 < chain.size(); i++) {
            if (!signatures.good(chain.get(i).signed, chain.get(i + 1).key)) return false;
        }
        return true;
    }

    private static List<ChainCertificate> trusted(Store store, ChainSignatures signatures) {
        List<X509Object> objects = store.getObjects();
        List<ChainCertificate> trusted = new ArrayList<>(objects.size());
        for (X509Object object : objects) {
            if (!(object instanceof org.jruby.ext.openssl.x509store.Certificate)) continue;
            ChainCertificate read = ChainCertificate.of(((org.jruby.ext.openssl.x509store.Certificate) object).cert, signatures);
            if (read == null) return null;
            trusted.add(read);
        }
        return trusted;
    }

    private static List<ChainCertificate> read(List<X509AuxCertificate> certificates, ChainSignatures signatures) {
        List<ChainCertificate> read = new ArrayList<>(certificates == null ? 0 : certificates.size());
        if (certificates == null) return read;
        for (X509AuxCertificate certificate : certificates) {
            ChainCertificate one = ChainCertificate.of(certificate, signatures);
            if (one == null) return null;
            read.add(one);
        }
        return read;
    }
}
