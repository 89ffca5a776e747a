package fastrsaengine.rsa;

import fastrsaengine.call.Errors;
import fastrsaengine.call.OpensslText;
import fastrsaengine.call.OptionPairs;
import fastrsaengine.padding.DigestAlgorithm;
import java.util.Locale;
import org.bouncycastle.crypto.DataLengthException;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.jruby.Ruby;
import org.jruby.RubyString;
import org.jruby.exceptions.RaiseException;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The options of MRI's PKey#encrypt and PKey#decrypt, which jruby-openssl lacks, read as MRI reads
 * them ({@link OptionPairs}) into OpenSSL 3.0's encryption context, whose names and values these
 * are ({@link #control}). The first pair OpenSSL refuses raises MRI's PKeyError.
 * Failures of the operation itself read as MRI's too ({@link #failure}).
 */
final class PkeyOptions {
    /** OpenSSL's room for a digest name (OSSL_MAX_NAME_SIZE): a longer one is refused with no reason. */
    private static final int MAX_DIGEST_NAME = 49;

    /** "EVP_PKEY_encrypt" or "EVP_PKEY_decrypt": how MRI's messages name the operation. */
    private final String operation;
    /** "pkcs1", "oaep" or "none"; any other value is refused when the operation runs, as OpenSSL does. */
    private String mode = "pkcs1";
    private DigestAlgorithm oaepDigest = DigestAlgorithm.SHA1;
    /** null: the OAEP digest's. */
    private DigestAlgorithm mgf1Digest;
    private byte[] label;

    private PkeyOptions(String operation) {
        this.operation = operation;
    }

    static PkeyOptions read(ThreadContext context, String operation, IRubyObject options) {
        PkeyOptions read = new PkeyOptions(operation);
        OptionPairs.apply(context, options, (name, value) -> read.control(context.runtime, name, value));
        read.checkMode(context.runtime);
        return read;
    }

    String mode() {
        return mode;
    }

    DigestAlgorithm oaepDigest() {
        return oaepDigest;
    }

    DigestAlgorithm mgf1Digest() {
        return mgf1Digest == null ? oaepDigest : mgf1Digest;
    }

    byte[] label() {
        return label;
    }

    /** An operation's failure as MRI words it; a ciphertext that does not decode reads alike, whatever went wrong. */
    RaiseException failure(Ruby runtime, Exception e) {
        if (e instanceof InvalidCipherTextException) return Errors.pkeyError(runtime, operation + decodingFailure());
        if (e instanceof DataLengthException) return Errors.functionFailed(runtime, operation, mriWords(e.getMessage()));
        return Errors.fromJava(runtime, operation.equals("EVP_PKEY_encrypt") ? "encrypt" : "decrypt", e);
    }

    /**
     * One EVP_PKEY_CTX_ctrl_str call of OpenSSL 3.0 on an RSA encryption context. Its own control
     * names match in any case; failing those, the name is the provider's parameter, matched exactly,
     * and a "hex" prefix asks for the value's bytes in hex.
     */
    private void control(Ruby runtime, RubyString name, RubyString value) {
        String text = value.asJavaString();
        switch (name.asJavaString().toLowerCase(Locale.ROOT)) {
            case "rsa_padding_mode": mode = text; return;
            case "rsa_oaep_md": oaepDigest = digest(runtime, name, value); return;
            case "rsa_mgf1_md": mgf1Digest = digest(runtime, name, value); return;
            case "rsa_oaep_label": label = hex(runtime, name, value); return;
            default: parameter(runtime, name, value);
        }
    }

    /** The RSA cipher's parameters (providers/implementations/asymciphers/rsa_enc.c) by name. */
    private void parameter(Ruby runtime, RubyString name, RubyString value) {
        switch (name.asJavaString()) {
            case "pad-mode": mode = value.asJavaString(); return;
            case "digest": oaepDigest = digest(runtime, name, value); return;
            case "mgf1-digest": mgf1Digest = digest(runtime, name, value); return;
            case "oaep-label": label = value.getByteList().bytes(); return;
            case "hexoaep-label": label = hex(runtime, name, value); return;
            case "digest-props": return; // properties for a digest named in the same call: never here
            case "tls-client-version":
            case "tls-negotiated-version": version(runtime, name, value, false); return;
            case "hextls-client-version":
            case "hextls-negotiated-version": version(runtime, name, value, true); return;
            case "hexpad-mode":
            case "hexdigest":
            case "hexmgf1-digest":
            case "hexdigest-props": throw refused(runtime, name, value, "passed invalid argument"); // text parameters
            default: throw refused(runtime, name, value, "command not supported");
        }
    }

    private static DigestAlgorithm digest(Ruby runtime, RubyString name, RubyString value) {
        DigestAlgorithm digest = DigestAlgorithm.forFetchName(value.asJavaString());
        if (digest != null) return digest;
        throw refused(runtime, name, value, value.getByteList().realSize() > MAX_DIGEST_NAME ? null : "unsupported");
    }

    private static byte[] hex(Ruby runtime, RubyString name, RubyString value) {
        try {
            return OpensslText.hexBytes(value.asJavaString());
        } catch (OpensslText.Refused e) {
            throw refused(runtime, name, value, e.reason);
        }
    }

    /** The TLS versions matter only to a padding Ruby cannot ask for; OpenSSL still reads them as numbers. */
    private static void version(Ruby runtime, RubyString name, RubyString value, boolean hex) {
        try {
            OpensslText.unsignedInt(value.asJavaString(), hex);
        } catch (OpensslText.Refused e) {
            throw refused(runtime, name, value, e.reason);
        }
    }

    private void checkMode(Ruby runtime) {
        if (mode.equals("oeap")) mode = "oaep"; // OpenSSL's own alias, for a common misspelling
        if (!mode.equals("pkcs1") && !mode.equals("oaep") && !mode.equals("none")) {
            throw Errors.functionFailed(runtime, operation, "unknown padding type");
        }
    }

    private static RaiseException refused(Ruby runtime, RubyString name, RubyString value, String reason) {
        return Errors.refusedOption(runtime, name, value, reason);
    }

    /** A digest OpenSSL names but that hashes to nothing (NULL) makes no OAEP block, and decodes none. */
    private String decodingFailure() {
        if (!mode.equals("oaep")) return ": padding check failed";
        return oaepDigest.length() == 0 || mgf1Digest().length() == 0 ? "" : ": oaep decoding error";
    }

    /** OpenSSL's reason for a length the paddings refuse, as MRI shows it. */
    private String mriWords(String reason) {
        switch (reason) {
            case "too much data for RSA block":
                return operation.endsWith("decrypt") ? "data greater than mod len" : "data too large for key size";
            case "input too large for RSA cipher.":
                return "data too large for modulus";
            default:
                return reason;
        }
    }
}
