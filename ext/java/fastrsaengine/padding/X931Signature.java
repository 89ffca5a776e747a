package fastrsaengine.padding;

import java.math.BigInteger;
import java.util.Arrays;
import org.bouncycastle.crypto.DataLengthException;
import org.bouncycastle.util.BigIntegers;

/**
 * ANSI X9.31 signatures as OpenSSL makes and checks them (crypto/rsa/rsa_x931.c, rsa_ossl.c):
 * the block 6B BB..BB BA, the hash, the hash's identifier, CC; the signature is the smaller of
 * s and n - s, and a verifier takes whichever of m and n - m ends in the nibble C.
 */
final class X931Signature {
    private static final int TRAILER = 0xCC;

    private final KeyBlocks blocks;

    X931Signature(KeyBlocks blocks) {
        this.blocks = blocks;
    }

    /** Signs with the private operation; refusals carry OpenSSL's reasons. */
    byte[] sign(DigestAlgorithm digest, byte[] hash) {
        int k = blocks.modulusBytes;
        if (k < hash.length + 1) throw new DataLengthException("key size too small");
        if (k < hash.length + 3) throw new DataLengthException("data too large for key size");
        BigInteger s = new BigInteger(1, blocks.raw(encode(hash, digest.x931Id(), k)));
        return BigIntegers.asUnsignedByteArray(k, s.min(blocks.modulus().subtract(s)));
    }

    /** Verifies with the public operation: any signature that does not open to this hash is false. */
    boolean verify(DigestAlgorithm digest, byte[] signature, byte[] hash) {
        int k = blocks.modulusBytes;
        byte[] opened;
        try {
            opened = blocks.raw(signature);
        } catch (DataLengthException notASignatureOfThisKey) {
            return false;
        }
        BigInteger m = new BigInteger(1, opened);
        if ((m.intValue() & 0xF) != 12) m = blocks.modulus().subtract(m);
        byte[] payload = decode(BigIntegers.asUnsignedByteArray(k, m));
        if (payload == null || payload.length != hash.length + 1 || (payload[hash.length] & 0xFF) != digest.x931Id()) return false;
        return org.bouncycastle.util.Arrays.constantTimeAreEqual(hash, Arrays.copyOf(payload, hash.length));
    }

    /** RSA_padding_add_X931 around hash || id. */
    private static byte[] encode(byte[] hash, int id, int k) {
        byte[] block = new byte[k];
        int padding = k - hash.length - 3; // OpenSSL's j: the bytes between the header and the hash, BA included
        if (padding == 0) {
            block[0] = 0x6A;
        } else {
            block[0] = 0x6B;
            Arrays.fill(block, 1, padding, (byte) 0xBB);
            block[padding] = (byte) 0xBA;
        }
        System.arraycopy(hash, 0, block, padding + 1, hash.length);
        block[k - 2] = (byte) id;
        block[k - 1] = (byte) TRAILER;
        return block;
    }

    /** RSA_padding_check_X931: hash || id, or null. As OpenSSL's, it wants at least one BB after 6B. */
    private static byte[] decode(byte[] block) {
        int header = block[0] & 0xFF;
        if (header != 0x6A && header != 0x6B) return null;
        int start = 1;
        if (header == 0x6B) {
            int fill = 0;
            while (start < block.length - 2 && (block[start] & 0xFF) == 0xBB) {
                start++;
                fill++;
            }
            if (fill == 0 || start >= block.length - 2 || (block[start] & 0xFF) != 0xBA) return null;
            start++;
        }
        if ((block[block.length - 1] & 0xFF) != TRAILER) return null;
        return Arrays.copyOfRange(block, start, block.length - 1);
    }
}
