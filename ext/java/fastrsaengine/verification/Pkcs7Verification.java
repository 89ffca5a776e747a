package fastrsaengine.verification;

import fastrsaengine.call.Errors;
import fastrsaengine.chains.ChainSignatures;
import fastrsaengine.chains.PlainChain;
import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.structures.JopensslSeams;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.jruby.RubyArray;
import org.jruby.RubyString;
import org.jruby.ext.openssl.X509Cert;
import org.jruby.ext.openssl.X509Store;
import org.jruby.ext.openssl.impl.PKCS7;
import org.jruby.ext.openssl.impl.PKCS7Exception;
import org.jruby.ext.openssl.x509store.Store;
import org.jruby.ext.openssl.x509store.X509AuxCertificate;
import org.jruby.ext.openssl.x509store.X509Utils;
import org.jruby.runtime.Arity;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.util.ByteList;

/**
 * PKCS7#verify(certs, store [, indata [, flags]]) read as stock reads it (JopensslSeams item 10),
 * for the engine's check ({@link Pkcs7Check}): the certificates given, the flags, the signers
 * stock finds, and the bytes stock digests (the data given, else the data the PKCS7 holds in
 * {@code @data}, else the content inside). Only what stock reads without complaint and the engine
 * reads alike: a list of certificates or nil, a String or nil for the data, an Integer or nil for
 * the flags, and signed data with its content where none is given; anything else is stock's to
 * answer. Then, where the signatures are good, the rest of stock's verify where the gem can tell
 * its answer is true ({@link #restHolds}: each signer's chain, the content read out).
 */
final class Pkcs7Verification {
    /** PKCS7::TEXT: the content read out is read as text ({@link #withoutText}). */
    private static final int TEXT = 0x1;
    /** PKCS7::NOSIGS: verify skips the signers' signatures. */
    private static final int NOSIGS = 0x4;
    /** PKCS7::NOCHAIN: a signer's chain is checked without the structure's certificates, for no purpose. */
    private static final int NOCHAIN = 0x8;
    /** PKCS7::NOVERIFY: no signer's chain is checked. */
    private static final int NOVERIFY = 0x20;

    final PKCS7 p7;
    final List<X509AuxCertificate> signers;
    final int flags;
    final byte[] content;
    private final IRubyObject[] args;

    private Pkcs7Verification(PKCS7 p7, List<X509AuxCertificate> signers, int flags, byte[] content, IRubyObject[] args) {
        this.p7 = p7;
        this.signers = signers;
        this.flags = flags;
        this.content = content;
        this.args = args;
    }

    /**
     * Raises MRI's error for arguments stock would fail on in Java, in MRI's order: a count other
     * than 2 to 4 (ArgumentError), a store that is none (TypeError), then, where the flags read,
     * certificates that are neither nil nor an Array (TypeError) or hold what is no certificate
     * (OpenSSLError). Flags and data of the wrong type get stock's own TypeError.
     */
    static void checkArguments(ThreadContext context, RubyArray<?> given) {
        Arity.checkArgumentCount(context.runtime, given.size(), 2, 4);
        IRubyObject store = given.eltInternal(1);
        if (!(store instanceof X509Store)) throw Errors.wrongArgumentType(context.runtime, store, "OpenSSL/X509/STORE");
        IRubyObject certificates = given.eltInternal(0);
        if (certificates.isNil() || FlagsArgument.of(given.entry(3), 0) == null) return;
        if (!(certificates instanceof RubyArray)) throw Errors.wrongArgumentType(context.runtime, certificates, "Array");
        RubyArray<?> array = (RubyArray<?>) certificates;
        for (int i = 0; i < array.size(); i++) {
            if (!(array.eltInternal(i) instanceof X509Cert)) throw Errors.notCertificateInArray(context.runtime);
        }
    }

    /**
     * Takes PKCS7::TEXT out of the flags given (args[3]) where they read and hold it, and says
     * whether it did: OpenSSL reads the content as text ({@link fastrsaengine.structures.SmimeText})
     * after the signers' chains and before their signatures, where stock's verify hands on no text
     * and refuses none; the gem's verify without it, then the text read of what it reads out,
     * answers as OpenSSL.
     */
    static boolean takeOutText(ThreadContext context, IRubyObject[] args) {
        Integer flags = FlagsArgument.of(at(context, args, 3), 0);
        if (flags == null || (flags & TEXT) == 0) return false;
        args[3] = context.runtime.newFixnum(flags & ~TEXT);
        return true;
    }

