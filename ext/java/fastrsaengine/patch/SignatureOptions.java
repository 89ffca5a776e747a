package fastrsaengine.patch;

import fastrsaengine.padding.DigestAlgorithm;
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
 * PSS option (rsa_pss_saltlen, rsa_mgf1_md) while the padding is not PSS. The values themselves are
 * read by Signing and Verifying, or left to stock.
 */
final class SignatureOptions {
    private SignatureOptions() {
    }

    /** @param digest the message digest; null for sign_raw's and verify_raw's nil digest (no digest) */
    static void check(ThreadContext context, RubyHash options, DigestAlgorithm digest) {
        boolean pss = false;
        for (IRubyObject[] pair : RubyArgs.pairs(options)) {
            if (!(pair[0] instanceof RubyString || pair[0] instanceof RubySymbol)) return; // stock's TypeError
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
        if (digest != null && mode.equalsIgnoreCase("none")) throw refused(context, pair, "invalid padding mode");
        if (x931(mode) && (digest == null || digest.x931Id() < 0)) throw refused(context, pair, "invalid x931 digest");
    }

    /** The pair as MRI shows it: the key's name, the value as Kernel#String makes it. */
    private static RaiseException refused(ThreadContext context, IRubyObject[] pair, String reason) {
        RubyString name = pair[0] instanceof RubySymbol ? ((RubySymbol) pair[0]).asString() : (RubyString) pair[0];
        RubyString value = (RubyString) RubyKernel.new_string(context, context.nil, pair[1]);
        return Errors.refusedOption(context.runtime, name, value, reason);
    }
}
