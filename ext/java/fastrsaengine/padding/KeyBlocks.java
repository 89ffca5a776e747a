package fastrsaengine.padding;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import org.bouncycastle.crypto.AsymmetricBlockCipher;
import org.bouncycastle.crypto.CipherParameters;
import org.bouncycastle.crypto.DataLengthException;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.encodings.OAEPEncoding;
import org.bouncycastle.crypto.encodings.PKCS1Encoding;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.params.RSAKeyParameters;

/**
 * One key's raw operation, private or public, as Bouncy Castle's paddings take it: a fresh
 * {@link EngineCipher} per call, the key parameters BC reads its direction and sizes from,
 * and the length rules stock shows, so both operation classes pad and unpad the same way.
 */
final class KeyBlocks {
    private static final ThreadLocal<SecureRandom> RANDOM = ThreadLocal.withInitial(SecureRandom::new);

    private final BigInteger modulus;
    private final UnaryOperator<BigInteger> operation;
    /** BC's view of the key: it reads private or public and the modulus; the key itself stays in the engine. */
    private final RSAKeyParameters paddingKey;
    final int modulusBytes;

    KeyBlocks(BigInteger modulus, UnaryOperator<BigInteger> operation, boolean isPrivate, BigInteger exponentForBc) {
        this.modulus = modulus;
        this.operation = operation;
        this.paddingKey = new RSAKeyParameters(isPrivate, modulus, exponentForBc, true);
        this.modulusBytes = (modulus.bitLength() + 7) / 8;
    }

    BigInteger modulus() {
        return modulus;
    }

    /** The largest PSS salt for this key and a digest (RFC 8017 9.1.1: emLen - hLen - 2). */
    int maxPssSaltLength(DigestAlgorithm digest) {
        return (modulus.bitLength() - 1 + 7) / 8 - digest.length() - 2;
    }

    AsymmetricBlockCipher cipher() {
        return new EngineCipher(modulus, operation);
    }

    /**
     * OAEP around this key's operation. A key too small for the digest (k < 2 hLen + 2, RFC 8017
     * 7.1) has no OAEP blocks at all: Bouncy Castle would index past its buffers, so such a block
     * is refused here as one that does not decode, or as data too large, as OpenSSL refuses it.
     * Nor has a digest with no output (OpenSSL's NULL): OpenSSL refuses it as the OAEP digest
     * ("invalid length"), and as the MGF1 digest its mask generation never ends; both are refused.
     */
    AsymmetricBlockCipher oaep(DigestAlgorithm digest, DigestAlgorithm mgf1, byte[] label) {
        if (digest.length() == 0 || mgf1.length() == 0) return new NoRoom(cipher(), "invalid length");
        if (modulusBytes < 2 * digest.length() + 2) return new NoRoom(cipher(), "too much data for RSA block");
        return new OAEPEncoding(cipher(), digest.newDigest(), mgf1.newDigest(), label);
    }

    /** The key parameters with a random source, for paddings and PSS salts that draw random bytes. */
    CipherParameters withRandom() {
        return new ParametersWithRandom(paddingKey, RANDOM.get());
    }

    /** Pads data and runs the operation; data longer than the padding takes is refused as stock refuses it. */
    byte[] pad(AsymmetricBlockCipher padding, byte[] data) {
        padding.init(true, withRandom());
        if (data.length > padding.getInputBlockSize()) throw new DataLengthException("too much data for RSA block");
        try {
            return padding.processBlock(data, 0, data.length);
        } catch (InvalidCipherTextException cannotHappenWhenPadding) {
            throw new IllegalStateException(cannotHappenWhenPadding);
        }
    }

    /** Runs the operation and removes the padding. */
    byte[] unpad(AsymmetricBlockCipher padding, byte[] data) throws InvalidCipherTextException {
        checkAtMostModulusLength(data);
        padding.init(false, paddingKey);
        return padding.processBlock(data, 0, data.length);
    }

