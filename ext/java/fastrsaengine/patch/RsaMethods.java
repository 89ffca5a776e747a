package fastrsaengine.patch;

import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jruby.RubyArray;
import org.jruby.RubyString;
import org.jruby.anno.JRubyMethod;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * FastRsaEngine::RsaMethods: the engine side of every patched method of OpenSSL::PKey::RSA. The
 * Ruby shim defines each patched method as {@code RsaMethods.<name>(self, args) { super }}, so the
 * list of patched methods is the list of methods here. Each runs the plain, well-formed case through
 * the active engine and yields everything else, and every call while the engine is off, to the block:
 * stock jruby-openssl.
 */
public final class RsaMethods {
    private RsaMethods() {
    }

    @JRubyMethod(name = "sign", module = true)
    public static IRubyObject sign(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return privateCall(context, self, args, 2, 3, stock, (key, a) -> Signing.sign(context, key, a), STOCK_COPES);
    }

    @JRubyMethod(name = "sign_pss", module = true)
    public static IRubyObject signPss(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return privateCall(context, self, args, 2, 3, stock, (key, a) -> Signing.signPss(context, key, a), STOCK_COPES);
    }

    @JRubyMethod(name = "sign_raw", module = true)
    public static IRubyObject signRaw(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return privateCall(context, self, args, 2, 3, stock, (key, a) -> Signing.signRaw(context, key, a), STOCK_COPES);
    }

