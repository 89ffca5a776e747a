package fastrsaengine.verification;

import fastrsaengine.call.Errors;
import fastrsaengine.chains.ChainSignatures;
import fastrsaengine.chains.PlainChain;
import fastrsaengine.engines.shared.WeakIdentityCache;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ocsp.SingleResponse;
import org.jruby.ext.openssl.x509store.X509AuxCertificate;
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
    /** Each response's certificates, as read for its signer's chain ({@link #certificatesRead}). */
    private static final WeakIdentityCache<BasicOCSPResponse, List<X509Certificate>> RESPONSE_CERTIFICATES = new WeakIdentityCache<>();
    /** SHA-1, SHA-224, SHA-256, SHA-384, SHA-512: the CertID hashes stock digests with. */
    private static final Set<String> STOCK_ID_HASHES = new HashSet<>(Arrays.asList(
        "1.3.14.3.2.26", "2.16.840.1.101.3.4.2.4", "2.16.840.1.101.3.4.2.1", "2.16.840.1.101.3.4.2.2", "2.16.840.1.101.3.4.2.3"));

    final BasicOCSPResponse response;
    final PublicKey signerKey;
    private final Certificate signer;
    /** Whether stock's answer is the signature's alone (else the signer's chain's, whatever the signature). */
    final boolean signatureAlone;
    private final int flags;

    private OcspVerification(BasicOCSPResponse response, OcspSigners.Found found, int flags) {
        this.response = response;
        this.signer = found.signer;
        this.signerKey = found.key;
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
        OcspSigners.Found found = OcspSigners.of(context, self, response, given.eltInternal(0), flags);
        return found == null || found.key == null ? null : new OcspVerification(response, found, flags);
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

    /**
     * Stock's answer to the signer's chain where the gem's own check finds that chain plain and good
     * ({@link PlainChain}, on the chain stock's verify checks: the signer, the response's
     * certificates and the ones given untrusted, none with OCSP::NOCHAIN, the OCSP helper purpose, no
     * time or callback set on the store): then stock's verify answers true with OCSP::NOCHAIN, else
     * as the chain's root's own signature verifies (its issuer check, 0.14 to 0.16, matches no
     * response whose ids it digests: their hashes compared as arrays, by identity). Null where stock decides.
     */
    Boolean plainChainAnswer(ChainSignatures signatures, RubyArray<?> given) {
        IRubyObject store = given.eltInternal(1);
        if (!store.getInstanceVariables().getInstanceVariable("@time").isNil() || !idsDigestedByStock()) return null;
        List<X509AuxCertificate> untrusted = new ArrayList<>();
        if ((flags & NOCHAIN) == 0) {
            List<X509Certificate> inside = certificatesRead(response);
            if (inside == null) return null;
            for (X509Certificate certificate : inside) untrusted.add(new X509AuxCertificate(certificate));
            RubyArray<?> certificates = (RubyArray<?>) given.eltInternal(0);
            for (int i = 0; i < certificates.size(); i++) {
                untrusted.add(new X509AuxCertificate(certificates.eltInternal(i).toJava(X509Certificate.class)));
            }
        }
        if (!(signer instanceof X509Certificate)) return null;
        List<X509AuxCertificate> chain = PlainChain.verifiedSigner(signatures, JopensslSeams.store(store),
            new X509AuxCertificate((X509Certificate) signer), untrusted, PURPOSE_OCSP_HELPER);
        if (chain == null || PlainChain.explicitCurveDepth(signatures, chain) >= 0) return null;
        return (flags & NOCHAIN) != 0 || PlainChain.selfSigned(signatures, chain.get(chain.size() - 1)) ? Boolean.TRUE : null;
    }

    /** A response's certificates as JCA certificates, read once a response; null where one cannot be read (stock decides). */
    private static List<X509Certificate> certificatesRead(BasicOCSPResponse response) {
        List<X509Certificate> read = RESPONSE_CERTIFICATES.get(response);
        if (read != null) return read;
        read = new ArrayList<>();
        try {
            if (response.getCerts() != null) {
                for (org.bouncycastle.asn1.x509.Certificate inside : certificatesIn(response)) {
                    read.add((X509Certificate) SecurityHelper.getCertificateFactory("X.509").generateCertificate(new ByteArrayInputStream(inside.getEncoded())));
                }
            }
        } catch (GeneralSecurityException | IOException | RuntimeException unread) {
            return null;
        }
        RESPONSE_CERTIFICATES.put(response, read);
        return read;
    }

    /** Whether every single response's id names a hash stock's issuer check digests with (another: it may raise). */
    private boolean idsDigestedByStock() {
        ASN1Sequence responses = response.getTbsResponseData().getResponses();
        if (responses.size() == 0) return false;
        for (int i = 0; i < responses.size(); i++) {
            String hash = SingleResponse.getInstance(responses.getObjectAt(i)).getCertID().getHashAlgorithm().getAlgorithm().getId();
            if (!STOCK_ID_HASHES.contains(hash)) return false;
        }
        return true;
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
