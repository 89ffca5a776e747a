package fastrsaengine.patch;

import org.bouncycastle.crypto.RuntimeCryptoException;
import org.jruby.RubyClass;
import org.jruby.internal.runtime.methods.DynamicMethod;
import org.jruby.RubyModule;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/** Stock jruby-openssl: the method the patch was prepended over. */
final class Stock {
    private Stock() {
    }

    /** Stock exactly as it is: the engine is off. */
    static IRubyObject call(ThreadContext context, IRubyObject self, String method, IRubyObject[] args) {
        RubyClass above = classAbovePatch(context, self);
        DynamicMethod stock = above.searchMethod(method);
        if (stock.isUndefined()) return undefined(context, self, method, args);
        return stock.call(context, self, above, method, args, Block.NULL_BLOCK);
    }

    /**
     * Stock for a case the engine leaves to it, with one repair: where stock lets a Java exception
     * escape for bad input, the caller gets the OpenSSL::PKey::RSAError that MRI raises, with
     * stock's message. Nothing else is caught.
     */
    static IRubyObject fallback(ThreadContext context, IRubyObject self, String method, IRubyObject[] args) {
        try {
            return call(context, self, method, args);
        } catch (RuntimeCryptoException | IllegalArgumentException | IllegalStateException | IndexOutOfBoundsException
                 | NegativeArraySizeException e) {
            // NegativeArraySizeException: stock's PSS signer given a negative salt length.
            throw Errors.rsaError(context.runtime, e.getMessage());
        }
    }

    /** A method this jruby-openssl lacks (decrypt): Ruby's own NoMethodError, through method_missing. */
    private static IRubyObject undefined(ThreadContext context, IRubyObject self, String method, IRubyObject[] args) {
        IRubyObject[] missing = new IRubyObject[args.length + 1];
        missing[0] = context.runtime.newSymbol(method);
        System.arraycopy(args, 0, missing, 1, args.length);
        return self.callMethod(context, "method_missing", missing);
    }

    /**
     * What {@code super} means inside the patch: the ancestor right after the patch module in
     * this key's class chain (RSA's own methods, as prepend moved them).
     */
    private static RubyClass classAbovePatch(ThreadContext context, IRubyObject self) {
        RubyModule patch = (RubyModule) context.runtime.getModule("FastRsaEngine").getConstantAt("RsaPatch");
        for (RubyModule ancestor = self.getMetaClass(); ancestor != null; ancestor = ancestor.getSuperClass()) {
            if (ancestor.isIncluded() && ancestor.getDelegate() == patch) return ancestor.getSuperClass();
        }
        throw context.runtime.newRuntimeError("FastRsaEngine::RsaPatch is not among the ancestors of " + self.getMetaClass().getName());
    }
}
