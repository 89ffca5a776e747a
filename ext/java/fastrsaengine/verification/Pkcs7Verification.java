package fastrsaengine.verification;

import fastrsaengine.structures.JopensslSeams;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.asn1.ASN1OctetString;
import org.jruby.RubyArray;
import org.jruby.RubyString;
import org.jruby.ext.openssl.X509Cert;
import org.jruby.ext.openssl.impl.PKCS7;
import org.jruby.ext.openssl.impl.PKCS7Exception;
import org.jruby.ext.openssl.x509store.X509AuxCertificate;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.util.ByteList;

/**
 * PKCS7#verify(certs, store [, indata [, flags]]) read as stock reads it (JopensslSeams item 10),
 * for the engine's check ({@link Pkcs7Check}): the certificates given, the flags, and the bytes
 * stock digests (the data given, else the data the PKCS7 holds in {@code @data}, else the content
 * inside). Only what stock reads without complaint and the engine reads alike: a list of
 * certificates or nil, a String or nil for the data, an Integer or nil for the flags, and signed
 * data with its content where none is given; anything else is stock's to answer.
 */
final class Pkcs7Verification {
    /** PKCS7::NOSIGS: verify skips the signers' signatures. */
    private static final int NOSIGS = 0x4;

    final PKCS7 p7;
    final List<X509AuxCertificate> certificates;
    final int flags;
    final byte[] content;
    private final IRubyObject[] args;

    private Pkcs7Verification(PKCS7 p7, List<X509AuxCertificate> certificates, int flags, byte[] content, IRubyObject[] args) {
        this.p7 = p7;
        this.certificates = certificates;
        this.flags = flags;
        this.content = content;
        this.args = args;
    }

    /** The verification's arguments, or null where stock is to read them. */
    static Pkcs7Verification of(ThreadContext context, IRubyObject self, RubyArray<?> given) {
        if (given.size() < 2 || given.size() > 4) return null;
        IRubyObject[] args = {given.eltInternal(0), given.eltInternal(1), at(context, given, 2), at(context, given, 3)};
        Integer flags = FlagsArgument.of(args[3], 0);
        if (flags == null || (flags & NOSIGS) != 0) return null;
        PKCS7 p7 = JopensslSeams.pkcs7(self);
        if (p7 == null || !p7.isSigned()) return null;
        List<X509AuxCertificate> certificates = certificates(args[0]);
        if (certificates == null && !args[0].isNil()) return null;
        byte[] content = content(p7, args[2].isNil() ? self.getInstanceVariables().getInstanceVariable("@data") : args[2]);
        return content == null ? null : new Pkcs7Verification(p7, certificates, flags, content, args);
    }

    /** The arguments for stock's verify of all but the signatures. */
    IRubyObject[] withoutSignatures(ThreadContext context) {
        return new IRubyObject[] {args[0], args[1], args[2], context.runtime.newFixnum(flags | NOSIGS)};
    }

    private static IRubyObject at(ThreadContext context, RubyArray<?> given, int index) {
        return given.size() > index ? given.eltInternal(index) : context.nil;
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

    /** The bytes stock digests: the data, else the content inside (none: no bytes); null where stock fails first, or reads otherwise. */
    private static byte[] content(PKCS7 signed, IRubyObject data) {
        if (data instanceof RubyString) {
            ByteList bytes = ((RubyString) data).getByteList();
            return Arrays.copyOfRange(bytes.unsafeBytes(), bytes.begin(), bytes.begin() + bytes.realSize());
        }
        if (!data.isNil()) return null;
        try {
            if (signed.isDetached()) return null; // stock: no content
            ASN1OctetString inside = signed.getSign().getContents().getOctetString();
            return inside == null ? new byte[0] : inside.getOctets();
        } catch (PKCS7Exception unread) {
            return null;
        }
    }
}
