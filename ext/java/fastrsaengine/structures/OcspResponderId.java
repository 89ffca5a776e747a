package fastrsaengine.structures;

import fastrsaengine.call.Call;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.DERTaggedObject;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.x509.Certificate;
import org.jruby.RubyArray;
import org.jruby.RubyNumeric;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * OCSP::BasicResponse#sign with OCSP::RESPID_KEY: OpenSSL names the responder by key (RFC 6960's
 * byKey, the SHA-1 of the signer certificate's public key bits), where stock fails in Java (its
 * Bouncy Castle builder asks for a digest calculator of the signature algorithm). So stock signs
 * without the flag, naming the responder byName, and {@link Signer} puts the responder id by key
 * in its place and has the to-be-signed part signed anew. (DIFFERENCES.md: ocsp-respid-key.)
 */
final class OcspResponderId {
    /** OCSP::RESPID_KEY, as OpenSSL and jruby-openssl number it. */
    private static final int RESPID_KEY = 0x400;
    /** The flags' place in BasicResponse#sign's arguments. */
    private static final int FLAGS = 3;
    /** ResponderID's byKey: [2] EXPLICIT KeyHash. */
    private static final int BY_KEY = 2;

    private OcspResponderId() {
    }

    /** Whether the arguments (as {@link StructureArguments} checked them) ask for the responder id by key. */
    static boolean byKey(RubyArray<?> args) {
        return args.size() > FLAGS && (flags(args) & RESPID_KEY) != 0;
    }

    static int flags(RubyArray<?> args) {
        IRubyObject flags = args.eltInternal(FLAGS);
        return flags.isNil() ? 0 : RubyNumeric.num2int(flags);
    }

    /** Sets the flags in the arguments stock's method is called with (the caller's array, which the block reads). */
    static void setFlags(ThreadContext context, RubyArray<?> args, int flags) {
        args.store(FLAGS, context.runtime.newFixnum(flags));
    }

    /** The flags without RESPID_KEY, with which stock signs naming the responder byName. */
    static int withoutByKey(int flags) {
        return flags & ~RESPID_KEY;
    }

    /** The responder id by key of the signer's certificate: [2] EXPLICIT OCTET STRING, the SHA-1 of its public key bits. */
    static byte[] of(ThreadContext context, IRubyObject certificate) {
        byte[] der = certificate.callMethod(context, "to_der").convertToString().getBytes();
        byte[] keyBits = Certificate.getInstance(der).getSubjectPublicKeyInfo().getPublicKeyData().getBytes();
        try {
            byte[] keyHash = MessageDigest.getInstance("SHA-1").digest(keyBits);
            return new DERTaggedObject(true, BY_KEY, new DEROctetString(keyHash)).getEncoded(ASN1Encoding.DER);
        } catch (GeneralSecurityException | IOException cannotHappen) { // SHA-1 and DER in memory
            throw new IllegalStateException(cannotHappen);
        }
    }

    /** A signer whose DER gets the responder id by key before the signed part is signed anew by the one it wraps. */
    static final class Signer implements StructureSigner {
        private final StructureSigner signer;
        /** The signer's certificate, read once stock has signed with it (stock's errors for it come first). */
        private final IRubyObject certificate;

        Signer(StructureSigner signer, IRubyObject certificate) {
            this.signer = signer;
            this.certificate = certificate;
        }

        @Override
        public IRubyObject standIn() {
            return signer.standIn();
        }

        @Override
        public boolean stockAnswersAsWithTheKey() {
            return signer.stockAnswersAsWithTheKey();
        }

        @Override
        public byte[] signedDer(Call call, byte[] der, DerSlots.Layout layout) {
            return signer.signedAnew(call, DerSlots.withResponderId(der, of(call.context, certificate)), layout);
        }

        @Override
        public byte[] signedAnew(Call call, byte[] der, DerSlots.Layout layout) {
            return signedDer(call, der, layout);
        }
    }
}
