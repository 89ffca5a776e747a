package fastrsaengine.reading;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bouncycastle.asn1.x509.CertificateList;
import org.bouncycastle.asn1.x509.TBSCertList;
import org.jruby.RubyArray;
import org.jruby.RubyTime;
import org.jruby.anno.JRubyMethod;
import org.jruby.ext.openssl.BN;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * FastRsaEngine::CrlRevokedOrder: a CRL read from DER or PEM lists its revoked entries in the
 * order the CRL holds them, as MRI's OpenSSL reads them (DIFFERENCES.md: crl-revoked-order).
 * Stock's X509::CRL#initialize sorts them by revocation time, and entries of one time come in the
 * order of a hash set of them (the JCA's), which changes with the bytes of the whole CRL: from run
 * to run for a CRL signed now, and between the engine's run and stock's. After stock's initialize,
 * stock's own entries (the objects it made, in the array its {@code revoked} reader returns) are put
 * in the CRL's order, in place: the CRL stays as stock made it (unchanged, so it still verifies).
 * Entries are matched by serial and revocation time; a CRL whose entries do not all match (no CRL
 * stock reads) keeps stock's order. Two entries of one serial and one time are interchangeable to
 * the match, so between themselves they keep stock's order.
 */
public final class CrlRevokedOrder {
    private CrlRevokedOrder() {
    }

    /** Orders the revoked entries of a CRL that stock's initialize has just read; answers the CRL. */
    @JRubyMethod(name = "in_held_order", module = true)
    public static IRubyObject inHeldOrder(ThreadContext context, IRubyObject module, IRubyObject crl) {
        RubyArray<?> revoked = (RubyArray<?>) crl.callMethod(context, "revoked");
        if (revoked.size() < 2) return crl;
        List<IRubyObject> ordered = matched(context, revoked, held(context, crl));
        if (ordered != null) revoked.callMethod(context, "replace", context.runtime.newArray(ordered));
        return crl;
    }

    /** The CRL as it holds its entries: Bouncy Castle's reading of its DER. */
    private static TBSCertList held(ThreadContext context, IRubyObject crl) {
        byte[] der = crl.callMethod(context, "to_der").convertToString().getBytes();
        return CertificateList.getInstance(der).getTBSCertList();
    }

    /** Stock's entries in the CRL's order, or null where one of the CRL's has no match among them. */
    private static List<IRubyObject> matched(ThreadContext context, RubyArray<?> revoked, TBSCertList held) {
        Map<String, ArrayDeque<IRubyObject>> byKey = new HashMap<>();
        for (int i = 0; i < revoked.size(); i++) {
            IRubyObject entry = revoked.eltInternal(i);
            BigInteger serial = ((BN) entry.callMethod(context, "serial")).getValue();
            long time = ((RubyTime) entry.callMethod(context, "time")).getJavaDate().getTime();
            byKey.computeIfAbsent(key(serial, time), k -> new ArrayDeque<>()).add(entry);
        }
        List<IRubyObject> ordered = new ArrayList<>(revoked.size());
        for (Enumeration<?> entries = held.getRevokedCertificateEnumeration(); entries.hasMoreElements(); ) {
            ArrayDeque<IRubyObject> candidates = byKey.get(key((TBSCertList.CRLEntry) entries.nextElement()));
            if (candidates == null || candidates.isEmpty()) return null;
            ordered.add(candidates.poll());
        }
        return ordered.size() == revoked.size() ? ordered : null;
    }

    /**
     * An entry's key, as the CRL holds it; null where Bouncy Castle cannot read its time as the
     * JCA did (then no entry matches, and stock's order stays).
     */
    private static String key(TBSCertList.CRLEntry entry) {
        try {
            return key(entry.getUserCertificate().getValue(), entry.getRevocationDate().getDate().getTime());
        } catch (IllegalStateException unreadableTime) {
            return null;
        }
    }

    private static String key(BigInteger serial, long time) {
        return serial.toString(16) + "@" + time;
    }
}
