package fastrsaengine.rsa;

import fastrsaengine.call.Errors;
import fastrsaengine.call.OptionPairs;
import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PublicKeyOperations;
import java.util.Locale;
import org.jruby.RubyHash;
import org.jruby.RubyKernel;
import org.jruby.RubyString;
import org.jruby.RubySymbol;
import org.jruby.exceptions.RaiseException;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The options of sign, sign_raw, verify and verify_raw as MRI hands them to OpenSSL: one
 * EVP_PKEY_CTX_ctrl_str per pair, in order, each judged against the padding set so far. Where
 * stock ignores what OpenSSL refuses, and signs or verifies something else, this raises MRI's
 * error: the padding "none" with a digest, "x931" with a digest X9.31 has no identifier for, and a
 * PSS option (rsa_pss_saltlen, rsa_mgf1_md) while the padding is not PSS. The PSS parameters, of
 * these options or of sign_pss's and verify_pss's keywords, are read here once for signing and
 * verifying ({@link Pss}). (DIFFERENCES.md: none-padding-with-digest, x931, pss-option-without-pss,
 * option-strings, pss-saltlen-numbers.)
 */
final class SignatureOptions {
    private SignatureOptions() {
    }

    /** @param digest the message digest; null for sign_raw's and verify_raw's nil digest (no digest) */
    static void check(ThreadContext context, RubyHash options, DigestAlgorithm digest) {
        boolean pss = false;
        for (IRubyObject[] pair : OptionPairs.pairs(options)) {
            // MRI reads each name as a String (stock skips a name that is none) and, as OpenSSL reads
            // C strings, refuses a NUL byte in the pair it reaches (stock reads past it).
            if (!(pair[0] instanceof RubySymbol)) pair[0] = pair[0].convertToString();
            if (hasNul(pair[0]) || hasNul(pair[1])) throw Errors.nulByte(context.runtime);
            switch (pair[0].asJavaString().toLowerCase(Locale.ROOT)) {
                case "rsa_padding_mode":
                    if (!(pair[1] instanceof RubyString)) return; // stock's TypeError
                    checkPadding(context, pair, digest);
                    pss = pair[1].asJavaString().equalsIgnoreCase("pss");
                    break;
                case "rsa_pss_saltlen":
                    if (!pss) throw refused(context, pair, "not supported");
                    break;
                case "rsa_mgf1_md":
                    if (!pss) throw refused(context, pair, "invalid mgf1 md");
                    break;
                default:
                    break;
            }
        }
    }

    /**
     * The rsa_padding_mode option: "pkcs1" when absent or so named, "pss" (in any case, as stock
     * reads it), "x931" (OpenSSL's exact name: it ignores "X931", as any name it does not know), the
     * value itself otherwise; null when it is not a String (stock's to reject).
     */
    static String mode(ThreadContext context, RubyHash options) {
        IRubyObject value = RubyArgs.option(context, options, "rsa_padding_mode", true);
        if (value.isNil()) return "pkcs1";
        if (!(value instanceof RubyString)) return null;
        String mode = value.asJavaString();
        if (mode.equalsIgnoreCase("pkcs1") || mode.equalsIgnoreCase("pss")) return mode.toLowerCase(Locale.ROOT);
        return mode;
    }

    private static boolean x931(String mode) {
        return mode.equals("x931");
    }

    private static void checkPadding(ThreadContext context, IRubyObject[] pair, DigestAlgorithm digest) {
        String mode = pair[1].asJavaString();
        // No padding signs nothing a verifier could check: OpenSSL refuses it with a digest.
        // OpenSSL's padding names are exact: "NONE" is a name it does not know, and ignores.
        if (digest != null && mode.equals("none")) throw refused(context, pair, "invalid padding mode");
        if (x931(mode) && (digest == null || digest.x931Id() < 0)) throw refused(context, pair, "invalid x931 digest");
    }

    private static boolean hasNul(IRubyObject value) {
        return (value instanceof RubyString || value instanceof RubySymbol) && value.asString().getByteList().indexOf(0) >= 0;
    }

