package fastrsaengine.verification;

import fastrsaengine.call.Errors;
import fastrsaengine.structures.JopensslSeams;
import java.security.PublicKey;
import java.security.cert.Certificate;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.security.GeneralSecurityException;
import org.bouncycastle.asn1.ocsp.BasicOCSPResponse;
import org.jruby.RubyArray;
import org.jruby.RubyClass;
import org.jruby.ext.openssl.SecurityHelper;
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
    private static final int NOINTERN = 0x2, NOSIGS = 0x4, NOCHAIN = 0x8, NOVERIFY = 0x10, TRUSTOTHER = 0x200;
    /** X509::PURPOSE_OCSP_HELPER, the purpose OpenSSL checks a responder's chain for. */
    private static final int PURPOSE_OCSP_HELPER = 8;

    final BasicOCSPResponse response;
    final PublicKey signerKey;
    private final Certificate signer;
    /** Whether stock's answer is the signature's alone (else the signer's chain's, whatever the signature). */
    final boolean signatureAlone;
    private final int flags;

    private OcspVerification(BasicOCSPResponse response, Certificate signer, int flags) {
        this.response = response;
        this.signer = signer;
        this.signerKey = signer.getPublicKey();
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
     * The response and its signer's key (arguments checked: {@link #checkArguments}) where stock
     * finds the signer, else null: stock's to answer. Where stock checks the signer's chain (no
     * OCSP::NOVERIFY, nor OCSP::TRUSTOTHER without OCSP::NOINTERN), that is its answer whatever the
     * signature (0.14 to 0.16 overwrite the signature's): the signature is answered for apart (the
     * engine's check, or stock's with OCSP::NOVERIFY), and stock's with OCSP::NOSIGS for the chain.
     */
    static OcspVerification of(ThreadContext context, IRubyObject self, RubyArray<?> given) {
        Integer flags = given.size() > 2 ? FlagsArgument.of(given.eltInternal(2), null) : Integer.valueOf(0);
        if (flags == null || !(given.eltInternal(0) instanceof RubyArray)) return null;
        BasicOCSPResponse response = JopensslSeams.ocspResponse(self);
        if (response == null) return null;
        Certificate signer = JopensslSeams.ocspSigner(context, self, given.eltInternal(0), flags);
        return signer == null || signer.getPublicKey() == null ? null : new OcspVerification(response, signer, flags);
    }

    /**
     * Whether the signer's chain verifies as OCSP_basic_verify checks it before anything else of
     * the chain (X509_verify_cert for the OCSP helper purpose, the response's certificates and the
     * ones given untrusted, none with OCSP::NOCHAIN), by stock's own StoreContext. Stock's verify
     * skips that answer where the responder is the issuer of the certificates it answers for, or
     * OCSP::NOCHECKS is given, and says true for a chain the store does not trust.
     */
    boolean signerChainVerifies(ThreadContext context, IRubyObject self, RubyArray<?> given) {
        RubyArray<?> untrusted = context.runtime.newArray();
        IRubyObject signerCertificate;
        try {
            if ((flags & NOCHAIN) == 0) {
                for (org.bouncycastle.asn1.x509.Certificate inside : response.getCerts() == null ? new org.bouncycastle.asn1.x509.Certificate[0] : certificatesIn(response)) {
                    untrusted.append(X509Cert.wrap(context.runtime, SecurityHelper.getCertificateFactory("X.509").generateCertificate(new ByteArrayInputStream(inside.getEncoded()))));
                }
                if (given.eltInternal(0) instanceof RubyArray) untrusted.callMethod(context, "concat", given.eltInternal(0));
            }
            signerCertificate = X509Cert.wrap(context.runtime, signer);
        } catch (GeneralSecurityException | IOException unencoded) { // no chain to build from them, as for OpenSSL
            return false;
        }
        RubyClass storeContext = (RubyClass) context.runtime.getClassFromPath("OpenSSL::X509::StoreContext");
        IRubyObject check = storeContext.callMethod(context, "new", new IRubyObject[] {given.eltInternal(1), signerCertificate, untrusted});
        check.callMethod(context, "purpose=", context.runtime.newFixnum(PURPOSE_OCSP_HELPER));
        return check.callMethod(context, "verify").isTrue();
    }

    /** The arguments for stock's verify of all but the signature: the flags with OCSP::NOSIGS. */
    IRubyObject[] withoutSignatures(ThreadContext context, RubyArray<?> given) {
        return new IRubyObject[] {given.eltInternal(0), given.eltInternal(1), context.runtime.newFixnum(flags | NOSIGS)};
    }

    /** The arguments for stock's verify of the signature alone: the flags with OCSP::NOVERIFY. */
    IRubyObject[] signatureOnly(ThreadContext context, RubyArray<?> given) {
        return new IRubyObject[] {given.eltInternal(0), given.eltInternal(1), context.runtime.newFixnum(flags | NOVERIFY)};
    }

    /** Whether the signature is checked: no OCSP::NOSIGS. */
    boolean checksSignature() {
        return (flags & NOSIGS) == 0;
    }

    private static org.bouncycastle.asn1.x509.Certificate[] certificatesIn(BasicOCSPResponse response) {
        org.bouncycastle.asn1.ASN1Sequence certs = response.getCerts();
        org.bouncycastle.asn1.x509.Certificate[] all = new org.bouncycastle.asn1.x509.Certificate[certs.size()];
        for (int i = 0; i < all.length; i++) all[i] = org.bouncycastle.asn1.x509.Certificate.getInstance(certs.getObjectAt(i));
        return all;
    }

    /** Whether stock's verify answers with the signature alone: no chain (OCSP::NOVERIFY, or OCSP::TRUSTOTHER without OCSP::NOINTERN). */
    private static boolean signatureAlone(int flags) {
        return (flags & NOVERIFY) != 0 || ((flags & NOINTERN) == 0 && (flags & TRUSTOTHER) != 0);
    }
}
