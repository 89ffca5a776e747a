package fastrsaengine.rsa;

import fastrsaengine.call.EngineCall;
import fastrsaengine.call.Errors;
import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import fastrsaengine.padding.DigestAlgorithm;
import org.jruby.RubyString;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * private_encrypt, private_decrypt, public_encrypt and public_decrypt read into engine calls.
 * Paddings the engine does not take (SSLv23 decryption, and OAEP where OpenSSL has no such
 * operation) are left to stock; so is any argument stock would reject. SSLv23 encryption is
 * MRI's: stock never returns for empty data. (DIFFERENCES.md: sslv23, no-padding-exact-length.)
 */
final class Ciphering {
    static final int PKCS1_PADDING = 1;
    static final int SSLV23_PADDING = 2;
    static final int NO_PADDING = 3;
    static final int PKCS1_OAEP_PADDING = 4;

    private Ciphering() {
    }

    /** The engine call for one padding number, or null when stock takes that padding. */
    private interface ByPadding {
        EngineCall call(int padding, byte[] data);
    }

    /**
     * private_encrypt(data [, padding]): PKCS#1 v1.5 type 1, or no padding. SSLv23 pads as PKCS#1 type 1,
     * as MRI's OpenSSL 3 does (stock pads at random, and loops forever on empty data).
     */
    static EngineCall privateEncrypt(ThreadContext context, PrivateKeyOperations key, IRubyObject[] args) {
        return read(args, (padding, data) -> {
            switch (padding) {
                case PKCS1_PADDING:
                case SSLV23_PADDING: return () -> key.signDigestInfo(data);
                case NO_PADDING: return () -> key.encryptRaw(data);
                default: return null;
            }
        });
    }

    /** private_decrypt(data [, padding]): PKCS#1 v1.5, no padding, or OAEP (SHA-1, MGF1-SHA-1, empty label). */
    static EngineCall privateDecrypt(PrivateKeyOperations key, IRubyObject[] args) {
        return read(args, (padding, data) -> {
            switch (padding) {
                case PKCS1_PADDING: return () -> key.decryptPkcs1(data);
                case NO_PADDING: return () -> key.decryptRaw(data);
                case PKCS1_OAEP_PADDING: return () -> key.decryptOaep(data, DigestAlgorithm.SHA1, DigestAlgorithm.SHA1, null);
                default: return null;
            }
        });
    }

    /**
     * public_encrypt(data [, padding]): PKCS#1 v1.5, no padding, or OAEP (SHA-1). SSLv23 is refused,
     * as MRI's OpenSSL 3 refuses it (stock loops forever on empty data).
     */
    static EngineCall publicEncrypt(ThreadContext context, PublicKeyOperations key, IRubyObject[] args) {
        return read(args, (padding, data) -> {
            switch (padding) {
                case PKCS1_PADDING: return () -> key.encryptPkcs1(data);
                case SSLV23_PADDING: throw Errors.unknownPaddingType(context.runtime);
                case NO_PADDING: return () -> key.encryptRaw(data);
                case PKCS1_OAEP_PADDING: return () -> key.encryptOaep(data, DigestAlgorithm.SHA1, DigestAlgorithm.SHA1, null);
                default: return null;
            }
        });
    }

    /** public_decrypt(data [, padding]): PKCS#1 v1.5 type 1, or no padding. */
    static EngineCall publicDecrypt(PublicKeyOperations key, IRubyObject[] args) {
        return read(args, (padding, data) -> {
            switch (padding) {
                case PKCS1_PADDING: return () -> key.decryptPkcs1(data);
                case NO_PADDING: return () -> key.decryptRaw(data);
                default: return null;
            }
        });
    }

    /**
     * Stock never returns from SSLv23 padding of empty data. With the engine on, a key it declines
     * (which would go to stock) gets an error instead: no call may hang.
     */
    static void refuseWhereStockNeverReturns(ThreadContext context, IRubyObject[] args) {
        boolean empty = args.length == 2 && args[0] instanceof RubyString && ((RubyString) args[0]).isEmpty();
        if (empty && Integer.valueOf(SSLV23_PADDING).equals(RubyArgs.int32(args[1]))) {
            throw Errors.unknownPaddingType(context.runtime);
        }
    }

    /** (data [, padding]) as the engine takes them: a String, and nil or an Integer. */
    private static EngineCall read(IRubyObject[] args, ByPadding byPadding) {
        byte[] data = RubyArgs.byteArray(args[0]);
        Integer padding = RubyArgs.padding(args);
        return data == null || padding == null ? null : byPadding.call(padding, data);
    }
}
