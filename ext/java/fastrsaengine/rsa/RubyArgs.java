package fastrsaengine.rsa;

import fastrsaengine.call.Errors;
import fastrsaengine.padding.DigestAlgorithm;
import java.util.EnumSet;
import java.util.Set;
import org.jruby.RubyFixnum;
import org.jruby.RubyHash;
import org.jruby.RubyString;
import org.jruby.RubySymbol;
import org.jruby.ext.openssl.Digest;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.util.ByteList;

/**
 * Reading the Ruby arguments of the patched methods. Each reader answers null for anything
 * but the plain, well-formed case; the patch then hands the call to stock, which raises its
 * own error for bad arguments, so errors stay exactly stock's.
 */
final class RubyArgs {
    private RubyArgs() {
    }

    static ByteList bytes(IRubyObject value) {
        return value instanceof RubyString ? ((RubyString) value).getByteList() : null;
    }

    static byte[] byteArray(IRubyObject value) {
        ByteList bytes = bytes(value);
        return bytes == null ? null : bytes.bytes();
    }

    /** The digests stock signs with by their plain names, which a Symbol names there (MRI refuses Symbols). */
    private static final Set<DigestAlgorithm> STOCK_NAMED = EnumSet.of(DigestAlgorithm.MD5, DigestAlgorithm.SHA1,
        DigestAlgorithm.SHA224, DigestAlgorithm.SHA256, DigestAlgorithm.SHA384, DigestAlgorithm.SHA512, DigestAlgorithm.SHA3_224,
        DigestAlgorithm.SHA3_256, DigestAlgorithm.SHA3_384, DigestAlgorithm.SHA3_512, DigestAlgorithm.RIPEMD160);

    /**
     * A digest argument the engine signs with: a String in any spelling MRI's OpenSSL takes ("SHA256",
     * "SHA-256", "sha256WithRSAEncryption", an OID), an OpenSSL::Digest, or a Symbol where stock reads
     * one; null otherwise (stock's to answer or refuse).
     */
    static DigestAlgorithm digest(IRubyObject digest) {
        DigestAlgorithm algorithm = named(digest);
        return algorithm != null && algorithm.signs() ? algorithm : null;
    }

    private static DigestAlgorithm named(IRubyObject digest) {
        if (digest instanceof RubyString) return DigestAlgorithm.forObjectName(digest.asJavaString());
        if (digest instanceof Digest) return DigestAlgorithm.forObjectName(((Digest) digest).getName());
        if (digest instanceof RubySymbol) {
            DigestAlgorithm algorithm = DigestAlgorithm.forObjectName(digest.asJavaString());
            return STOCK_NAMED.contains(algorithm) && algorithm.opensslName().equalsIgnoreCase(digest.asJavaString()) ? algorithm : null;
        }
        return null;
    }

    /** A digest named in an option String ("rsa_mgf1_md"), as OpenSSL fetches it; null otherwise. */
    static DigestAlgorithm optionDigest(IRubyObject value) {
        DigestAlgorithm algorithm = value instanceof RubyString ? DigestAlgorithm.forFetchName(value.asJavaString()) : null;
        return algorithm != null && algorithm.signs() ? algorithm : null;
    }

    /** The padding argument: absent or nil means PKCS#1 (1); null for anything but a 32-bit Integer (stock's RangeError). */
    static Integer padding(IRubyObject[] args) {
        if (args.length < 2 || args[1].isNil()) return 1;
        return int32(args[1]);
    }

    /** An Integer that fits C's int, as MRI's NUM2INT reads it; null for any other value. */
    static Integer int32(IRubyObject value) {
        if (!(value instanceof RubyFixnum)) return null;
        long number = ((RubyFixnum) value).getLongValue();
        return number == (int) number ? (int) number : null;
    }

    /**
     * sign_pss's and verify_pss's digest. MRI refuses nil (stock uses SHA-256 instead), but only after
     * reading salt_length and mgf1_hash, whose errors come first: for nil the readers take SHA-256 in
     * its place, then call {@link #refuseNilDigest} once the options have read cleanly.
     */
    static DigestAlgorithm pssDigest(IRubyObject digest) {
        return digest.isNil() ? DigestAlgorithm.SHA256 : digest(digest);
    }

    static void refuseNilDigest(ThreadContext context, IRubyObject digest) {
        if (digest.isNil()) throw Errors.wrongArgumentType(context.runtime, digest, "OpenSSL/Digest");
    }

    /** An options Hash entry under a Symbol key, or (where stock also looks) a String key. */
    static IRubyObject option(ThreadContext context, RubyHash options, String key, boolean alsoStringKey) {
        IRubyObject value = options.fastARef(context.runtime.newSymbol(key));
        if (value == null && alsoStringKey) value = options.fastARef(context.runtime.newString(key));
        return value == null ? context.nil : value;
    }
}
