package fastrsaengine.verification;

import fastrsaengine.engines.shared.WeakIdentityCache;
import java.math.BigInteger;
import org.bouncycastle.pkcs.PKCS10CertificationRequest;
import org.jruby.RubyInteger;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The signed CSRs whose version was set to another value after signing. OpenSSL's X509_REQ_set_version
 * marks the request changed, so MRI's verify encodes it again with the new version and the signature no
 * longer verifies; stock's version= only warns that it has no effect, and its verify answers true.
 * Noted beside the request stock holds (replaced when it signs anew), weakly.
 */
final class ChangedRequests {
    private static final WeakIdentityCache<Object, Boolean> CHANGED = new WeakIdentityCache<>();

    private ChangedRequests() {
    }

    /** Notes a version set on a signed request: changed where it is an Integer other than the one signed. */
    static void versionSet(PKCS10CertificationRequest signed, IRubyObject version) {
        if (signed == null || !(version instanceof RubyInteger)) return;
        BigInteger given = ((RubyInteger) version).getBigIntegerValue();
        CHANGED.put(signed, !given.equals(signed.toASN1Structure().getCertificationRequestInfo().getVersion().getValue()));
    }

    /** Whether the request's version was last set to another than the one signed. */
    static boolean changed(PKCS10CertificationRequest signed) {
        return Boolean.TRUE.equals(CHANGED.get(signed));
    }
}