    /** The pair as MRI shows it: the key's name, the value as Kernel#String makes it. */
    private static RaiseException refused(ThreadContext context, IRubyObject[] pair, String reason) {
        RubyString name = pair[0] instanceof RubySymbol ? ((RubySymbol) pair[0]).asString() : (RubyString) pair[0];
        RubyString value = (RubyString) RubyKernel.new_string(context, context.nil, pair[1]);
        return Errors.refusedOption(context.runtime, name, value, reason);
    }
    /** The PSS parameters of sign, sign_raw, verify and verify_raw: rsa_mgf1_md and rsa_pss_saltlen. */
    static Pss pssOptions(ThreadContext context, RubyHash options, DigestAlgorithm digest) {
        IRubyObject mgf1 = RubyArgs.option(context, options, "rsa_mgf1_md", true);
        // An option names its digest as OpenSSL's option strings do: a String.
        DigestAlgorithm mgf1Digest = mgf1.isNil() ? digest : RubyArgs.optionDigest(mgf1);
        return new Pss(mgf1Digest, RubyArgs.option(context, options, "rsa_pss_saltlen", true), false);
    }

    /** The PSS parameters of sign_pss and verify_pss: the keywords mgf1_hash and salt_length. */
    static Pss pssKeywords(ThreadContext context, RubyHash options, DigestAlgorithm digest) {
        IRubyObject mgf1 = RubyArgs.option(context, options, "mgf1_hash", false);
        // A keyword takes a name or an OpenSSL::Digest, as MRI; a Symbol is stock's to reject, as MRI rejects it.
        DigestAlgorithm mgf1Digest = mgf1.isNil() ? digest : mgf1 instanceof RubySymbol ? null : RubyArgs.digest(mgf1);
        return new Pss(mgf1Digest, RubyArgs.option(context, options, "salt_length", false), true);
    }

    /**
     * An MGF1 digest (null: one the engine does not take) and a salt length as OpenSSL reads it:
     * signing, -1 is the digest length and -2, -3 and none the maximum; verifying, -2 and none mean
     * read from the signature, -3 the maximum. The keywords also take :digest, :max and :auto (the
     * maximum when signing, read from the signature when verifying). Null salts leave the call to stock.
     */
    static final class Pss {
        private static final int AUTO = PublicKeyOperations.PSS_SALT_AUTO;
        final DigestAlgorithm mgf1;
        private final IRubyObject salt;
        private final boolean keywords;

        private Pss(DigestAlgorithm mgf1, IRubyObject salt, boolean keywords) {
            this.mgf1 = mgf1;
            this.salt = salt;
            this.keywords = keywords;
        }

        Integer signingSalt(ThreadContext context, DigestAlgorithm digest, int maxSalt) {
            if (salt.isNil()) return maxSalt;
            if (salt instanceof RubySymbol) return keywords ? named(digest, maxSalt, maxSalt) : null;
            Integer number = RubyArgs.int32(salt);
            if (number == null) return null;
            if (number == -1) return digest.length();
            if (number == -2 || number == -3) return maxSalt;
            if (number < 0) throw Errors.invalidSaltLength(context.runtime);
            return number;
        }

        Integer verifyingSalt(DigestAlgorithm digest, int maxSalt) {
            if (salt.isNil()) return keywords ? null : Integer.valueOf(AUTO);
            if (salt instanceof RubySymbol) return keywords ? named(digest, AUTO, maxSalt) : null;
            Integer number = RubyArgs.int32(salt);
            if (number == null || number < -3) return null;
            switch (number) {
                case -1: return digest.length();
                case -2: return AUTO;
                case -3: return maxSalt;
                default: return number;
            }
        }

        private Integer named(DigestAlgorithm digest, int auto, int maxSalt) {
            switch (salt.asJavaString()) {
                case "digest": return digest.length();
                case "max": return maxSalt;
                case "auto": return auto;
                default: return null;
            }
        }
    }
}
