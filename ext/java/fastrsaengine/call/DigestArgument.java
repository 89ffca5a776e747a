package fastrsaengine.call;

import fastrsaengine.padding.DigestAlgorithm;
import org.jruby.RubyString;
import org.jruby.ext.openssl.Digest;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * A digest argument as MRI's ossl_evp_get_digestbyname reads it: a name OpenSSL knows, or an
 * OpenSSL::Digest (nil: stock's default), with MRI's errors in its order (a type, a NUL byte, an
 * unknown name). The structures' digest arguments and EC's verify_raw check theirs here.
 */
public final class DigestArgument {
    private DigestArgument() {
    }

    public static void check(ThreadContext context, IRubyObject value) {
        if (value.isNil() || value instanceof Digest) return;
        if (!(value instanceof RubyString)) throw Errors.wrongArgumentType(context.runtime, value, "OpenSSL/Digest");
        if (value.asJavaString().indexOf('\0') >= 0) throw Errors.nulByte(context.runtime); // StringValueCStr
        if (!DigestAlgorithm.isObjectName(value.asJavaString())) throw Errors.unsupportedDigest(context.runtime, (RubyString) value);
    }
}
