package fastrsaengine.patch;

import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PrivateKeyOperations;
import java.util.Locale;
import org.bouncycastle.util.encoders.Hex;
import org.jruby.RubyHash;
import org.jruby.RubyString;
import org.jruby.RubySymbol;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * MRI's {@code PKey#decrypt(data [, options])} for RSA private keys, which jruby-openssl lacks:
 * {@code rsa_padding_mode} "pkcs1" (default), "oaep" or "none"; for OAEP {@code rsa_oaep_md}
 * (default SHA-1), {@code rsa_mgf1_md} (default: the OAEP digest) and {@code rsa_oaep_label}
 * (hex-encoded, as OpenSSL's ctrl strings take it).
 * Keys may be Strings or Symbols, as in MRI. Returns null for anything else, which goes to stock.
 */
final class Decrypting {
    private Decrypting() {
    }

    static EngineCall decrypt(ThreadContext context, PrivateKeyOperations key, IRubyObject[] args) {
        byte[] data = RubyArgs.byteArray(args[0]);
        IRubyObject options = args.length > 1 ? args[1] : context.nil;
        if (data == null || !(options.isNil() || options instanceof RubyHash)) return null;
        RubyHash hash = options.isNil() ? RubyHash.newHash(context.runtime) : (RubyHash) options;
        if (!knowsEveryOption(hash)) return null;
        String mode = text(context, hash, "rsa_padding_mode", "pkcs1");
        if ("pkcs1".equals(mode)) return () -> key.decryptPkcs1(data);
        if ("none".equals(mode)) return () -> key.decryptRaw(data);
        if ("oaep".equals(mode)) return oaep(context, key, hash, data);
        return null;
    }

    private static EngineCall oaep(ThreadContext context, PrivateKeyOperations key, RubyHash options, byte[] data) {
        DigestAlgorithm digest = DigestAlgorithm.forName(text(context, options, "rsa_oaep_md", "sha1"));
        boolean mgf1Given = !RubyArgs.option(context, options, "rsa_mgf1_md", true).isNil();
        DigestAlgorithm mgf1 = mgf1Given ? DigestAlgorithm.forName(text(context, options, "rsa_mgf1_md", null)) : digest;
        IRubyObject label = RubyArgs.option(context, options, "rsa_oaep_label", true);
        if (digest == null || mgf1 == null || !(label.isNil() || label instanceof RubyString)) return null;
        byte[] labelBytes = label.isNil() ? null : fromHex(label.asJavaString());
        if (!label.isNil() && labelBytes == null) return null;
        return () -> key.decryptOaep(data, digest.newDigest(), mgf1.newDigest(), labelBytes);
    }

    private static byte[] fromHex(String hex) {
        if (hex.length() % 2 != 0 || !hex.matches("[0-9a-fA-F]*")) return null;
        return Hex.decode(hex);
    }

    private static boolean knowsEveryOption(RubyHash options) {
        for (Object name : options.keySet()) {
            String option = name.toString();
            if (!option.equals("rsa_padding_mode") && !option.equals("rsa_oaep_md")
                && !option.equals("rsa_mgf1_md") && !option.equals("rsa_oaep_label")) return false;
        }
        return true;
    }

    /** A String or Symbol option in lower case, the default when absent, null when of another type. */
    private static String text(ThreadContext context, RubyHash options, String name, String absent) {
        IRubyObject value = RubyArgs.option(context, options, name, true);
        if (value.isNil()) return absent;
        boolean textual = value instanceof RubyString || value instanceof RubySymbol;
        return textual ? value.asJavaString().toLowerCase(Locale.ROOT) : null;
    }
}
