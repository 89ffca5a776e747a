package fastrsaengine.rsa;

import fastrsaengine.call.EngineCall;
import fastrsaengine.call.Errors;
import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PrivateKeyOperations;
import org.bouncycastle.crypto.DataLengthException;
import org.jruby.RubyHash;
import org.jruby.RubySymbol;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.util.ByteList;
import java.util.EnumSet;
import java.util.Set;

/**
 * sign, sign_pss and sign_raw read into engine calls, with the option semantics of stock
 * jruby-openssl. Each method returns null for a call the engine leaves to stock.
 */
final class Signing {
    /** Stock signs PSS with these digests only; others stay with stock and its error. */
    private static final Set<DigestAlgorithm> STOCK_PSS_DIGESTS =
        EnumSet.of(DigestAlgorithm.SHA1, DigestAlgorithm.SHA256, DigestAlgorithm.SHA384, DigestAlgorithm.SHA512);

    private Signing() {
    }

    /** sign(digest, data [, options]): PKCS#1 v1.5, PSS with rsa_padding_mode: "pss", or ANSI X9.31 with "x931". */
    static EngineCall sign(ThreadContext context, PrivateKeyOperations key, IRubyObject[] args) {
        DigestAlgorithm digest = RubyArgs.digest(args[0]);
        ByteList data = RubyArgs.bytes(args[1]);
        IRubyObject options = args.length > 2 ? args[2] : context.nil;
        if (digest == null || data == null) return null;
        if (options.isNil()) return pkcs1(key, digest, data);
        if (!(options instanceof RubyHash)) return null;
        RubyHash hash = (RubyHash) options;
        SignatureOptions.check(context, hash, digest);
        String mode = SignatureOptions.mode(context, hash);
        if (mode == null) return null;
        // A padding name OpenSSL does not know leaves PKCS#1 v1.5, in MRI and stock alike.
        switch (mode) {
            case "x931": return x931(context, "EVP_DigestSign", key, digest, digest.hash(data.unsafeBytes(), data.begin(), data.realSize()));
            case "pss": break;
            default: return pkcs1(key, digest, data);
        }
        SignatureOptions.Pss pss = SignatureOptions.pssOptions(context, hash, digest);
        Integer salt = pss.signingSalt(context, digest, key.maxPssSaltLength(digest));
        return salt == null ? null : pss(context, "sign", key, digest, pss.mgf1, salt, false, data);
    }

    /** sign_pss(digest, data, salt_length: :digest | :max | :auto | n, mgf1_hash: name). */
    static EngineCall signPss(ThreadContext context, PrivateKeyOperations key, IRubyObject[] args) {
        DigestAlgorithm digest = RubyArgs.pssDigest(args[0]);
        ByteList data = RubyArgs.bytes(args[1]);
        IRubyObject options = args.length > 2 ? args[2] : context.nil;
        if (digest == null || data == null || !(options.isNil() || options instanceof RubyHash)) return null;
        RubyHash hash = options.isNil() ? RubyHash.newHash(context.runtime) : (RubyHash) options;
        // salt_length: :auto is stock's alone (MRI raises TypeError): stock answers it, with every digest.
        if (isAuto(RubyArgs.option(context, hash, "salt_length", false))) return null;
        SignatureOptions.Pss pss = SignatureOptions.pssKeywords(context, hash, digest);
        Integer salt = pss.signingSalt(context, digest, key.maxPssSaltLength(digest));
        if (salt == null) return null;
        if (args[0].isNil() && mriReadsKeywords(context, hash)) RubyArgs.refuseNilDigest(context, args[0]);
        return args[0].isNil() ? null : pss(context, "sign_pss", key, digest, pss.mgf1, salt, false, data);
    }

    /**
     * Whether MRI's sign_pss gets past its keywords to the digest: both given and no other, and a
     * salt_length it reads (a number, :digest or :max; stock's :auto is not MRI's).
     */
    private static boolean mriReadsKeywords(ThreadContext context, RubyHash options) {
        IRubyObject salt = RubyArgs.option(context, options, "salt_length", false);
        boolean readable = RubyArgs.int32(salt) != null || (salt instanceof RubySymbol && !isAuto(salt));
        boolean mgf1Given = options.fastARef(context.runtime.newSymbol("mgf1_hash")) != null;
        return options.size() == 2 && readable && mgf1Given && SignatureOptions.pssKeywords(context, options, DigestAlgorithm.SHA256).mgf1 != null;
    }

    private static boolean isAuto(IRubyObject salt) {
        return salt instanceof RubySymbol && salt.asJavaString().equals("auto");
    }

