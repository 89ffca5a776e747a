package fastrsaengine.ec;

import fastrsaengine.call.Call;
import fastrsaengine.call.StockEcKey;
import fastrsaengine.call.Stats.Outcome;
import fastrsaengine.engines.EcCurve;
import fastrsaengine.engines.EcEngine;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import org.bouncycastle.asn1.DERBitString;
import org.jruby.RubyClass;
import org.jruby.RubyString;
import org.jruby.anno.JRubyMethod;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * FastRsaEngine::EcKeyGeneration: EC.generate(curve_name) in the EC engine's library. The new key's
 * SEC1 DER (as EC#to_der writes it: the scalar, the curve's OID, the public point) becomes an ordinary
 * EC object through stock's own parser ({@link StockEcKey}), so the key behaves as stock's in every
 * other method; nil leaves the call to stock: a Group argument, a name the engine does not take, no
 * EC engine. Its numbers are checked before the engine ever uses them ({@link fastrsaengine.call.EcKeyStates}).
 */
public final class EcKeyGeneration {
    private EcKeyGeneration() {
    }

    @JRubyMethod(name = "generate", module = true)
    public static IRubyObject generate(ThreadContext context, IRubyObject module, IRubyObject ecClass, IRubyObject group) {
        Call call = Call.start(context, module, "ec_generate", Block.NULL_BLOCK);
        EcEngine engine = call.ecEngine();
        EcCurve curve = group instanceof RubyString ? EcCurve.named(group.asJavaString()) : null;
        KeyPair pair = engine == null || curve == null ? null : generate(engine, curve);
        if (pair == null) {
            call.countAnswer(call.engine == null ? Outcome.BACKEND_STOCK : engine == null ? Outcome.KEY_DECLINED : Outcome.OPTION_NOT_TAKEN);
            return context.nil;
        }
        call.countAnswer(Outcome.ENGINE);
        return StockEcKey.of(context.runtime, (RubyClass) ecClass, sec1(curve, pair));
    }

    /**
     * OpenSSL::PKey.generate_key(name [, options]) for an EC name (stock's says "unsupported
     * algorithm: EC"): the arguments for EC.generate, [curve name], of the key MRI's would make, with
     * MRI's errors, on every backend ({@link EcKeygenOptions}); nil for anything else (another
     * algorithm, a key's parameters, a curve of explicit parameters), which stays stock's. The Ruby
     * shim patches generate_key only where stock has one. (DIFFERENCES.md: generate-key-ec.)
     */
    @JRubyMethod(name = "generate_key_arguments", module = true)
    public static IRubyObject generateKeyArguments(ThreadContext context, IRubyObject module, IRubyObject args) {
        IRubyObject[] a = args.convertToArray().toJavaArray();
        if (a.length < 1 || a.length > 2 || !isEcName(a[0])) return context.nil;
        return EcKeygenOptions.generateArguments(context, a.length == 2 ? a[1] : context.nil);
    }

    /** The names OpenSSL 3.0 fetches EC key generation by, in any case (SM2's own, "SM2", is not one). */
    private static boolean isEcName(IRubyObject name) {
        if (!(name instanceof RubyString)) return false;
        String text = name.asJavaString();
        return text.equalsIgnoreCase("EC") || text.equalsIgnoreCase("id-ecPublicKey") || text.equals("1.2.840.10045.2.1");
    }

    /** The library's key pair, or null where it does not make one (stock then makes it or refuses). */
    private static KeyPair generate(EcEngine engine, EcCurve curve) {
        try {
            return engine.generateKeyPair(curve);
        } catch (GeneralSecurityException | RuntimeException curveTheLibraryRefuses) {
            return null;
        }
    }

    private static byte[] sec1(EcCurve curve, KeyPair pair) {
        ECPrivateKey privateKey = (ECPrivateKey) pair.getPrivate();
        DERBitString point = new DERBitString(curve.uncompressed(((ECPublicKey) pair.getPublic()).getW()));
        try {
            return new org.bouncycastle.asn1.sec.ECPrivateKey(curve.order().bitLength(), privateKey.getS(), point, curve.oid()).getEncoded();
        } catch (IOException e) {
            throw new IllegalStateException("EC key not encodable", e);
        }
    }
}
