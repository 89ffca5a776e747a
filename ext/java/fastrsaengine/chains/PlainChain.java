package fastrsaengine.chains;

import fastrsaengine.call.Call;
import fastrsaengine.structures.JopensslSeams;
import fastrsaengine.verification.IssuerSignature;
import java.util.ArrayList;
import java.util.List;
import org.jruby.ext.openssl.x509store.Store;
import org.jruby.ext.openssl.x509store.StoreContext;
import org.jruby.ext.openssl.x509store.VerifyParameter;
import org.jruby.ext.openssl.x509store.X509AuxCertificate;
import org.jruby.ext.openssl.x509store.X509Object;
import org.jruby.ext.openssl.x509store.X509Utils;

/**
 * The chains whose check has one answer, true, and which the gem checks itself, OpenSSL's way
 * (x509_vfy.c's build_chain, check_chain_extensions, internal_verify, as stock's port runs them):
 * every other chain is stock's to check, so that each answer and each field a check leaves stays
 * stock's. A chain is plain when, with no verify callback, flags (but V_FLAG_TRUSTED_FIRST, stock's
 * default, which makes no difference here), purpose, trust, time or depth set
 * and a store of certificates added one by one (no lookup of files or directories):
 * <ul>
 * <li>each certificate from the leaf up has one candidate issuer by name (X500Principal's comparison,
 *     stock's), looked for among the trusted first and then the untrusted ones, as build_chain
 *     does; the leaf is not self-issued, and the chain ends at the first trusted one, self-issued;</li>
 * <li>each issuer issued its subject (key identifiers, keyCertSign: stock's checkIfIssuedBy) and is
 *     a CA (basic constraints with cA) whose path length holds, every certificate plain ({@link
 *     ChainCertificate#plain}) and valid now;</li>
 * <li>each signature but the trusted one's own (which OpenSSL does not check) good, through the engine,
 *     as X509::Certificate#verify judges it.</li>
 * </ul>
 * Anything else (an error anywhere, two candidates, an unknown extension) is left to stock, which
 * then answers as it always has.
 */
final class PlainChain {
    /** Longer chains are stock's (and no depth a store sets that is shorter). */
    static final int LONGEST = 10;
    private static final boolean LEGACY_CHECK = "legacy".equals(System.getProperty("jruby.openssl.x509.store.verify"));

    private PlainChain() {
    }

    /** The chain stock's verify would build and find good, or null where the chain is not plain (stock decides). */
    static List<X509AuxCertificate> verified(Call call, StoreContext check) {
        if (LEGACY_CHECK || !defaultParameters(check.getParam()) || hasLookups(check.getStore())) return null;
        List<ChainCertificate> chain = built(check);
        if (chain == null || !extensionsHold(chain) || !signaturesHold(call, chain)) return null;
        List<X509AuxCertificate> stockForms = new ArrayList<>(chain.size());
        for (ChainCertificate certificate : chain) stockForms.add(certificate.stockForm);
        return stockForms;
    }

    private static boolean defaultParameters(VerifyParameter parameters) {
        return (parameters.flags & ~X509Utils.V_FLAG_TRUSTED_FIRST) == 0 && parameters.purpose == 0 && parameters.trust == 0 && (parameters.depth == -1 || parameters.depth >= LONGEST);
    }

    /** A store that looks certificates up in files or directories finds issuers the gem does not see. */
    private static boolean hasLookups(Store store) {
        return !store.getCertificateMethods().isEmpty();
    }

    /** build_chain, for the unambiguous case: the leaf, its untrusted issuers, the trusted self-issued one; null for any other. */
    private static List<ChainCertificate> built(StoreContext check) {
        X509AuxCertificate leaf = JopensslSeams.certificateToCheck(check);
        ChainCertificate last = leaf == null ? null : ChainCertificate.of(leaf);
        if (last == null || last.selfIssued()) return null;
        List<ChainCertificate> untrusted = read(JopensslSeams.untrusted(check));
        List<ChainCertificate> trusted = trusted(check.getStore());
        if (untrusted == null || trusted == null) return null;
        long now = System.currentTimeMillis();
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

    /** internal_verify's signatures: each certificate's under the next one's key; the trusted one's own not checked. */
    private static boolean signaturesHold(Call call, List<ChainCertificate> chain) {
        for (int i = 0; i + 1 < chain.size(); i++) {
            if (!IssuerSignature.good(call, chain.get(i).signed, chain.get(i + 1).key)) return false;
        }
        return true;
    }

    private static List<ChainCertificate> trusted(Store store) {
        List<X509Object> objects = store.getObjects();
        List<ChainCertificate> trusted = new ArrayList<>(objects.size());
        for (X509Object object : objects) {
            if (!(object instanceof org.jruby.ext.openssl.x509store.Certificate)) continue;
            ChainCertificate read = ChainCertificate.of(((org.jruby.ext.openssl.x509store.Certificate) object).cert);
            if (read == null) return null;
            trusted.add(read);
        }
        return trusted;
    }

    private static List<ChainCertificate> read(List<X509AuxCertificate> certificates) {
        List<ChainCertificate> read = new ArrayList<>(certificates == null ? 0 : certificates.size());
        if (certificates == null) return read;
        for (X509AuxCertificate certificate : certificates) {
            ChainCertificate one = ChainCertificate.of(certificate);
            if (one == null) return null;
            read.add(one);
        }
        return read;
    }
}
