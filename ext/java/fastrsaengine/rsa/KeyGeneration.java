package fastrsaengine.rsa;

import fastrsaengine.call.Call;
import fastrsaengine.call.Errors;
import fastrsaengine.call.OpensslText;
import fastrsaengine.call.Stats.Outcome;
import fastrsaengine.engines.rsa.JdkEngine;
import fastrsaengine.engines.rsa.KeyChecks;
import fastrsaengine.engines.rsa.RsaEngine;
import fastrsaengine.engines.shared.FaultDetectedException;
import fastrsaengine.padding.EngineOperations;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.RSAKeyGenParameterSpec;
import org.jruby.Ruby;
import org.jruby.RubyFloat;
import org.jruby.RubyInteger;
import org.jruby.RubyString;
import org.jruby.anno.JRubyMethod;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * FastRsaEngine::KeyGeneration: RSA key generation in the active backend's library. The Ruby shim's
 * OpenSSL::PKey::RSA.generate and RSA.new(bits [, e]) ask it for a key's DER and build an ordinary
 * RSA object from it with stock's own parser, so the key behaves as stock's in every other method;
 * a nil answer leaves the call to stock. Odd sizes, which stock cannot make, come from the JDK's own
 * generator. Every key is checked once before it is returned (pairwise: a private-key operation
 * through the engine, opened with the public key).
 */
public final class KeyGeneration {
    private KeyGeneration() {
    }

    /**
     * (bits [, e]): the PKCS#8 DER of a new key, or nil for stock (backend stock, another library's
     * refusal, arguments the engine does not take). On every backend, sizes and exponents for which
     * stock never returns are refused first, as MRI refuses them. (DIFFERENCES.md:
     * keygen-stock-never-returns, keygen-float-exponent.)
     */
    @JRubyMethod(name = "generate", module = true)
    public static IRubyObject generate(ThreadContext context, IRubyObject module, IRubyObject args) {
        IRubyObject[] a = args.convertToArray().toJavaArray();
        Call call = Call.start(context, module, "generate", Block.NULL_BLOCK);
        if (a.length < 1 || a.length > 2) return stock(call, Outcome.OPTION_NOT_TAKEN);
        BigInteger e = a.length == 2 ? integer(a[1]) : RsaKeygenOptions.F4;
        refuseWhereStockNeverReturns(context, a[0], a.length == 2 ? a[1] : null, e);
        // Stock reads a nil exponent as 65537 or 1 (and may never return); MRI's OpenSSL refuses it.
        if (a.length == 2 && a[1].isNil()) throw Errors.refusedOption(context.runtime, context.runtime.newString("rsa_keygen_pubexp"), context.runtime.newString(), null);
        Integer bits = RubyArgs.int32(a[0]);
        // Stock cannot make a key of an odd size (Bouncy Castle's prime search never succeeds; it
        // gives up after seconds to minutes) and AWS-LC rounds the size up; MRI's OpenSSL makes one.
        // So odd sizes come from the JDK's generator on every backend, the JDK's arithmetic checking
        // them where the backend is stock.
        boolean odd = bits != null && bits % 2 == 1;
        // Where stock never returns, an exponent MRI's OpenSSL refuses is refused as MRI refuses it.
        if (odd && e != null && !e.testBit(0)) throw RsaKeygenOptions.exponentOutOfRange(context.runtime);
        if (bits == null || e == null || (call.engine == null && !odd)) return stock(call, Outcome.OPTION_NOT_TAKEN);
        KeyPair pair = call.engine == null ? null : ofSize(bits, generate(call.engine, bits, e));
        if (pair == null && odd) pair = ofSize(bits, fromTheJdk(bits, e));
        if (pair == null) return stock(call, Outcome.OPTION_NOT_TAKEN);
        if (!passesPairwiseCheck(call.engine == null ? JdkEngine.INSTANCE : call.engine, pair, e)) {
            KeyChecks.countFailedCheck();
            throw Errors.failedPairwiseCheck(context.runtime);
        }
        call.countAnswer(Outcome.ENGINE);
        return RubyString.newStringNoCopy(context.runtime, pair.getPrivate().getEncoded());
    }

