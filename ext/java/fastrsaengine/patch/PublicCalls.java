package fastrsaengine.patch;

import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PublicKeyOperations;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.util.ByteList;

/**
 * verify, public_encrypt and public_decrypt read into engine calls, for engines whose public
 * operation beats stock's. Each returns null for a call the engine leaves to stock: options to
 * verify (PSS), SSLv23 padding, arguments stock would reject.
 */
final class PublicCalls {
    private PublicCalls() {
    }

    /** verify(digest, signature, data): PKCS#1 v1.5; true or false, or null for stock. */
    static Boolean verify(ThreadContext context, PublicKeyOperations key, IRubyObject[] args) {
        DigestAlgorithm digest = RubyArgs.digest(context, args[0]);
        byte[] signature = RubyArgs.byteArray(args[1]);
        ByteList data = RubyArgs.bytes(args[2]);
        boolean hasOptions = args.length > 3 && !args[3].isNil();
        if (digest == null || signature == null || data == null || hasOptions) return null;
        return key.verifyPkcs1(digest, signature, data.unsafeBytes(), data.begin(), data.realSize());
    }

    /** public_encrypt(data [, padding]): PKCS#1 v1.5, no padding, or OAEP (SHA-1). */
    static EngineCall publicEncrypt(PublicKeyOperations key, IRubyObject[] args) {
        byte[] data = RubyArgs.byteArray(args[0]);
        Integer padding = RubyArgs.padding(args);
        if (data == null || padding == null) return null;
        switch (padding) {
            case Ciphering.PKCS1_PADDING: return () -> key.encryptPkcs1(data);
            case Ciphering.NO_PADDING: return () -> key.encryptRaw(data);
            case Ciphering.PKCS1_OAEP_PADDING: return () -> key.encryptOaep(data);
            default: return null;
        }
    }

    /** public_decrypt(data [, padding]): PKCS#1 v1.5 type 1, or no padding. */
    static EngineCall publicDecrypt(PublicKeyOperations key, IRubyObject[] args) {
        byte[] data = RubyArgs.byteArray(args[0]);
        Integer padding = RubyArgs.padding(args);
        if (data == null || padding == null) return null;
        switch (padding) {
            case Ciphering.PKCS1_PADDING: return () -> key.decryptPkcs1(data);
            case Ciphering.NO_PADDING: return () -> key.decryptRaw(data);
            default: return null;
        }
    }
}
