package fastrsaengine.patch;

import fastrsaengine.padding.PrivateKeyOperations;
import org.jruby.RubyString;
import org.jruby.anno.JRubyMethod;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The module prepended to OpenSSL::PKey::RSA. Every private-key method runs the plain,
 * well-formed case through the active engine and hands everything else, and every call while
 * the engine is off, to stock jruby-openssl by {@code super}.
 */
public final class RsaPatch {
    private RsaPatch() {
    }

    @JRubyMethod(name = "sign", required = 2, optional = 1)
    public static IRubyObject sign(ThreadContext context, IRubyObject self, IRubyObject[] args) {
        return dispatch(context, self, "sign", args, key -> Signing.sign(context, key, args));
    }

    @JRubyMethod(name = "sign_pss", required = 2, optional = 1)
    public static IRubyObject signPss(ThreadContext context, IRubyObject self, IRubyObject[] args) {
        return dispatch(context, self, "sign_pss", args, key -> Signing.signPss(context, key, args));
    }

    @JRubyMethod(name = "sign_raw", required = 2, optional = 1)
    public static IRubyObject signRaw(ThreadContext context, IRubyObject self, IRubyObject[] args) {
        return dispatch(context, self, "sign_raw", args, key -> Signing.signRaw(context, key, args));
    }

    @JRubyMethod(name = "private_encrypt", required = 1, optional = 1)
    public static IRubyObject privateEncrypt(ThreadContext context, IRubyObject self, IRubyObject[] args) {
        return dispatch(context, self, "private_encrypt", args, key -> Ciphering.privateEncrypt(key, args));
    }

    @JRubyMethod(name = "private_decrypt", required = 1, optional = 1)
    public static IRubyObject privateDecrypt(ThreadContext context, IRubyObject self, IRubyObject[] args) {
        return dispatch(context, self, "private_decrypt", args, key -> Ciphering.privateDecrypt(key, args));
    }

    /** How a method's arguments become an engine call, or null to leave the call to stock. */
    private interface Reader {
        EngineCall read(PrivateKeyOperations key);
    }

    private static IRubyObject dispatch(ThreadContext context, IRubyObject self, String method, IRubyObject[] args, Reader reader) {
        PrivateKeyOperations key = KeyStates.operations(self);
        if (key == null) return Stock.call(context, self, method, args);
        EngineCall call = reader.read(key);
        if (call == null) return Stock.fallback(context, self, method, args);
        return RubyString.newStringNoCopy(context.runtime, EngineCall.perform(context.runtime, call));
    }
}
