package fastrsaengine.verification;

import fastrsaengine.engines.shared.WeakIdentityCache;
import fastrsaengine.structures.JopensslSeams;
import java.security.PublicKey;
import java.security.cert.Certificate;
import org.bouncycastle.asn1.ocsp.BasicOCSPResponse;
import org.jruby.RubyArray;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The certificate OCSP::BasicResponse#verify finds a response's signer in, as stock's own lookup finds
 * it (JopensslSeams.ocspSigner), kept per response for the certificates it was given: stock's lookup
 * makes a Ruby certificate of each candidate on every call, and its answer depends on nothing but the
 * response (whose objects never change), the JCA certificates given (the same objects: the same
 * answer) and OCSP::NOINTERN. Its key is kept with it, so that the engine's state for it is too.
 */
final class OcspSigners {
    private static final int NOINTERN = 0x2;
    private static final WeakIdentityCache<BasicOCSPResponse, Found> FOUND = new WeakIdentityCache<>();

    private OcspSigners() {
    }

    /** The signer stock finds, or null where it finds none; looked up again for other certificates or flags. */
    static Found of(ThreadContext context, IRubyObject self, BasicOCSPResponse response, IRubyObject certificates, int flags) {
        Object[] given = jcaCertificates(certificates);
        boolean internal = (flags & NOINTERN) == 0;
        Found found = FOUND.get(response);
        if (found != null && found.matches(given, internal)) return found;
        Certificate signer = JopensslSeams.ocspSigner(context, self, certificates, flags);
        if (signer == null) return null;
        found = new Found(given, internal, signer);
        FOUND.put(response, found);
        return found;
    }

    /** The JCA certificates stock's lookup reads of the Ruby ones given (each certificate's own, as it converts them). */
    private static Object[] jcaCertificates(IRubyObject certificates) {
        RubyArray<?> array = (RubyArray<?>) certificates;
        Object[] jca = new Object[array.size()];
        for (int i = 0; i < jca.length; i++) jca[i] = array.eltInternal(i).toJava(Certificate.class);
        return jca;
    }

    /** A signer found, for the certificates and the internal lookup it was found with. */
    static final class Found {
        private final Object[] given;
        private final boolean internal;
        final Certificate signer;
        final PublicKey key;

        private Found(Object[] given, boolean internal, Certificate signer) {
            this.given = given;
            this.internal = internal;
            this.signer = signer;
            this.key = signer.getPublicKey();
        }

        private boolean matches(Object[] others, boolean internalToo) {
            if (internal != internalToo || given.length != others.length) return false;
            for (int i = 0; i < given.length; i++) if (given[i] != others[i]) return false;
            return true;
        }
    }
}