    /**
     * EMSA-PKCS1-v1_5's block of a DigestInfo (RFC 8017 9.2): 00 01, then FF to fill k bytes, at
     * least eight, then 00 and the DigestInfo; null where k is too short for it. Signing exponentiates
     * this block; a signature verifies where it opens to exactly this block: the blocks OpenSSL's
     * type 1 check opens to the DigestInfo.
     */
    byte[] signatureBlock(byte[] digestInfo) {
        int fill = modulusBytes - 3 - digestInfo.length;
        if (fill < 8) return null;
        byte[] block = new byte[modulusBytes];
        block[1] = 0x01;
        Arrays.fill(block, 2, 2 + fill, (byte) 0xFF);
        System.arraycopy(digestInfo, 0, block, modulusBytes - digestInfo.length, digestInfo.length);
        return block;
    }

    /**
     * A PKCS#1 v1.5 type 2 (encryption) block of k bytes holding data, with fresh random padding:
     * what a key of exponent 1 "encrypts" data to, and opens again to the same data.
     */
    byte[] encryptionBlock(byte[] data) {
        PKCS1Encoding padding = new PKCS1Encoding(new EngineCipher(modulus, UnaryOperator.identity()));
        padding.init(true, new ParametersWithRandom(new RSAKeyParameters(false, modulus, BigInteger.ONE), RANDOM.get()));
        try {
            return padding.processBlock(data, 0, data.length);
        } catch (InvalidCipherTextException cannotHappenWhenPadding) {
            throw new IllegalStateException(cannotHappenWhenPadding);
        }
    }

    /** No padding, as OpenSSL's RSA_NO_PADDING encrypts: exactly k bytes in, k bytes out. */
    byte[] rawExactLength(byte[] block) {
        if (block.length < modulusBytes) throw new DataLengthException("data too small for key size");
        checkAtMostModulusLength(block);
        return raw(block);
    }

    /** No padding, as OpenSSL's RSA_NO_PADDING decrypts: up to k bytes in, k bytes out, leading zeros kept. */
    byte[] raw(byte[] block) {
        // Longer than k + 1 bytes: stock's words (its JCA cipher's buffer); k + 1: the raw cipher's, as stock's.
        if (block.length > modulusBytes + 1) throw new DataLengthException("too much data for RSA block");
        EngineCipher cipher = new EngineCipher(modulus, operation);
        cipher.init(true, paddingKey); // the "encrypting" direction returns exactly k bytes
        return cipher.processBlock(block, 0, block.length);
    }

    /** Whether a block is at most k bytes and, as a number, below n: one the raw operation takes. */
    boolean isBelowModulus(byte[] block) {
        return block.length <= modulusBytes && new BigInteger(1, block).compareTo(modulus) < 0;
    }

    private void checkAtMostModulusLength(byte[] data) {
        if (data.length > modulusBytes) throw new DataLengthException("too much data for RSA block");
    }

    /**
     * A padding that makes no block with this key (no room for it, or a digest with no output):
     * nothing pads, with the one reason OpenSSL gives, and nothing decodes. A block is still run
     * through the key's operation first, so one out of range is refused as the other paddings refuse it.
     */
    private static final class NoRoom implements AsymmetricBlockCipher {
        private final AsymmetricBlockCipher cipher;
        private final String encryptionRefusal;
        private boolean forEncryption;

        NoRoom(AsymmetricBlockCipher cipher, String encryptionRefusal) {
            this.cipher = cipher;
            this.encryptionRefusal = encryptionRefusal;
        }

        @Override
        public void init(boolean forEncryption, CipherParameters parameters) {
            this.forEncryption = forEncryption;
            cipher.init(forEncryption, parameters);
        }

        @Override
        public int getInputBlockSize() {
            return Integer.MAX_VALUE; // any data reaches processBlock, which gives the one refusal
        }

        @Override
        public int getOutputBlockSize() {
            return 0;
        }

        @Override
        public byte[] processBlock(byte[] in, int offset, int length) throws InvalidCipherTextException {
            if (forEncryption) throw new DataLengthException(encryptionRefusal);
            cipher.processBlock(in, offset, length);
            throw new InvalidCipherTextException("data wrong");
        }
    }
}
