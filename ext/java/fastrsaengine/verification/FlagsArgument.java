package fastrsaengine.verification;

import org.jruby.RubyFixnum;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * A verification's flags argument as stock reads it (RubyNumeric.fix2int): an Integer within an
 * int. Anything else (a Bignum, an Integer beyond an int, another type) is stock's to refuse with
 * its own RangeError or TypeError, so the engine reads none of it: a flag read from the low bits of
 * such a number would answer where stock raises.
 */
final class FlagsArgument {
    private FlagsArgument() {
    }

    /** The flags, or null where stock is to read them; nil reads as {@code whenNil} (null: stock's). */
    static Integer of(IRubyObject value, Integer whenNil) {
        if (value.isNil()) return whenNil;
        if (!(value instanceof RubyFixnum)) return null;
        long flags = ((RubyFixnum) value).getLongValue();
        return flags == (int) flags ? (int) flags : null;
    }
}
