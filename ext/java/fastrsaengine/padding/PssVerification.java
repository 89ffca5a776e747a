package fastrsaengine.padding;

import java.security.MessageDigest;
import java.util.Arrays;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.generators.MGF1BytesGenerator;
import org.bouncycastle.crypto.params.MGFParameters;

/**
 * EMSA-PSS verification (RFC 8017 9.1.2) of an encoded message the public-key operation opened,
 * with the salt length given or, as OpenSSL's RSA_PSS_SALTLEN_AUTO, read from the message itself
 * (Bouncy Castle's PSSSigner knows only a fixed length, and JWT's PS256 verifies with auto).
 */
final class PssVerification {
    /** The salt length to read from the encoded message. */
    static final int AUTO = -1;
    private static final byte TRAILER = (byte) 0xBC;

    private PssVerification() {
    }

    /**
     * @param encoded the k bytes the public-key operation gave
     * @param modulusBits the key's size: the message has modulusBits - 1 bits
     */
    static boolean verify(byte[] encoded, int modulusBits, DigestAlgorithm digest, DigestAlgorithm mgf1, int saltLength, byte[] messageHash) {
        int emBits = modulusBits - 1;
        int emLen = (emBits + 7) / 8;
        int hLen = digest.length();
        byte[] em = Arrays.copyOfRange(encoded, encoded.length - emLen, encoded.length);
        if (encoded.length > emLen && encoded[0] != 0) return false;
        if (emLen < hLen + 2 || em[emLen - 1] != TRAILER) return false;
        int unusedBits = 8 * emLen - emBits;
        if ((em[0] & 0xFF) >>> (8 - unusedBits) != 0) return false; // bits above emBits must be zero
        byte[] h = Arrays.copyOfRange(em, emLen - hLen - 1, emLen - 1);
        byte[] db = mgf1Unmask(mgf1, h, Arrays.copyOfRange(em, 0, emLen - hLen - 1));
        db[0] &= (byte) (0xFF >>> unusedBits);
        int one = firstNonZero(db);
        if (one == db.length || db[one] != 1) return false;
        int salt = db.length - one - 1;
        if (saltLength != AUTO && salt != saltLength) return false;
        return MessageDigest.isEqual(h, hashOfMPrime(digest, messageHash, db, one + 1));
    }

    private static byte[] mgf1Unmask(DigestAlgorithm mgf1, byte[] seed, byte[] masked) {
        MGF1BytesGenerator generator = new MGF1BytesGenerator(mgf1.newDigest());
        generator.init(new MGFParameters(seed));
        byte[] mask = new byte[masked.length];
        generator.generateBytes(mask, 0, mask.length);
        for (int i = 0; i < masked.length; i++) mask[i] ^= masked[i];
        return mask;
    }

    private static int firstNonZero(byte[] bytes) {
        int i = 0;
        while (i < bytes.length && bytes[i] == 0) i++;
        return i;
    }

    /** H' = Hash(0x00 * 8 || mHash || salt). */
    private static byte[] hashOfMPrime(DigestAlgorithm algorithm, byte[] messageHash, byte[] db, int saltStart) {
        Digest digest = algorithm.newDigest();
        digest.update(new byte[8], 0, 8);
        digest.update(messageHash, 0, messageHash.length);
        digest.update(db, saltStart, db.length - saltStart);
        byte[] out = new byte[digest.getDigestSize()];
        digest.doFinal(out, 0);
        return out;
    }
}
