package fastrsaengine.patch;

import fastrsaengine.padding.PrivateKeyOperations;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * MRI's {@code PKey#decrypt(data [, options])} for RSA private keys, which jruby-openssl lacks, with
 * MRI's options and errors ({@link PkeyOptions}).
 */
final class Decrypting {
    private Decrypting() {
    }

    static EngineCall decrypt(ThreadContext context, PrivateKeyOperations key, IRubyObject[] args) {
        byte[] data = args[0].convertToString().getByteList().bytes(); // MRI's TypeError for anything else
        PkeyOptions options = PkeyOptions.read(context, "EVP_PKEY_decrypt", args.length > 1 ? args[1] : context.nil);
        return () -> {
            try {
                switch (options.mode) {
                    case "oaep": return key.decryptOaep(data, options.oaepDigest, options.mgf1Digest, options.label);
                    case "none": return key.decryptRaw(data);
                    default: return key.decryptPkcs1(data);
                }
            } catch (Exception e) {
                throw options.failure(context.runtime, e);
            }
        };
    }
}