    /**
     * sign_raw(digest, hash [, options]): the hash is signed as given. With a nil digest, as in MRI,
     * PKCS#1 v1.5 pads the bytes alone, without a DigestInfo.
     */
    static EngineCall signRaw(ThreadContext context, PrivateKeyOperations key, IRubyObject[] args) {
        ByteList hash = RubyArgs.bytes(args[1]);
        IRubyObject options = args.length > 2 ? args[2] : context.nil;
        DigestAlgorithm digest = args[0].isNil() ? null : RubyArgs.digest(args[0]);
        if (hash == null || !(options.isNil() || options instanceof RubyHash) || (digest == null && !args[0].isNil())) return null;
        if (!options.isNil()) SignatureOptions.check(context, (RubyHash) options, digest);
        String mode = options.isNil() ? "pkcs1" : SignatureOptions.mode(context, (RubyHash) options);
        if (mode == null) return null;
        if (digest == null) return padOnly(context, key, hash, mode);
        // As in MRI, for every padding (stock signs any length; BC's raw PSS signer would throw).
        if (hash.getRealSize() != digest.length()) {
            throw Errors.invalidDigestLength(context.runtime);
        }
        if (mode.equals("pss")) return rawPss(context, key, digest, (RubyHash) options, hash);
        if (mode.equals("x931")) return x931(context, "EVP_PKEY_sign", key, digest, hash.bytes());
        byte[] digestInfo = digest.digestInfo(hash.bytes());
        return key.fitsPkcs1(digestInfo.length) ? () -> key.signDigestInfo(digestInfo) : null;
    }

    private static EngineCall rawPss(ThreadContext context, PrivateKeyOperations key, DigestAlgorithm digest, RubyHash options, ByteList hash) {
        SignatureOptions.Pss pss = SignatureOptions.pssOptions(context, options, digest);
        Integer salt = pss.signingSalt(context, digest, key.maxPssSaltLength(digest));
        return salt == null ? null : pss(context, "sign_raw", key, digest, pss.mgf1, salt, true, hash);
    }

    private static EngineCall pkcs1(PrivateKeyOperations key, DigestAlgorithm digest, ByteList data) {
        if (!key.fitsPkcs1(digest.digestInfoLength())) return null;
        return () -> key.signPkcs1(digest, data.unsafeBytes(), data.begin(), data.realSize());
    }

    /**
     * sign_raw(nil, data [, options]), as MRI: PKCS#1 v1.5 type 1 around the data alone, or with the
     * padding "none" the data itself, exactly k bytes; other paddings are stock's.
     */
    private static EngineCall padOnly(ThreadContext context, PrivateKeyOperations key, ByteList data, String mode) {
        byte[] block = data.bytes();
        if (mode.equals("none")) return inMriWords(context, "EVP_PKEY_sign", () -> key.encryptRaw(block));
        return mode.equals("pkcs1") && key.fitsPkcs1(block.length) ? () -> key.signDigestInfo(block) : null;
    }

    /** ANSI X9.31 over a hash, as MRI's OpenSSL signs it (stock signs PKCS#1 v1.5 instead). */
    private static EngineCall x931(ThreadContext context, String function, PrivateKeyOperations key, DigestAlgorithm digest, byte[] hash) {
        return inMriWords(context, function, () -> key.signX931(digest, hash));
    }

    /**
     * A block the key cannot hold fails as in MRI: PKeyError naming OpenSSL's function, with
     * "key size too small" where not even the hash fits, else the outer reason OpenSSL reports, "RSA lib".
     */
    private static EngineCall inMriWords(ThreadContext context, String function, EngineCall call) {
        return () -> {
            try {
                return call.run();
            } catch (DataLengthException e) {
                String reason = "key size too small".equals(e.getMessage()) ? e.getMessage() : "RSA lib";
                throw Errors.functionFailed(context.runtime, function, reason);
            }
        };
    }

    private static EngineCall pss(ThreadContext context, String method, PrivateKeyOperations key, DigestAlgorithm digest, DigestAlgorithm mgf1, int salt,
                                  boolean prehashed, ByteList data) {
        if (mgf1 == null || !STOCK_PSS_DIGESTS.contains(digest) || !STOCK_PSS_DIGESTS.contains(mgf1)) return null;
        // No room in the key for even an empty salt (the maximum salt is negative): MRI's failure for the method.
        if (salt < 0) throw Errors.mriFailure(context.runtime, method);
        return () -> key.signPss(digest, mgf1, salt, prehashed, data.unsafeBytes(), data.begin(), data.realSize());
    }
}
