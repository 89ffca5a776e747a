package fastrsaengine.ec;

import fastrsaengine.engines.ec.EcCurve;
import fastrsaengine.padding.DigestAlgorithm;
import java.security.spec.ECPoint;
import java.util.EnumSet;
import java.util.Set;
import org.jruby.RubyString;
import org.jruby.ext.openssl.Digest;
import org.jruby.ext.openssl.PKeyEC;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.util.ByteList;

/**
 * Reading the Ruby arguments of the EC methods. Each reader answers null for anything but the plain,
 * well-formed case, which then goes to stock with its own answer or error.
 */
final class EcArgs {
    /**
     * The digests the engine signs with: SHA-1 and SHA-2, by the names stock hands Bouncy Castle as
     * "&lt;name&gt;WITHECDSA" (an OpenSSL::Digest's name, or a String of it in any case). Other names
     * and digests (SHA-3, RIPEMD-160, MD5, "SHA-256") are stock's to take or refuse, as before.
     */
    private static final Set<DigestAlgorithm> DIGESTS = EnumSet.of(DigestAlgorithm.SHA1, DigestAlgorithm.SHA224,
        DigestAlgorithm.SHA256, DigestAlgorithm.SHA384, DigestAlgorithm.SHA512);

    private EcArgs() {
    }

    static ByteList bytes(IRubyObject value) {
        return value instanceof RubyString ? ((RubyString) value).getByteList() : null;
    }

    static byte[] byteArray(IRubyObject value) {
        ByteList bytes = bytes(value);
        return bytes == null ? null : bytes.bytes();
    }

    static DigestAlgorithm digest(IRubyObject digest) {
        String name = digest instanceof RubyString ? digest.asJavaString() : digest instanceof Digest ? ((Digest) digest).getName() : null;
        if (name == null) return null;
        for (DigestAlgorithm algorithm : DIGESTS) {
            if (algorithm.opensslName().equalsIgnoreCase(name)) return algorithm;
        }
        return null;
    }

    /**
     * sign_raw's and verify_raw's digest, which only says how long the hash is: by any name OpenSSL
     * gives a digest ("SHA2-256", "RIPEMD160", an OID), or an OpenSSL::Digest by its name; else null.
     */
    static DigestAlgorithm rawDigest(IRubyObject digest) {
        String name = digest instanceof RubyString ? digest.asJavaString() : digest instanceof Digest ? ((Digest) digest).getName() : null;
        return DigestAlgorithm.forObjectName(name);
    }

    /**
     * An OpenSSL::PKey::EC::Point's coordinates as it writes them uncompressed, if they are a point of
     * this curve (not infinity); null otherwise, for stock: a point of another curve, or one that
     * would be the invalid-curve attack's, never reaches the engine.
     */
    static ECPoint point(ThreadContext context, IRubyObject value, EcCurve curve) {
        return value instanceof PKeyEC.Point ? curve.pointOf(octets(context, value)) : null;
    }

    /**
     * Whether MRI would hold the point at infinity: stock's own (set_to_infinity!), or one Point.new
     * made from a group alone, which stock makes the generator and MRI infinity ({@link EcPoints}).
     */
    static boolean atInfinity(ThreadContext context, IRubyObject value) {
        return value instanceof PKeyEC.Point && (value.callMethod(context, "infinity?").isTrue() || EcPoints.unset(value));
    }

    /** The point's public Ruby method; a point it cannot write is stock's to refuse. */
    private static byte[] octets(ThreadContext context, IRubyObject point) {
        try {
            return byteArray(point.callMethod(context, "to_octet_string", context.runtime.newSymbol("uncompressed")));
        } catch (RuntimeException unwritable) {
            return null;
        }
    }
}
