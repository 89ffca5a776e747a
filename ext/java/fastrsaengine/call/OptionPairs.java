package fastrsaengine.call;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jruby.RubyHash;
import org.jruby.RubyKernel;
import org.jruby.RubyString;
import org.jruby.RubySymbol;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * An options Hash as MRI hands it to OpenSSL (ossl_pkey.c, pkey_ctx_apply_options): nil for none,
 * anything but a Hash refused, then each pair in order, the value as Kernel#String makes it and the
 * key as a String (a Symbol's name), each without NUL bytes, as one EVP_PKEY_CTX_ctrl_str call. The
 * context that takes the calls (encryption, key generation) decides what each name means.
 */
public final class OptionPairs {
    /** One EVP_PKEY_CTX_ctrl_str call: raises MRI's error where OpenSSL refuses it. */
    public interface Control {
        void apply(RubyString name, RubyString value);
    }

    private OptionPairs() {
    }

    public static void apply(ThreadContext context, IRubyObject options, Control control) {
        if (options.isNil()) return;
        if (!(options instanceof RubyHash)) {
            throw Errors.wrongArgumentType(context.runtime, options, "Hash");
        }
        for (IRubyObject[] pair : pairs((RubyHash) options)) {
            // MRI converts the value first: its errors come before the key's.
            RubyString value = withoutNul(context, (RubyString) RubyKernel.new_string(context, context.nil, pair[1]));
            IRubyObject key = pair[0] instanceof RubySymbol ? ((RubySymbol) pair[0]).asString() : pair[0];
            control.apply(withoutNul(context, key.convertToString()), value);
        }
    }

    /** StringValueCStr ({@link Errors#nulByte}). */
    private static RubyString withoutNul(ThreadContext context, RubyString string) {
        if (string.getByteList().indexOf(0) >= 0) throw Errors.nulByte(context.runtime);
        return string;
    }

    /** An options Hash's pairs, in order, as a snapshot: reading a value may run Ruby code that changes the Hash. */
    public static List<IRubyObject[]> pairs(RubyHash options) {
        List<IRubyObject[]> pairs = new ArrayList<>();
        for (Object entry : options.directEntrySet()) {
            Map.Entry<?, ?> pair = (Map.Entry<?, ?>) entry;
            pairs.add(new IRubyObject[] {(IRubyObject) pair.getKey(), (IRubyObject) pair.getValue()});
        }
        return pairs;
    }
}
