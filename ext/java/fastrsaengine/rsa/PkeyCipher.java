package fastrsaengine.rsa;

import fastrsaengine.call.EngineCall;
import fastrsaengine.call.Errors;
import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import org.bouncycastle.crypto.CryptoException;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * MRI's {@code PKey#encrypt(data [, options])} and {@code PKey#decrypt(data [, options])}, which
 * jruby-openssl lacks: the engine's public and private operations, with MRI's options and errors
 * ({@link PkeyOptions}). Data that is not a String raises MRI's TypeError.
 */
final class PkeyCipher {
    private PkeyCipher() {
    }

    /** The operation on the data, in the options' padding mode. */
    private interface Operation {
        byte[] run(PkeyOptions options, byte[] data) throws CryptoException;
    }

    /** key: null where the engine declines the key; OpenSSL's refusal then follows the arguments' errors. */
    static EngineCall encrypt(ThreadContext context, PublicKeyOperations key, IRubyObject[] args) {
        return call(context, "EVP_PKEY_encrypt", args, key == null ? null : (o, data) -> {
            switch (o.mode()) {
                case "oaep": return key.encryptOaep(data, o.oaepDigest(), o.mgf1Digest(), o.label());
                case "none": return key.encryptRaw(data);
                default: return key.encryptPkcs1(data);
            }
        });
    }

    /** key: as for encrypt; also null for a key with no private part. */
    static EngineCall decrypt(ThreadContext context, PrivateKeyOperations key, IRubyObject[] args) {
        return call(context, "EVP_PKEY_decrypt", args, key == null ? null : (o, data) -> {
            switch (o.mode()) {
                case "oaep": return key.decryptOaep(data, o.oaepDigest(), o.mgf1Digest(), o.label());
                case "none": return key.decryptRaw(data);
                default: return key.decryptPkcs1(data);
            }
        });
    }

    /**
     * The arguments are read as MRI reads them, so their errors come first; with no operation (a
     * key the engine declines: numbers it cannot check, or no private part) OpenSSL's refusal follows.
     */
    private static EngineCall call(ThreadContext context, String operation, IRubyObject[] args, Operation operationInMode) {
        byte[] data = args[0].convertToString().getByteList().bytes();
        PkeyOptions options = PkeyOptions.read(context, operation, args.length > 1 ? args[1] : context.nil);
        if (operationInMode == null) throw Errors.pkeyError(context.runtime, operation);
        return () -> {
            try {
                return operationInMode.run(options, data);
            } catch (CryptoException | RuntimeException e) {
                throw options.failure(context.runtime, e);
            }
        };
    }
}
