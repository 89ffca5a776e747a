package fastrsaengine.verification;

import fastrsaengine.call.Errors;
import fastrsaengine.structures.JopensslSeams;
import java.security.PublicKey;
import java.security.cert.Certificate;
import org.bouncycastle.asn1.ocsp.BasicOCSPResponse;
import org.jruby.RubyArray;
import org.jruby.ext.openssl.X509Cert;
import org.jruby.ext.openssl.X509Store;
import org.jruby.runtime.Arity;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * OCSP::BasicResponse#verify(certs, store [, flags]) read as stock reads it (JopensslSeams item 11),
 * for the engine's check of the response's signature ({@link SignatureCheck#ocsp}), which OpenSSL
 * makes first unless OCSP::NOSIGS: the response, and the key of the signer's certificate stock finds. The arguments
 * are checked first as MRI checks them, where stock would fail in Java (an argument count it indexes
 * past, a store or certificate of another class it casts). Only a list of certificates and an
 * Integer for the flags are the engine's to read; anything else is stock's to answer.
 */
final class OcspVerification {
    /** OpenSSL's OCSP flags, which stock's verify reads from OCSP's constants of the same values. */
    private static final int NOINTERN = 0x2, NOSIGS = 0x4, NOVERIFY = 0x10, TRUSTOTHER = 0x200;

    final BasicOCSPResponse response;
    final PublicKey signerKey;
    /** Whether stock's answer is the signature's alone (else the signer's chain's, whatever the signature). */
    final boolean signatureAlone;
    private final int flags;

    private OcspVerification(BasicOCSPResponse response, PublicKey signerKey, int flags) {
        this.response = response;
        this.signerKey = signerKey;
        this.flags = flags;
        this.signatureAlone = signatureAlone(flags);
    }

    /**
     * Raises MRI's error for arguments stock would fail on in Java: a count other than 2 or 3
     * (ArgumentError), an element of the certificates that is no certificate (OpenSSLError), a store
     * that is none (TypeError). Certificates that are no Array, and flags that are no Integer, get
     * stock's own TypeError.
     */
    static void checkArguments(ThreadContext context, RubyArray<?> given) {
        Arity.checkArgumentCount(context.runtime, given.size(), 2, 3);
        IRubyObject certificates = given.eltInternal(0);
        if (certificates instanceof RubyArray) {
            RubyArray<?> array = (RubyArray<?>) certificates;
            for (int i = 0; i < array.size(); i++) {
                if (!(array.eltInternal(i) instanceof X509Cert)) throw Errors.notCertificateInArray(context.runtime);
            }
        }
        IRubyObject store = given.eltInternal(1);
        if (!(store instanceof X509Store)) throw Errors.wrongArgumentType(context.runtime, store, "OpenSSL/X509/STORE");
    }

    /**
     * The response and its signer's key (arguments checked: {@link #checkArguments}) where the
     * signature is checked (no OCSP::NOSIGS), else null: stock's to answer. Where stock checks the
     * signer's chain (no OCSP::NOVERIFY, nor OCSP::TRUSTOTHER without OCSP::NOINTERN), that is its
     * answer whatever the signature (0.14 to 0.16 overwrite the signature's): the engine's check
     * answers for the signature, and stock's with OCSP::NOSIGS for the chain.
     */
    static OcspVerification of(ThreadContext context, IRubyObject self, RubyArray<?> given) {
        Integer flags = given.size() > 2 ? FlagsArgument.of(given.eltInternal(2), null) : Integer.valueOf(0);
        if (flags == null || (flags & NOSIGS) != 0 || !(given.eltInternal(0) instanceof RubyArray)) return null;
        BasicOCSPResponse response = JopensslSeams.ocspResponse(self);
        if (response == null) return null;
        Certificate signer = JopensslSeams.ocspSigner(context, self, given.eltInternal(0), flags);
        PublicKey key = signer == null ? null : signer.getPublicKey();
        return key == null ? null : new OcspVerification(response, key, flags);
    }

    /** The arguments for stock's verify of all but the signature: the flags with OCSP::NOSIGS. */
    IRubyObject[] withoutSignatures(ThreadContext context, RubyArray<?> given) {
        return new IRubyObject[] {given.eltInternal(0), given.eltInternal(1), context.runtime.newFixnum(flags | NOSIGS)};
    }

    /** Whether stock's verify answers with the signature alone: no chain (OCSP::NOVERIFY, or OCSP::TRUSTOTHER without OCSP::NOINTERN). */
    private static boolean signatureAlone(int flags) {
        return (flags & NOVERIFY) != 0 || ((flags & NOINTERN) == 0 && (flags & TRUSTOTHER) != 0);
    }
}
