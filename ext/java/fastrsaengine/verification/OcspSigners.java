package fastrsaengine.verification;

import fastrsaengine.engines.shared.IdentityMemo;
import fastrsaengine.structures.JopensslSeams;
import java.security.PublicKey;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.List;
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
    private static final IdentityMemo<BasicOCSPResponse, Found> FOUND = new IdentityMemo<>();

    private OcspSigners() {
    }

    /** The signer stock finds, or null where it finds none; looked up again for other certificates or flags. */
    static Found of(ThreadContext context, IRubyObject self, BasicOCSPResponse response, IRubyObject certificates, int flags) {
        List<Object> inputs = inputs(certificates, flags);
        Found found = FOUND.get(response, inputs);
        if (found != null) return found;
        Certificate signer = JopensslSeams.ocspSigner(context, self, certificates, flags);
        if (signer == null) return null;
        found = new Found(signer);
        FOUND.put(response, inputs, found);
        return found;
    }

    /** What stock's lookup depends on besides the response: OCSP::NOINTERN, and the JCA certificate of each Ruby one given (its own, as stock converts them). */
    private static List<Object> inputs(IRubyObject certificates, int flags) {
        RubyArray<?> array = (RubyArray<?>) certificates;
        List<Object> inputs = new ArrayList<>(array.size() + 1);
        inputs.add((flags & NOINTERN) == 0 ? Boolean.TRUE : Boolean.FALSE);
        for (int i = 0; i < array.size(); i++) inputs.add(array.eltInternal(i).toJava(Certificate.class));
        return inputs;
    }

    /** A signer found, with its key. */
    static final class Found {
        final Certificate signer;
        final PublicKey key;

        private Found(Certificate signer) {
            this.signer = signer;
            this.key = signer.getPublicKey();
        }
    }
}
