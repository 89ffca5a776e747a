package fastrsaengine.padding;

import fastrsaengine.engines.rsa.PreparedKey;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.crypto.CryptoException;
import org.bouncycastle.crypto.DataLengthException;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.encodings.PKCS1Encoding;
import org.bouncycastle.crypto.signers.PSSSigner;

/**
 * Every padded RSA private-key operation, written once above all engines: PKCS#1 v1.5
 * signatures and type 1 encryption, PSS, and PKCS#1 v1.5 / OAEP / raw decryption. The
 * paddings are Bouncy Castle's, the ones stock jruby-openssl uses; only the raw RSA step is
 * the engine's.
 *
 * <p>Errors: {@link DataLengthException} for input that does not fit the key (message as stock
 * shows it), {@link InvalidCipherTextException} for a ciphertext whose padding does not check.
 */
public final class PrivateKeyOperations {
    private final KeyBlocks blocks;

    public PrivateKeyOperations(PreparedKey key) {
        // BC's paddings read only "private" and the modulus from the key; its exponent is unused.
        this.blocks = new KeyBlocks(key.modulus(), key::privateOperation, true, BigInteger.ONE);
    }

    /** k, the modulus's length in bytes. */
    public int modulusBytes() {
        return blocks.modulusBytes;
    }

    /** Whether a block is at most k bytes and, as a number, below n (known from public values alone). */
    public boolean isBelowModulus(byte[] block) {
        return blocks.isBelowModulus(block);
    }

    /** The largest PSS salt for this key and digest (RFC 8017 9.1.1: emLen - hLen - 2). */
    public int maxPssSaltLength(DigestAlgorithm digest) {
        return blocks.maxPssSaltLength(digest);
    }

    /** Whether a PKCS#1 v1.5 type 1 block has room for this many bytes (k - 11). */
    public boolean fitsPkcs1(int length) {
        return length <= blocks.modulusBytes - 11;
    }

    /** PKCS#1 v1.5 signature: hash, DigestInfo, type 1 padding. */
    public byte[] signPkcs1(DigestAlgorithm digest, byte[] data, int offset, int length) {
        return signDigestInfo(digest.digestInfo(digest.hash(data, offset, length)));
    }

    /**
     * PKCS#1 v1.5 type 1 padding around a DigestInfo, or around any short data (private_encrypt): the
     * one block {@link KeyBlocks#signatureBlock} makes, which verification compares against.
     */
    public byte[] signDigestInfo(byte[] digestInfo) {
        byte[] block = blocks.signatureBlock(digestInfo);
        if (block == null) throw new DataLengthException("too much data for RSA block");
        return blocks.raw(block);
    }

    /**
     * ANSI X9.31 signature of a hash, as OpenSSL makes it.
     *
     * @throws DataLengthException with OpenSSL's reason when the key cannot hold the block
     */
    public byte[] signX931(DigestAlgorithm digest, byte[] hash) {
        return new X931Signature(blocks).sign(digest, hash);
    }

    /**
     * The signature of the DigestInfo in an EMSA-PKCS1-v1_5 encoded message another signer made at
     * any size (00 01, at least eight FF, 00, the DigestInfo: what stock's code leaves with a
     * stand-in key), padded again at this key's size; null when the block is not one or its
     * DigestInfo does not fit this key. Only a block padded here is exponentiated, so this cannot be
     * asked to sign, or decrypt, anything else.
     */
    public byte[] signEncodedMessage(byte[] encoded) {
        int digestInfo = digestInfoOffset(encoded);
        if (digestInfo < 0 || !fitsPkcs1(encoded.length - digestInfo)) return null;
        return signDigestInfo(Arrays.copyOfRange(encoded, digestInfo, encoded.length));
    }

    /** Where the data starts in a PKCS#1 v1.5 type 1 block, or -1 when the block is not one. */
    private static int digestInfoOffset(byte[] block) {
        if (block.length < 11 || block[0] != 0 || block[1] != 1) return -1;
        int i = 2;
        while (i < block.length && block[i] == (byte) 0xFF) i++;
        return i >= 10 && i < block.length - 1 && block[i] == 0 ? i + 1 : -1;
    }

    /** No padding: exactly k bytes in, k bytes out, as OpenSSL's RSA_NO_PADDING requires. */
    public byte[] encryptRaw(byte[] block) {
        return blocks.rawExactLength(block);
    }

    /** No padding: the result as k bytes, leading zeros kept (MRI does; stock drops them: DIFFERENCES.md no-padding-keeps-zeros). */
    public byte[] decryptRaw(byte[] ciphertext) {
        return blocks.raw(ciphertext);
    }

    public byte[] decryptPkcs1(byte[] ciphertext) throws InvalidCipherTextException {
        return blocks.unpad(new PKCS1Encoding(blocks.cipher()), ciphertext);
    }

    /**
     * The content key a PKCS#7 envelope's recipients carry for this key, as OpenSSL takes it
     * ({@link KeyTransport}): the last well-padded block's key of keyLength bytes, else random
     * bytes, chosen without a branch on any block's padding (DIFFERENCES.md: pkcs7-decrypt-bad-padding).
     */
    public byte[] contentKey(List<byte[]> encryptedKeys, int keyLength) {
        return KeyTransport.contentKey(blocks, encryptedKeys, keyLength);
    }

    /** Whether this key's blocks hold a content key of keyLength bytes: a key too small for one opens no envelope of that cipher. */
    public boolean holdsContentKey(int keyLength) {
        return KeyTransport.holds(blocks, keyLength);
    }

    /**
     * A type 2 block of k bytes holding data, freshly padded: what the decrypting stand-in (this
     * modulus, exponent 1) opens to data, so that stock deciphers a content with the key the engine chose.
     */
    public byte[] standInBlock(byte[] data) {
        return blocks.encryptionBlock(data);
    }

    /** OAEP with the given digests and label (private_decrypt's OAEP is SHA-1, MGF1-SHA-1, no label). */
    public byte[] decryptOaep(byte[] ciphertext, DigestAlgorithm oaepDigest, DigestAlgorithm mgf1Digest, byte[] label)
            throws InvalidCipherTextException {
        return blocks.unpad(blocks.oaep(oaepDigest, mgf1Digest, label), ciphertext);
    }

    /**
     * RSASSA-PSS. With {@code prehashed}, data is already the message hash (sign_raw).
     *
     * @throws IllegalArgumentException when the key is too small for the hash and salt (BC's message)
     */
    public byte[] signPss(DigestAlgorithm digest, DigestAlgorithm mgf1, int saltLength, boolean prehashed,
                          byte[] data, int offset, int length) throws CryptoException {
        // A key too small for even an empty salt: BC would fail on a negative array size.
        if (saltLength < 0) throw new IllegalArgumentException("key too small for specified hash and salt lengths");
        PSSSigner signer = prehashed
            ? PSSSigner.createRawSigner(blocks.cipher(), digest.newDigest(), mgf1.newDigest(), saltLength, PSSSigner.TRAILER_IMPLICIT)
            : new PSSSigner(blocks.cipher(), digest.newDigest(), mgf1.newDigest(), saltLength);
        signer.init(true, blocks.withRandom());
        signer.update(data, offset, length);
        return signer.generateSignature();
    }
}
