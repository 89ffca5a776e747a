package fastrsaengine.patch;

import fastrsaengine.padding.DigestAlgorithm;
import org.bouncycastle.crypto.DataLengthException;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.jruby.Ruby;
import org.jruby.RubyArray;
import org.jruby.RubyHash;
import org.jruby.exceptions.RaiseException;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The options of MRI's PKey#encrypt and PKey#decrypt, which jruby-openssl lacks, read as MRI reads
 * them: each pair in order, key and value as Strings (Symbols welcome), as OpenSSL's
 * EVP_PKEY_CTX_ctrl_str takes them, with MRI's PKeyError for the first it refuses:
 * {@code rsa_padding_mode} pkcs1 (default), oaep or none; {@code rsa_oaep_md} and {@code rsa_mgf1_md}
 * (a digest name, whatever the mode); {@code rsa_oaep_label} (hex). Failures of the operation itself
 * read as MRI's too ({@link #failure}).
 */
final class PkeyOptions {
    final String mode;
    final DigestAlgorithm oaepDigest;
    final DigestAlgorithm mgf1Digest;
    final byte[] label;
    /** "EVP_PKEY_encrypt" or "EVP_PKEY_decrypt": how MRI's messages name the operation. */
    private final String operation;

    private PkeyOptions(String operation, String mode, DigestAlgorithm oaepDigest, DigestAlgorithm mgf1Digest, byte[] label) {
        this.operation = operation;
        this.mode = mode;
        this.oaepDigest = oaepDigest;
        this.mgf1Digest = mgf1Digest == null ? oaepDigest : mgf1Digest;
        this.label = label;
    }

    static PkeyOptions read(ThreadContext context, String operation, IRubyObject options) {
        if (options.isNil()) return new PkeyOptions(operation, "pkcs1", DigestAlgorithm.SHA1, null, null);
        if (!(options instanceof RubyHash)) {
            throw context.runtime.newTypeError("wrong argument type " + options.getMetaClass().getRealClass().getName() + " (expected Hash)");
        }
        String mode = "pkcs1";
        DigestAlgorithm oaep = DigestAlgorithm.SHA1, mgf1 = null;
        byte[] label = null;
        for (IRubyObject pair : ((RubyArray<?>) options.callMethod(context, "to_a")).toJavaArray()) {
            String name = ((RubyArray<?>) pair).entry(0).asString().toString();
            String value = ((RubyArray<?>) pair).entry(1).asString().toString();
            switch (name) {
                case "rsa_padding_mode": mode = value; break;
                case "rsa_oaep_md": oaep = digest(context.runtime, name, value); break;
                case "rsa_mgf1_md": mgf1 = digest(context.runtime, name, value); break;
                case "rsa_oaep_label": label = hex(context.runtime, value); break;
                default: throw refused(context.runtime, name, value, "command not supported");
            }
        }
        if (!mode.equals("pkcs1") && !mode.equals("oaep") && !mode.equals("none")) {
            throw Errors.pkeyError(context.runtime, operation + ": unknown padding type");
        }
        return new PkeyOptions(operation, mode, oaep, mgf1, label);
    }

    /** An operation's failure as MRI words it; a ciphertext that does not decode reads alike, whatever went wrong. */
    RaiseException failure(Ruby runtime, Exception e) {
        if (e instanceof InvalidCipherTextException) {
            return Errors.pkeyError(runtime, operation + (mode.equals("oaep") ? ": oaep decoding error" : ": padding check failed"));
        }
        if (e instanceof DataLengthException) return Errors.pkeyError(runtime, operation + ": " + mriWords(e.getMessage()));
        return Errors.fromJava(runtime, e);
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

    private static DigestAlgorithm digest(Ruby runtime, String name, String value) {
        DigestAlgorithm digest = DigestAlgorithm.forFetchName(value);
        if (digest == null) throw refused(runtime, name, value, "unsupported");
        return digest;
    }

    private static byte[] hex(Ruby runtime, String value) {
        if (!value.matches("[0-9a-fA-F]*")) throw refused(runtime, "rsa_oaep_label", value, "illegal hex digit");
        if (value.length() % 2 != 0) throw refused(runtime, "rsa_oaep_label", value, "odd number of digits");
        return org.bouncycastle.util.encoders.Hex.decode(value);
    }

    private static RaiseException refused(Ruby runtime, String name, String value, String reason) {
        return Errors.pkeyError(runtime, "EVP_PKEY_CTX_ctrl_str(ctx, \"" + name + "\", \"" + value + "\"): " + reason);
    }
}
