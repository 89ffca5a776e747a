package fastrsaengine.patch;

import fastrsaengine.padding.PublicKeyOperations;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * MRI's {@code PKey#encrypt(data [, options])}, which jruby-openssl lacks, through the engine's
 * public-key operation, with MRI's options and errors ({@link PkeyOptions}).
 */
final class Encrypting {
    private Encrypting() {
    }

    static EngineCall encrypt(ThreadContext context, PublicKeyOperations key, IRubyObject[] args) {
        byte[] data = args[0].convertToString().getByteList().bytes(); // MRI's TypeError for anything else
        PkeyOptions options = PkeyOptions.read(context, "EVP_PKEY_encrypt", args.length > 1 ? args[1] : context.nil);
        return () -> {
            try {
                switch (options.mode) {
                    case "oaep": return key.encryptOaep(data, options.oaepDigest, options.mgf1Digest, options.label);
                    case "none": return key.encryptRaw(data);
                    default: return key.encryptPkcs1(data);
                }
            } catch (RuntimeException e) {
                throw options.failure(context.runtime, e);
            }
        };
    }
}
