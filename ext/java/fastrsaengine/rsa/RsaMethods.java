package fastrsaengine.rsa;

import fastrsaengine.call.Call;
import fastrsaengine.call.EngineCall;
import fastrsaengine.call.Errors;
import fastrsaengine.call.KeyStates;
import fastrsaengine.engines.rsa.JdkEngine;
import fastrsaengine.engines.rsa.RsaEngine;
import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import fastrsaengine.call.Stats.Outcome;
import java.security.PublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.jruby.RubyArray;
import org.jruby.RubyString;
import org.jruby.anno.JRubyMethod;
import org.jruby.ext.openssl.PKeyRSA;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * FastRsaEngine::RsaMethods: the engine side of every patched method of OpenSSL::PKey::RSA. The
 * Ruby shim defines each patched method as {@code RsaMethods.<name>(self, args) { super }}, for the
 * methods here that stock has (and MRI's encrypt and decrypt, which no stock has). Each runs the
 * plain, well-formed case through the engine the call started with ({@link Call}) and yields
 * everything else, and every call while the backend is stock, to the block: stock jruby-openssl.
 */
public final class RsaMethods {
    private RsaMethods() {
    }

    @JRubyMethod(name = "sign", module = true)
    public static IRubyObject sign(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return privateCall(Call.start(context, module, "sign", stock), self, args, 2, 3, (key, a) -> Signing.sign(context, key, a), STOCK_COPES);
    }

    @JRubyMethod(name = "sign_pss", module = true)
    public static IRubyObject signPss(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return privateCall(Call.start(context, module, "sign_pss", stock), self, args, 2, 3, (key, a) -> Signing.signPss(context, key, a), STOCK_COPES);
    }

    @JRubyMethod(name = "sign_raw", module = true)
    public static IRubyObject signRaw(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return privateCall(Call.start(context, module, "sign_raw", stock), self, args, 2, 3, (key, a) -> Signing.signRaw(context, key, a), STOCK_COPES);
    }

    @JRubyMethod(name = "private_encrypt", module = true)
    public static IRubyObject privateEncrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return privateCall(Call.start(context, module, "private_encrypt", stock), self, args, 1, 2,
            (key, a) -> Ciphering.privateEncrypt(context, key, a), Ciphering::refuseWhereStockNeverReturns);
    }

    @JRubyMethod(name = "private_decrypt", module = true)
    public static IRubyObject privateDecrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return privateCall(Call.start(context, module, "private_decrypt", stock), self, args, 1, 2, Ciphering::privateDecrypt, STOCK_COPES);
    }

    @JRubyMethod(name = "verify", module = true)
    public static IRubyObject verify(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return verification(Call.start(context, module, "verify", stock), self, args, (key, a) -> Verifying.verify(context, key, a));
    }

    @JRubyMethod(name = "verify_pss", module = true)
    public static IRubyObject verifyPss(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return verification(Call.start(context, module, "verify_pss", stock), self, args, (key, a) -> Verifying.verifyPss(context, key, a));
    }

    @JRubyMethod(name = "verify_raw", module = true)
    public static IRubyObject verifyRaw(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return verification(Call.start(context, module, "verify_raw", stock), self, args, (key, a) -> Verifying.verifyRaw(context, key, a));
    }

    @JRubyMethod(name = "public_encrypt", module = true)
    public static IRubyObject publicEncrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return publicCall(Call.start(context, module, "public_encrypt", stock), self, args,
            (key, a) -> Ciphering.publicEncrypt(context, key, a), Ciphering::refuseWhereStockNeverReturns);
    }

    @JRubyMethod(name = "public_decrypt", module = true)
    public static IRubyObject publicDecrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return publicCall(Call.start(context, module, "public_decrypt", stock), self, args, Ciphering::publicDecrypt, STOCK_COPES);
    }

    /**
     * MRI's PKey#encrypt with options, which no jruby-openssl has: answered on every backend, by the
     * JDK's arithmetic while the backend is stock ({@link JdkEngine}), never by a missing super.
     */
    @JRubyMethod(name = "encrypt", module = true)
    public static IRubyObject encrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return mriCall(Call.start(context, module, "encrypt", stock), self, args,
            (engine, a) -> PkeyCipher.encrypt(context, KeyStates.publicOperations(engine, self), a));
    }

    /** MRI's PKey#decrypt with options: as encrypt. */
    @JRubyMethod(name = "decrypt", module = true)
    public static IRubyObject decrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return mriCall(Call.start(context, module, "decrypt", stock), self, args,
            (engine, a) -> PkeyCipher.decrypt(context, KeyStates.privateOperations(engine, self), a));
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
     * declined, the backend stock) is stock's, after the declined check while the engine is on.
     */
    private static IRubyObject privateCall(Call call, IRubyObject self, IRubyObject args, int min, int max,
                                           Reader<PrivateKeyOperations> reader, Declined declined) {
        IRubyObject[] a = arguments(args, min, max);
        if (call.engine == null || a == null) return call.stock(Outcome.OPTION_NOT_TAKEN);
        PrivateKeyOperations key = KeyStates.privateOperations(call.engine, self);
        return answer(call, key, a, reader, declined);
    }

    private static IRubyObject publicCall(Call call, IRubyObject self, IRubyObject args, Reader<PublicKeyOperations> reader, Declined declined) {
        IRubyObject[] a = arguments(args, 1, 2);
        if (a != null) refuseBeyondLimits(call, self);
        if (call.engine == null || a == null) return call.stock(Outcome.OPTION_NOT_TAKEN);
        PublicKeyOperations key = KeyStates.publicOperations(call.engine, self);
        return answer(call, key, a, reader, declined);
    }

    private static <K> IRubyObject answer(Call call, K key, IRubyObject[] a, Reader<K> reader, Declined declined) {
        if (key == null) {
            declined.check(call.context, a);
            return call.stock(Outcome.KEY_DECLINED);
        }
        EngineCall engineCall = read(call, () -> reader.read(key, a));
        return engineCall == null ? call.stock(Outcome.OPTION_NOT_TAKEN) : call.engine(engineCall);
    }

    /** How a verification's arguments become its answer, or null to leave the call to stock. */
    private interface Verifier {
        Boolean verify(PublicKeyOperations key, IRubyObject[] args);
    }

    /** verify, verify_pss, verify_raw: three arguments and options, through the engine's public operation. */
    private static IRubyObject verification(Call call, IRubyObject self, IRubyObject args, Verifier verifier) {
        IRubyObject[] a = arguments(args, 3, 4);
        PublicKey publicKey = publicKey(self); // read once: a concurrent set_key cannot split the call
        if (a != null && PublicKeyLimits.refusal(publicKey) != null) return call.verdict(false);
        if (call.engine == null || a == null) return call.stock(Outcome.OPTION_NOT_TAKEN);
        PublicKeyOperations key = KeyStates.publicOperations(call.engine, publicKey);
        if (key == null) return wrongLength(call, publicKey, a) ? call.verdict(false) : call.stock(Outcome.KEY_DECLINED);
        Boolean verified = read(call, () -> verifier.verify(key, a));
        return verified == null ? call.stock(Outcome.OPTION_NOT_TAKEN) : call.verdict(verified);
    }

    /**
     * MRI's error, at once, for an encryption with a key beyond OpenSSL's limits (PublicKeyLimits),
     * on every backend: stock would spend seconds on it.
     */
    private static void refuseBeyondLimits(Call call, IRubyObject self) {
        String refusal = PublicKeyLimits.refusal(publicKey(self));
        if (refusal != null) throw Errors.publicKeyRefused(call.context.runtime, call.method, refusal);
    }

    private static PublicKey publicKey(IRubyObject self) {
        return self instanceof PKeyRSA ? ((PKeyRSA) self).getPublicKey() : null;
    }

    /**
     * Whether a PKCS#1 v1.5 verification (verify or verify_raw with a digest and no options) is of a
     * signature other than k bytes long, which OpenSSL refuses before any arithmetic (wrong
     * signature length: false) whatever the key; stock, which a key the engine declines goes to
     * (e = 1, an even e...), takes one a byte short.
     */
    private static boolean wrongLength(Call call, PublicKey publicKey, IRubyObject[] a) {
        boolean pkcs1 = a.length == 3 && ("verify".equals(call.method) || ("verify_raw".equals(call.method) && !a[0].isNil()));
        if (!pkcs1 || !(publicKey instanceof RSAPublicKey) || !(a[1] instanceof RubyString)) return false;
        int k = (((RSAPublicKey) publicKey).getModulus().bitLength() + 7) / 8;
        return ((RubyString) a[1]).getByteList().realSize() != k;
    }

    /** The arguments, or null when their count is not the method's: stock raises its ArgumentError. */
    private static IRubyObject[] arguments(IRubyObject args, int min, int max) {
        IRubyObject[] a = ((RubyArray<?>) args).toJavaArray();
        return a.length < min || a.length > max ? null : a;
    }

    /**
     * MRI's encrypt and decrypt: MRI's answer on every backend; with the backend stock, computed by
     * the JDK ({@link JdkEngine}) and counted as stock's.
     */
    private static IRubyObject mriCall(Call call, IRubyObject self, IRubyObject args, BiFunction<RsaEngine, IRubyObject[], EngineCall> cipher) {
        IRubyObject[] a = mriArguments(call.context, args);
        if ("encrypt".equals(call.method)) refuseBeyondLimits(call, self);
        RsaEngine engine = call.engine == null ? JdkEngine.INSTANCE : call.engine;
        EngineCall engineCall = read(call, () -> cipher.apply(engine, a));
        return call.computed(engineCall, Outcome.ENGINE);
    }

    /** (data [, options]) of MRI's encrypt and decrypt, with Ruby's ArgumentError for another count. */
    private static IRubyObject[] mriArguments(ThreadContext context, IRubyObject args) {
        IRubyObject[] a = ((RubyArray<?>) args).toJavaArray();
        if (a.length < 1 || a.length > 2) throw context.runtime.newArgumentError(a.length, 1, 2);
        return a;
    }

    /** Reading arguments raises only Ruby errors, whatever they hold. */
    private static <T> T read(Call call, Supplier<T> reader) {
        try {
            return reader.get();
        } catch (RuntimeException e) {
            throw call.failure(e);
        }
    }
}
