package fastrsaengine.patch;

import fastrsaengine.padding.PrivateKeyOperations;
import org.bouncycastle.crypto.util.DigestFactory;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * private_encrypt and private_decrypt read into engine calls. Paddings the engine does not take
 * (SSLv23, and OAEP for encryption) are left to stock; so is any argument stock would reject.
 */
final class Ciphering {
    static final int PKCS1_PADDING = 1;
    static final int NO_PADDING = 3;
    static final int PKCS1_OAEP_PADDING = 4;

    private Ciphering() {
    }

    /** private_encrypt(data [, padding]): PKCS#1 v1.5 type 1, or no padding. */
    static EngineCall privateEncrypt(PrivateKeyOperations key, IRubyObject[] args) {
        byte[] data = RubyArgs.byteArray(args[0]);
        Integer padding = RubyArgs.padding(args);
        if (data == null || padding == null || args.length > 2) return null;
        switch (padding) {
            case PKCS1_PADDING: return () -> key.signDigestInfo(data);
            case NO_PADDING: return () -> key.encryptRaw(data);
            default: return null;
        }
    }

    /** private_decrypt(data [, padding]): PKCS#1 v1.5, no padding, or OAEP (SHA-1, MGF1-SHA-1, empty label). */
    static EngineCall privateDecrypt(PrivateKeyOperations key, IRubyObject[] args) {
        byte[] data = RubyArgs.byteArray(args[0]);
        Integer padding = RubyArgs.padding(args);
        if (data == null || padding == null || args.length > 2) return null;
        switch (padding) {
            case PKCS1_PADDING: return () -> key.decryptPkcs1(data);
            case NO_PADDING: return () -> key.decryptRaw(data);
            case PKCS1_OAEP_PADDING: return () -> key.decryptOaep(data, DigestFactory.createSHA1(), DigestFactory.createSHA1(), null);
            default: return null;
        }
    }
}