    @JRubyMethod(name = "private_encrypt", module = true)
    public static IRubyObject privateEncrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return privateCall(context, self, args, 1, 2, stock, (key, a) -> Ciphering.privateEncrypt(context, key, a),
            Ciphering::refuseWhereStockNeverReturns);
    }

    @JRubyMethod(name = "private_decrypt", module = true)
    public static IRubyObject privateDecrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return privateCall(context, self, args, 1, 2, stock, Ciphering::privateDecrypt, STOCK_COPES);
    }

    /**
     * MRI's PKey#decrypt with options. jruby-openssl has none, so with the engine off this is stock's
     * NoMethodError; with it on, every call is MRI's, also for a key the engine declines.
     */
    @JRubyMethod(name = "decrypt", module = true)
    public static IRubyObject decrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return pkeyCall(context, args, stock, a -> PkeyCipher.decrypt(context, KeyStates.privateOperations(self), a));
    }

    @JRubyMethod(name = "verify", module = true)
    public static IRubyObject verify(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return verification(context, self, args, stock, (key, a) -> Verifying.verify(context, key, a));
    }

    @JRubyMethod(name = "verify_pss", module = true)
    public static IRubyObject verifyPss(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return verification(context, self, args, stock, (key, a) -> Verifying.verifyPss(context, key, a));
    }

    @JRubyMethod(name = "verify_raw", module = true)
    public static IRubyObject verifyRaw(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return verification(context, self, args, stock, (key, a) -> Verifying.verifyRaw(context, key, a));
    }

    @JRubyMethod(name = "public_encrypt", module = true)
    public static IRubyObject publicEncrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return publicCall(context, self, args, stock, (key, a) -> Ciphering.publicEncrypt(context, key, a),
            Ciphering::refuseWhereStockNeverReturns);
    }

    /** MRI's PKey#encrypt with options: as decrypt. */
    @JRubyMethod(name = "encrypt", module = true)
    public static IRubyObject encrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return pkeyCall(context, args, stock, a -> PkeyCipher.encrypt(context, KeyStates.publicOperations(self), a));
    }

    @JRubyMethod(name = "public_decrypt", module = true)
    public static IRubyObject publicDecrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return publicCall(context, self, args, stock, Ciphering::publicDecrypt, STOCK_COPES);
    }

    /** How a method's arguments become an engine call, or null to leave the call to stock. */
    private interface Reader<K> {
        EngineCall read(K key, IRubyObject[] args);
    }

    /**
     * What a method checks, with the engine on, before a key the engine declined goes to stock: it
     * raises where stock would never return.
     */
    private interface Declined {
        void check(ThreadContext context, IRubyObject[] args);
    }

    /** Most methods: stock raises or copes as it always has. */
    private static final Declined STOCK_COPES = (context, args) -> { };

    /**
     * A private-key method: with the right number of arguments and a key the engine takes, the
     * reader decides; anything else (a wrong argument count, a public-only key, a key the engine
     * declined, the engine off) is stock's, after the declined check while the engine is on.
     */
    private static IRubyObject privateCall(ThreadContext context, IRubyObject self, IRubyObject args, int min, int max,
                                           Block stock, Reader<PrivateKeyOperations> reader, Declined declined) {
        IRubyObject[] a = arguments(args, min, max);
        PrivateKeyOperations key = a == null ? null : KeyStates.privateOperations(self);
        if (key == null && a != null && ActiveEngine.get() != null) declined.check(context, a);
        return run(context, key == null ? null : read(context, () -> reader.read(key, a)), stock);
    }

    private static IRubyObject publicCall(ThreadContext context, IRubyObject self, IRubyObject args, Block stock,
                                          Reader<PublicKeyOperations> reader, Declined declined) {
        IRubyObject[] a = arguments(args, 1, 2);
        PublicKeyOperations key = a == null ? null : KeyStates.publicOperations(self);
        if (key == null && a != null && ActiveEngine.get() != null) declined.check(context, a);
        return run(context, key == null ? null : read(context, () -> reader.read(key, a)), stock);
    }

    /** How a verification's arguments become its answer, or null to leave the call to stock. */
    private interface Verifier {
        Boolean verify(PublicKeyOperations key, IRubyObject[] args);
    }

    /** verify, verify_pss, verify_raw: three arguments and options, through the engine's public operation. */
    private static IRubyObject verification(ThreadContext context, IRubyObject self, IRubyObject args, Block stock, Verifier verifier) {
        IRubyObject[] a = arguments(args, 3, 4);
        PublicKeyOperations key = a == null ? null : KeyStates.publicOperations(self);
        Boolean verified = key == null ? null : read(context, () -> verifier.verify(key, a));
        return verified == null ? Stock.call(context, stock) : context.runtime.newBoolean(verified);
    }

    /** The arguments, or null when their count is not the method's: stock raises its ArgumentError. */
    private static IRubyObject[] arguments(IRubyObject args, int min, int max) {
        IRubyObject[] a = ((RubyArray<?>) args).toJavaArray();
        return a.length < min || a.length > max ? null : a;
    }

    /** MRI's encrypt and decrypt: stock's NoMethodError while the engine is off, else MRI's answer. */
    private static IRubyObject pkeyCall(ThreadContext context, IRubyObject args, Block stock, Function<IRubyObject[], EngineCall> cipher) {
        if (ActiveEngine.get() == null) return Stock.call(context, stock);
        IRubyObject[] a = mriArguments(context, args);
        return run(context, read(context, () -> cipher.apply(a)), stock);
    }

    /** (data [, options]) of MRI's encrypt and decrypt, with Ruby's ArgumentError for another count. */
    private static IRubyObject[] mriArguments(ThreadContext context, IRubyObject args) {
        IRubyObject[] a = ((RubyArray<?>) args).toJavaArray();
        if (a.length < 1 || a.length > 2) throw context.runtime.newArgumentError(a.length, 1, 2);
        return a;
    }

    /** Reading arguments raises only Ruby errors, whatever they hold. */
    private static <T> T read(ThreadContext context, Supplier<T> reader) {
        try {
            return reader.get();
        } catch (RuntimeException e) {
            throw Errors.fromJava(context.runtime, e);
        }
    }

    private static IRubyObject run(ThreadContext context, EngineCall call, Block stock) {
        if (call == null) return Stock.call(context, stock);
        return RubyString.newStringNoCopy(context.runtime, EngineCall.perform(context.runtime, call));
    }
}
