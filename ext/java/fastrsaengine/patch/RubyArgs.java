package fastrsaengine.patch;

import fastrsaengine.padding.DigestAlgorithm;
import org.jruby.RubyFixnum;
import org.jruby.RubyHash;
import org.jruby.RubyModule;
import org.jruby.RubyString;
import org.jruby.RubySymbol;
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

    /** A digest given as a name ("SHA256", "sha256", :sha256) or an OpenSSL::Digest, if the engine knows it. */
    static DigestAlgorithm digest(ThreadContext context, IRubyObject digest) {
        if (digest instanceof RubyString || digest instanceof RubySymbol) return DigestAlgorithm.forName(digest.asJavaString());
        if (isOpenSslDigest(context, digest)) {
            IRubyObject name = digest.callMethod(context, "name");
            return name instanceof RubyString ? DigestAlgorithm.forName(name.asJavaString()) : null;
        }
        return null;
    }

    private static boolean isOpenSslDigest(ThreadContext context, IRubyObject value) {
        IRubyObject digestClass = context.runtime.getModule("OpenSSL").getConstantAt("Digest");
        return digestClass instanceof RubyModule && ((RubyModule) digestClass).isInstance(value);
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

    /** An options Hash entry under a Symbol key, or (where stock also looks) a String key. */
    static IRubyObject option(ThreadContext context, RubyHash options, String key, boolean alsoStringKey) {
        IRubyObject value = options.fastARef(context.runtime.newSymbol(key));
        if (value == null && alsoStringKey) value = options.fastARef(context.runtime.newString(key));
        return value == null ? context.nil : value;
    }
}
