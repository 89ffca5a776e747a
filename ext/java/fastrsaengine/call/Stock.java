package fastrsaengine.call;

import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * Stock jruby-openssl: the block each patched Ruby method passes is {@code { super }}, the method the
 * patch was prepended over (Ruby's own method lookup, so nothing here depends on JRuby internals).
 */
final class Stock {
    private Stock() {
    }

    /**
     * Stock's answer, with one repair: where stock lets a Java exception escape for bad input, or
     * words its own error in Java's terms, the caller gets the Ruby error MRI raises
     * ({@link Errors#fromJava}) for the patched method of that name (as {@link Call} names it).
     */
    static IRubyObject call(ThreadContext context, String method, Block stock) {
        try {
            return stock.yieldSpecific(context);
        } catch (RuntimeException e) {
            throw Errors.fromJava(context.runtime, method, e);
        }
    }
}
