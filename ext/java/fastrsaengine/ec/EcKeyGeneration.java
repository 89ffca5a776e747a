package fastrsaengine.ec;

import fastrsaengine.call.Call;
import fastrsaengine.call.StockEcKey;
import fastrsaengine.call.Stats.Outcome;
import fastrsaengine.engines.ec.EcCurve;
import fastrsaengine.engines.ec.EcEngine;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.jruby.RubyClass;
import org.jruby.RubyString;
import org.jruby.anno.JRubyMethod;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * FastRsaEngine::EcKeyGeneration: EC.generate(curve_name) in the EC engine's library. The new key's
 * PKCS#8 (the curve by name, the scalar, the public point: {@link EcEngine#generateKeyPair}) becomes
 * an ordinary EC object through stock's own parser ({@link StockEcKey}), so the key behaves as stock's in every
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
        PrivateKeyInfo key = engine == null || curve == null ? null : generate(engine, curve);
        if (key == null) {
            call.countAnswer(engine == null ? Outcome.KEY_DECLINED : Outcome.OPTION_NOT_TAKEN);
            return context.nil;
        }
        call.countAnswer(Outcome.ENGINE);
        return StockEcKey.of(context.runtime, (RubyClass) ecClass, key);
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

    /** The library's new key, or null where it makes none as asked (stock then makes it or refuses). */
    private static PrivateKeyInfo generate(EcEngine engine, EcCurve curve) {
        try {
            KeyPair pair = engine.generateKeyPair(curve);
            return pair == null ? null : privateKeyInfo(curve, pair);
        } catch (GeneralSecurityException | RuntimeException curveTheLibraryRefuses) {
            return null;
        }
    }

    /**
     * The new key's PKCS#8, as the library encodes it: read as it is (reading its scalar and point
     * back from AWS-LC costs as much as the encoding, and stock's parser takes PKCS#8 without the SEC1
     * step), once it names the key's curve and holds the public point, as an EC#to_der would.
     */
    private static PrivateKeyInfo privateKeyInfo(EcCurve curve, KeyPair pair) {
        PrivateKeyInfo info = PrivateKeyInfo.getInstance(pair.getPrivate().getEncoded());
        boolean named = curve.oid().equals(info.getPrivateKeyAlgorithm().getParameters());
        try {
            if (named && org.bouncycastle.asn1.sec.ECPrivateKey.getInstance(info.parsePrivateKey()).getPublicKey() != null) return info;
        } catch (IOException notAnEcPrivateKey) {
            throw new IllegalArgumentException("the EC engine's new key is no EC private key", notAnEcPrivateKey);
        }
        throw new IllegalArgumentException("the EC engine's new key does not name its curve or holds no public point");
    }
}