    /** The verification's arguments (checked: {@link #checkArguments}), or null where stock is to read them. */
    static Pkcs7Verification of(ThreadContext context, IRubyObject self, IRubyObject[] given) {
        if (given.length < 2 || given.length > 4) return null;
        IRubyObject[] args = {given[0], given[1], at(context, given, 2), at(context, given, 3)};
        Integer flags = FlagsArgument.of(args[3], 0);
        if (flags == null || (flags & NOSIGS) != 0) return null;
        PKCS7 p7 = JopensslSeams.pkcs7(self);
        if (p7 == null || !p7.isSigned()) return null;
        List<X509AuxCertificate> certificates = certificates(args[0]);
        if (certificates == null && !args[0].isNil()) return null;
        byte[] content = content(p7, args[2].isNil() ? self.getInstanceVariables().getInstanceVariable("@data") : args[2]);
        List<X509AuxCertificate> signers = content == null ? null : Pkcs7Signers.of(p7, certificates, flags);
        return signers == null ? null : new Pkcs7Verification(p7, signers, flags, content, args);
    }

    /**
     * Whether the rest of stock's verify, after the signatures, says true, as the gem can tell
     * without it: each signer's chain one the gem checks itself and finds
     * plain and good ({@link PlainChain}) where stock checks it (as PKCS7_verify does: a
     * StoreContext of the store of its own, the structure's certificates untrusted and the S/MIME
     * signing purpose, or with PKCS7::NOCHAIN neither; none with PKCS7::NOVERIFY), and the content
     * read out as it stands (every digest the structure lists one stock digests). False where stock
     * is to decide.
     */
    boolean restHolds(ChainSignatures signatures) {
        if (!digestsKnown()) return false;
        if ((flags & NOVERIFY) != 0) return true;
        boolean chained = (flags & NOCHAIN) == 0;
        Collection<X509AuxCertificate> inside = p7.getSign().getCert();
        if (chained && inside == null) return false; // stock's to read
        Store store = JopensslSeams.store(args[1]);
        for (X509AuxCertificate signer : signers) {
            List<X509AuxCertificate> untrusted = chained ? new ArrayList<>(inside) : null;
            List<X509AuxCertificate> chain = PlainChain.verifiedSigner(signatures, store, signer, untrusted,
                chained ? X509Utils.X509_PURPOSE_SMIME_SIGN : 0);
            if (chain == null || PlainChain.explicitCurveDepth(signatures, chain) >= 0) return false; // stock's true there is stock's
        }
        return true;
    }

    /** What stock's verify leaves in {@code data} where it says true: the content read out, a new binary String (its bytes its own: {@link #content}). */
    RubyString contentReadOut(ThreadContext context) {
        return RubyString.newString(context.runtime, new ByteList(content, false));
    }

    /** The arguments for stock's verify of all but the signatures. */
    IRubyObject[] withoutSignatures(ThreadContext context) {
        return new IRubyObject[] {args[0], args[1], args[2], context.runtime.newFixnum(flags | NOSIGS)};
    }

    /** Whether every digest the structure lists is one stock's dataInit digests the content with (else it fails). */
    private boolean digestsKnown() {
        for (AlgorithmIdentifier listed : p7.getSign().getMdAlgs()) {
            if (!Pkcs7Check.DIGESTS.contains(DigestAlgorithm.forObjectName(listed.getAlgorithm().getId()))) return false;
        }
        return true;
    }

    private static IRubyObject at(ThreadContext context, IRubyObject[] given, int index) {
        return given.length > index ? given[index] : context.nil;
    }

    /** Stock's list of the certificates given, each wrapped as its getAuxCerts wraps it; null for nil or anything but certificates. */
    private static List<X509AuxCertificate> certificates(IRubyObject given) {
        if (!(given instanceof RubyArray)) return null;
        RubyArray<?> array = (RubyArray<?>) given;
        List<X509AuxCertificate> certificates = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            IRubyObject certificate = array.eltInternal(i);
            Object held = certificate instanceof X509Cert ? certificate.toJava(X509Certificate.class) : null;
            if (!(held instanceof X509Certificate)) return null;
            certificates.add(held instanceof X509AuxCertificate ? (X509AuxCertificate) held : new X509AuxCertificate((X509Certificate) held));
        }
        return certificates;
    }

    /** The bytes stock digests, a copy of their own: the data, else the content inside (none: no bytes); null where stock fails first, or reads otherwise. */
    private static byte[] content(PKCS7 signed, IRubyObject data) {
        if (data instanceof RubyString) {
            ByteList bytes = ((RubyString) data).getByteList();
            return Arrays.copyOfRange(bytes.unsafeBytes(), bytes.begin(), bytes.begin() + bytes.realSize());
        }
        if (!data.isNil()) return null;
        try {
            if (signed.isDetached()) return null; // stock: no content
            ASN1OctetString inside = signed.getSign().getContents().getOctetString();
            return inside == null ? new byte[0] : inside.getOctets().clone(); // the structure's own bytes, not to be shared with a String
        } catch (PKCS7Exception unread) {
            return null;
        }
    }
}
