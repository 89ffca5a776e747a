package fastrsaengine.patch;

import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import org.jruby.RubyString;
import org.jruby.anno.JRubyMethod;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The module prepended to OpenSSL::PKey::RSA. Every private-key method, and the public-key
 * methods where the engine's public operation is faster than stock's, runs the plain,
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

    /** MRI's PKey#decrypt with options; jruby-openssl has none, so with the engine off this is NoMethodError. */
    @JRubyMethod(name = "decrypt", required = 1, optional = 1)
    public static IRubyObject decrypt(ThreadContext context, IRubyObject self, IRubyObject[] args) {
        return dispatch(context, self, "decrypt", args, key -> Decrypting.decrypt(context, key, args));
    }

    @JRubyMethod(name = "verify", required = 3, optional = 1)
    public static IRubyObject verify(ThreadContext context, IRubyObject self, IRubyObject[] args) {
        if (ActiveEngine.get() == null) return Stock.call(context, self, "verify", args);
        PublicKeyOperations key = KeyStates.publicOperations(self);
        Boolean verified = key == null ? null : Verifying.verify(context, key, args);
        if (verified == null) return Stock.fallback(context, self, "verify", args);
        return context.runtime.newBoolean(verified);
    }

    @JRubyMethod(name = "public_encrypt", required = 1, optional = 1)
    public static IRubyObject publicEncrypt(ThreadContext context, IRubyObject self, IRubyObject[] args) {
        return dispatchPublic(context, self, "public_encrypt", args, key -> Ciphering.publicEncrypt(key, args));
    }

    @JRubyMethod(name = "public_decrypt", required = 1, optional = 1)
    public static IRubyObject publicDecrypt(ThreadContext context, IRubyObject self, IRubyObject[] args) {
        return dispatchPublic(context, self, "public_decrypt", args, key -> Ciphering.publicDecrypt(key, args));
    }

    /** How a method's arguments become an engine call, or null to leave the call to stock. */
    private interface Reader<K> {
        EngineCall read(K key);
    }

    /**
     * With the engine on, a key it refuses (no private part, or numbers its library rejects, such as
     * an inconsistent CRT key) is left to stock like any other call it does not take, Java
     * exceptions repaired: stock's checks for such keys throw them.
     */
    private static IRubyObject dispatch(ThreadContext context, IRubyObject self, String method, IRubyObject[] args,
                                        Reader<PrivateKeyOperations> reader) {
        if (ActiveEngine.get() == null) return Stock.call(context, self, method, args);
        return run(context, self, method, args, KeyStates.privateOperations(self), reader);
    }

    private static IRubyObject dispatchPublic(ThreadContext context, IRubyObject self, String method, IRubyObject[] args,
                                              Reader<PublicKeyOperations> reader) {
        if (ActiveEngine.get() == null) return Stock.call(context, self, method, args);
        return run(context, self, method, args, KeyStates.publicOperations(self), reader);
    }

    private static <K> IRubyObject run(ThreadContext context, IRubyObject self, String method, IRubyObject[] args,
                                       K key, Reader<K> reader) {
        EngineCall call = key == null ? null : reader.read(key);
        if (call == null) return Stock.fallback(context, self, method, args);
        return RubyString.newStringNoCopy(context.runtime, EngineCall.perform(context.runtime, call));
    }
}