    /**
     * Stock never returns for e = 1, whatever the size, nor for sizes of 12 to 19 bits. MRI's OpenSSL
     * refuses every size below {@value RsaKeygenOptions#MIN_BITS} at once, then a negative e, then e = 1
     * ({@link RsaKeygenOptions}, whose messages these are); so do we. Other exponents stock refuses
     * (an even one) keep stock's words.
     */
    private static void refuseWhereStockNeverReturns(ThreadContext context, IRubyObject size, IRubyObject exponent, BigInteger e) {
        Ruby runtime = context.runtime;
        BigInteger bits = integer(size);
        RubyString sizeSetting = runtime.newString("rsa_keygen_bits");
        if (bits != null && bits.signum() < 0) throw Errors.refusedOption(runtime, sizeSetting, size.asString(), "invalid negative value");
        if (bits != null) RsaKeygenOptions.checkSize(runtime, sizeSetting, size.asString(), bits);
        if (e != null && e.signum() < 0) {
            throw Errors.refusedOption(runtime, runtime.newString("rsa_keygen_pubexp"), exponent.asString(), "invalid negative value");
        }
        if (BigInteger.ONE.equals(e)) throw RsaKeygenOptions.exponentOutOfRange(runtime);
    }

    private static IRubyObject stock(Call call, Outcome reason) {
        call.countAnswer(reason);
        return call.context.nil;
    }

    /**
     * OpenSSL::PKey.generate_key(name [, options]), MRI's generic API, for an RSA name (stock's says
     * "unsupported algorithm: RSA"): the arguments for RSA.generate, [bits, e], of the key MRI's would
     * make, with MRI's errors, on every backend ({@link RsaKeygenOptions}); nil for anything else (a DH
     * or EC key, another algorithm, a multi-prime key), which stays stock's. The Ruby shim patches
     * generate_key only where stock has one. (DIFFERENCES.md: generate-key, generate-key-multi-prime.)
     */
    @JRubyMethod(name = "generate_key_arguments", module = true)
    public static IRubyObject generateKeyArguments(ThreadContext context, IRubyObject module, IRubyObject args) {
        IRubyObject[] a = args.convertToArray().toJavaArray();
        if (a.length < 1 || a.length > 2 || !isRsaName(a[0])) return context.nil;
        return RsaKeygenOptions.generateArguments(context, a.length == 2 ? a[1] : context.nil);
    }

    /** The names OpenSSL 3.0 fetches RSA key generation by, in any case. */
    private static boolean isRsaName(IRubyObject name) {
        if (!(name instanceof RubyString)) return false;
        String text = name.asJavaString();
        return text.equalsIgnoreCase("RSA") || text.equalsIgnoreCase("rsaEncryption") || text.equals("1.2.840.113549.1.1.1");
    }

    /** The library's key pair, or null where it does not take these parameters (stock then raises or copes). */
    private static KeyPair generate(RsaEngine engine, int bits, BigInteger e) {
        try {
            KeyPair pair = engine.generateKeyPair(bits, e);
            if (pair != null) EngineOperations.count();
            return pair;
        } catch (GeneralSecurityException | RuntimeException parametersTheLibraryRefuses) {
            return null;
        }
    }

    /** The pair, if its modulus has the size asked for: a library that rounds the size did not make it. */
    private static KeyPair ofSize(int bits, KeyPair pair) {
        return pair != null && ((RSAPublicKey) pair.getPublic()).getModulus().bitLength() == bits ? pair : null;
    }

    /** The JDK's own generator (any size from 512 bits), or null where it refuses the parameters. */
    private static KeyPair fromTheJdk(int bits, BigInteger e) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA", "SunRsaSign");
            generator.initialize(new RSAKeyGenParameterSpec(bits, e));
            return generator.generateKeyPair();
        } catch (GeneralSecurityException | RuntimeException parametersTheJdkRefuses) {
            return null;
        }
    }

    private static boolean passesPairwiseCheck(RsaEngine engine, KeyPair pair, BigInteger e) {
        RSAPublicKey publicKey = (RSAPublicKey) pair.getPublic();
        BigInteger n = publicKey.getModulus();
        BigInteger message = BigInteger.valueOf(0x5ca1ab1eL).mod(n);
        try {
            BigInteger signature = KeyChecks.prepare(engine, (RSAPrivateKey) pair.getPrivate(), e).privateOperation(message);
            return signature.modPow(publicKey.getPublicExponent(), n).equals(message);
        } catch (GeneralSecurityException | FaultDetectedException inconsistentKey) {
            return false;
        }
    }

    /**
     * An Integer, or a Float as MRI hands it to OpenSSL: its text (Float#to_s), read as OpenSSL reads
     * a number, so 3.0 and 3.5 are 3 and 1.0e+20 is 1; null for anything else (NaN, other types).
     */
    private static BigInteger integer(IRubyObject value) {
        if (value instanceof RubyFloat) return OpensslText.signed(value.asString().asJavaString(), false);
        return value instanceof RubyInteger ? ((RubyInteger) value).getBigIntegerValue() : null;
    }
}
