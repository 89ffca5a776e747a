package fastrsaengine.patch;

import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PrivateKeyOperations;
import org.jruby.RubyHash;
import org.jruby.RubyString;
import org.jruby.RubySymbol;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.util.ByteList;
import java.util.EnumSet;
import java.util.Locale;
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

    /** sign(digest, data [, options]): PKCS#1 v1.5, or PSS with rsa_padding_mode: "pss". */
    static EngineCall sign(ThreadContext context, PrivateKeyOperations key, IRubyObject[] args) {
        DigestAlgorithm digest = RubyArgs.digest(args[0]);
        ByteList data = RubyArgs.bytes(args[1]);
        IRubyObject options = args.length > 2 ? args[2] : context.nil;
        if (digest == null || data == null) return null;
        if (options.isNil()) return pkcs1(key, digest, data);
        if (!(options instanceof RubyHash)) return null;
        RubyHash hash = (RubyHash) options;
        String mode = paddingMode(context, hash);
        if (mode == null) return null;
        if (mode.isEmpty() || mode.equals("pkcs1")) return pkcs1(key, digest, data);
        if (!mode.equals("pss")) return null;
        Integer salt = opensslSaltLength(context, key, digest, RubyArgs.option(context, hash, "rsa_pss_saltlen", true));
        return salt == null ? null : pss(key, digest, mgf1Option(context, hash, digest), salt, false, data);
    }

    /** sign_pss(digest, data, salt_length: :digest | :max | :auto | n, mgf1_hash: name). */
    static EngineCall signPss(ThreadContext context, PrivateKeyOperations key, IRubyObject[] args) {
        DigestAlgorithm digest = RubyArgs.digest(args[0]);
        ByteList data = RubyArgs.bytes(args[1]);
        IRubyObject options = args.length > 2 ? args[2] : context.nil;
        if (digest == null || data == null || !(options.isNil() || options instanceof RubyHash)) return null;
        RubyHash hash = options.isNil() ? RubyHash.newHash(context.runtime) : (RubyHash) options;
        Integer salt = saltLength(context, key, digest, RubyArgs.option(context, hash, "salt_length", false));
        return salt == null ? null : pss(key, digest, mgf1Hash(context, hash, digest), salt, false, data);
    }

    /**
     * sign_raw(digest, hash [, options]): the hash is signed as given. With a nil digest, as in MRI,
     * PKCS#1 v1.5 pads the bytes alone, without a DigestInfo.
     */
    static EngineCall signRaw(ThreadContext context, PrivateKeyOperations key, IRubyObject[] args) {
        ByteList hash = RubyArgs.bytes(args[1]);
        IRubyObject options = args.length > 2 ? args[2] : context.nil;
        if (hash == null || !(options.isNil() || options instanceof RubyHash)) return null;
        if (args[0].isNil()) return padOnly(key, hash, options.isNil() ? "" : paddingMode(context, (RubyHash) options));
        DigestAlgorithm digest = RubyArgs.digest(args[0]);
        if (digest == null) return null;
        String mode = options.isNil() ? "" : paddingMode(context, (RubyHash) options);
        if (mode == null) return null;
        // As in MRI, for PKCS#1 and PSS alike (stock signs any length; BC's raw PSS signer would throw).
        if (hash.getRealSize() != digest.length()) {
            throw Errors.pkeyError(context.runtime, "invalid digest length");
        }
        if (mode.equals("pss")) return rawPss(context, key, digest, (RubyHash) options, hash);
        byte[] digestInfo = digest.digestInfo(hash.bytes());
        return key.fitsPkcs1(digestInfo.length) ? () -> key.signDigestInfo(digestInfo) : null;
    }

    private static EngineCall rawPss(ThreadContext context, PrivateKeyOperations key, DigestAlgorithm digest, RubyHash options, ByteList hash) {
        Integer salt = opensslSaltLength(context, key, digest, RubyArgs.option(context, options, "rsa_pss_saltlen", true));
        return salt == null ? null : pss(key, digest, mgf1Option(context, options, digest), salt, true, hash);
    }

    private static EngineCall pkcs1(PrivateKeyOperations key, DigestAlgorithm digest, ByteList data) {
        if (!key.fitsPkcs1(digest.digestInfoLength())) return null;
        return () -> key.signPkcs1(digest, data.unsafeBytes(), data.begin(), data.realSize());
    }

    /** sign_raw(nil, data [, options]): PKCS#1 v1.5 type 1 around the data alone, as MRI; other modes are stock's. */
    private static EngineCall padOnly(PrivateKeyOperations key, ByteList data, String mode) {
        byte[] block = data.bytes();
        boolean pkcs1 = "".equals(mode) || "pkcs1".equals(mode);
        return pkcs1 && key.fitsPkcs1(block.length) ? () -> key.signDigestInfo(block) : null;
    }

    private static EngineCall pss(PrivateKeyOperations key, DigestAlgorithm digest, DigestAlgorithm mgf1, int salt, boolean prehashed, ByteList data) {
        if (mgf1 == null || !STOCK_PSS_DIGESTS.contains(digest) || !STOCK_PSS_DIGESTS.contains(mgf1)) return null;
        return () -> key.signPss(digest, mgf1, salt, prehashed, data.unsafeBytes(), data.begin(), data.realSize());
    }

    /**
     * sign_pss's mgf1_hash, defaulting to the message digest: a digest argument as MRI reads it, a name
     * or an OpenSSL::Digest; null when the engine does not take it (a Symbol is stock's to reject, as MRI rejects it).
     */
    private static DigestAlgorithm mgf1Hash(ThreadContext context, RubyHash options, DigestAlgorithm fallback) {
        IRubyObject value = RubyArgs.option(context, options, "mgf1_hash", false);
        if (value.isNil()) return fallback;
        return value instanceof RubySymbol ? null : RubyArgs.digest(value);
    }

    /** The rsa_mgf1_md option, defaulting to the message digest: a name as OpenSSL's option strings take it. */
    private static DigestAlgorithm mgf1Option(ThreadContext context, RubyHash options, DigestAlgorithm fallback) {
        IRubyObject value = RubyArgs.option(context, options, "rsa_mgf1_md", true);
        return value.isNil() ? fallback : RubyArgs.optionDigest(value);
    }

    /**
     * The rsa_pss_saltlen option as OpenSSL reads it when signing: absent means the maximum, else
     * a number ({@link #saltFromNumber}). (Stock reads negative numbers, and for sign_raw an absent
     * one, differently; the salt length shows in every signature, so MRI's reading wins.) Null for
     * anything else, which stock rejects (a RangeError past 32 bits, as MRI).
     */
    private static Integer opensslSaltLength(ThreadContext context, PrivateKeyOperations key, DigestAlgorithm digest, IRubyObject value) {
        if (value.isNil()) return key.maxPssSaltLength(digest);
        Integer salt = RubyArgs.int32(value);
        return salt == null ? null : saltFromNumber(context, key, digest, salt);
    }

    /** sign_pss's salt_length: :digest, :max or :auto, a number, or nil for :max. */
    private static Integer saltLength(ThreadContext context, PrivateKeyOperations key, DigestAlgorithm digest, IRubyObject value) {
        if (value.isNil()) return key.maxPssSaltLength(digest);
        if (value instanceof RubySymbol) return namedSaltLength(key, digest, value.asJavaString());
        Integer salt = RubyArgs.int32(value);
        return salt == null ? null : saltFromNumber(context, key, digest, salt);
    }

    private static Integer namedSaltLength(PrivateKeyOperations key, DigestAlgorithm digest, String name) {
        switch (name) {
            case "digest": return digest.length();
            case "max":
            case "auto": return key.maxPssSaltLength(digest);
            default: return null;
        }
    }

    /** A salt length number as OpenSSL reads it when signing: -1 the digest length, -2 and -3 the maximum. */
    private static int saltFromNumber(ThreadContext context, PrivateKeyOperations key, DigestAlgorithm digest, int salt) {
        if (salt == -1) return digest.length();
        if (salt == -2 || salt == -3) return key.maxPssSaltLength(digest);
        if (salt < 0) throw Errors.rsaError(context.runtime, "invalid salt length");
        return salt;
    }

    /**
     * The rsa_padding_mode option in lower case: "" when absent, null when not a String (stock's to
     * reject). "none" signs nothing a verifier could check: OpenSSL refuses it with a digest, as MRI shows.
     */
    private static String paddingMode(ThreadContext context, RubyHash options) {
        IRubyObject value = RubyArgs.option(context, options, "rsa_padding_mode", true);
        if (value.isNil()) return "";
        if (!(value instanceof RubyString)) return null;
        String mode = value.asJavaString().toLowerCase(Locale.ROOT);
        if (mode.equals("none")) {
            throw Errors.pkeyError(context.runtime, "EVP_PKEY_CTX_ctrl_str(ctx, \"rsa_padding_mode\", \"" + value.asJavaString() + "\"): invalid padding mode");
        }
        return mode;
    }
}
