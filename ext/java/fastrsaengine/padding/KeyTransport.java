package fastrsaengine.padding;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;

/**
 * A content key sent to several recipients in PKCS#1 v1.5 encryption blocks (PKCS#7's key
 * transport), taken as OpenSSL takes it when it decrypts an envelope (pkcs7_decrypt_rinfo, then
 * PKCS7_dataDecode's defence against Bleichenbacher's attack): every block is decrypted, and the
 * key is the one the last block holds that is well padded and exactly as long as the content
 * cipher's key; where none is, a random key of that length. Which block (if any) was well padded
 * chooses the key through masks, never through a branch, so neither the time taken nor the key's
 * source tells a forged block from a genuine one; only the content then decrypting or not does,
 * as with OpenSSL (its "bad decrypt").
 */
final class KeyTransport {
    private static final ThreadLocal<SecureRandom> RANDOM = ThreadLocal.withInitial(SecureRandom::new);
    /** 0x00 0x02, then at least 8 bytes of non-zero padding, then 0x00 (RFC 8017 7.2.2). */
    private static final int MIN_PADDING = 8;
    private static final int HEADER = 2;

    private KeyTransport() {
    }

    /**
     * The content key of keyLength bytes the blocks carry, decrypted each by the raw operation
     * (k bytes out); a block longer than k or not below the modulus (public facts) is one that
     * does not decrypt, as OpenSSL's RSA refuses it.
     */
    static byte[] contentKey(KeyBlocks key, List<byte[]> encryptedKeys, int keyLength) {
        byte[] chosen = new byte[keyLength];
        RANDOM.get().nextBytes(chosen);
        if (!holds(key, keyLength)) return chosen;
        for (byte[] encrypted : encryptedKeys) {
            if (!key.isBelowModulus(encrypted)) continue;
            byte[] block = key.raw(encrypted);
            select(wellPaddedMask(block, keyLength), block, block.length - keyLength, chosen);
            Arrays.fill(block, (byte) 0); // a decrypted block is secret whether or not it was chosen
        }
        return chosen;
    }

    /** Whether a type 2 block of this key's size holds a key of keyLength bytes (k >= keyLength + 11). */
    static boolean holds(KeyBlocks key, int keyLength) {
        return key.modulusBytes - keyLength - 1 >= HEADER + MIN_PADDING;
    }

    /**
     * -1 (all bits set) where block is a type 2 block whose padding ends with the zero byte just
     * before its last keyLength bytes, else 0; computed over every byte without a branch.
     */
    static int wellPaddedMask(byte[] block, int keyLength) {
        int separator = block.length - keyLength - 1;
        int wrong = (block[0] & 0xff) | ((block[1] & 0xff) ^ 2) | (block[separator] & 0xff);
        for (int i = HEADER; i < separator; i++) wrong |= isZero(block[i]);
        return ((wrong | -wrong) >>> 31) - 1;
    }

    /** 1 where b is zero, else 0, without a branch. */
    private static int isZero(byte b) {
        return ((b & 0xff) - 1) >>> 31;
    }

    /** target := mask ? source[from..] : target, byte by byte. */
    private static void select(int mask, byte[] source, int from, byte[] target) {
        for (int i = 0; i < target.length; i++) target[i] = (byte) ((source[from + i] & mask) | (target[i] & ~mask));
    }
}
