package fastrsaengine.padding;

import fastrsaengine.engines.rsa.PreparedPublicKey;
import org.bouncycastle.crypto.DataLengthException;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.encodings.PKCS1Encoding;
import org.bouncycastle.util.Arrays;

/**
 * The padded RSA public-key operations, for engines whose public operation beats the JDK's:
 * PKCS#1 v1.5 verification, and PKCS#1 v1.5 / OAEP / raw encryption and type 1 / raw decryption.
 * Bouncy Castle's paddings, as for the private side; errors likewise. A PKCS#1 v1.5 signature is
 * checked against the block it must open to ({@link KeyBlocks#signatureBlock}), as RFC 8017 has it:
 * no block taken apart, one comparison.
 */
public final class PublicKeyOperations {
    /** verifyPss's salt length to read from the signature, as OpenSSL's RSA_PSS_SALTLEN_AUTO. */
    public static final int PSS_SALT_AUTO = PssVerification.AUTO;

    private final KeyBlocks blocks;
    private final int modulusBits;

    public PublicKeyOperations(PreparedPublicKey key) {
        this.blocks = new KeyBlocks(key.modulus(), key::publicOperation, false, key.publicExponent());
        this.modulusBits = key.modulus().bitLength();
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

    /**
     * PKCS#1 v1.5 verification as MRI's OpenSSL does it: the signature is exactly k bytes and
     * opens to exactly the expected DigestInfo. (Stock also takes shorter signatures and a
     * DigestInfo without its NULL parameters.)
     */
    public boolean verifyPkcs1(DigestAlgorithm digest, byte[] signature, byte[] data, int offset, int length) {
        return signature.length == blocks.modulusBytes && opensTo(blocks.signatureBlock(digest.digestInfo(digest.hash(data, offset, length))), signature);
    }

    /**
     * PKCS#1 v1.5 verification of a hash as given (verify_raw): the block opens to exactly its
     * DigestInfo, as for {@link #verifyPkcs1}.
     */
    public boolean verifyPkcs1Hash(DigestAlgorithm digest, byte[] signature, byte[] hash) {
        return signature.length == blocks.modulusBytes && opensTo(blocks.signatureBlock(digest.digestInfo(hash)), signature);
    }

    /** Whether a signature of k bytes opens to the block expected (none: the key is too short for one). */
    private boolean opensTo(byte[] expected, byte[] signature) {
        if (expected == null) return false;
        try {
            return Arrays.constantTimeAreEqual(expected, blocks.raw(signature));
        } catch (DataLengthException notASignatureOfThisKey) {
            return false; // at or above n: a signature that does not verify
        }
    }

    /**
     * PKCS#1 v1.5 verification of a hash as the JDK's SunRsaSign does it (its JCA provider): exactly
     * k bytes, opening to the DigestInfo with its NULL parameters or without them.
     */
    public boolean verifyPkcs1HashAsJdk(DigestAlgorithm digest, byte[] signature, byte[] hash) {
        if (signature.length != blocks.modulusBytes) return false;
        byte[] opened;
        try {
            opened = decryptPkcs1(signature);
        } catch (InvalidCipherTextException | DataLengthException notASignatureOfThisKey) {
            return false;
        }
        byte[] withoutNull = digest.digestInfoWithoutNull(hash);
        boolean withNullMatches = Arrays.constantTimeAreEqual(digest.digestInfo(hash), opened);
        return withNullMatches | (withoutNull != null && Arrays.constantTimeAreEqual(withoutNull, opened));
    }

    /** ANSI X9.31 verification of a hash, as OpenSSL checks it; a signature up to k bytes, below n. */
    public boolean verifyX931(DigestAlgorithm digest, byte[] signature, byte[] hash) {
        return new X931Signature(blocks).verify(digest, signature, hash);
    }

    /**
     * PKCS#1 v1.5 verification with no digest (verify_raw(nil, ...)), as OpenSSL does it: the
     * block opens to exactly the data. A signature may be shorter than k bytes, as OpenSSL reads it.
     */
    public boolean verifyPkcs1Block(byte[] signature, byte[] data) {
        try {
            return Arrays.constantTimeAreEqual(data, decryptPkcs1(signature));
        } catch (InvalidCipherTextException | DataLengthException notASignatureOfThisKey) {
            return false;
        }
    }

    /**
     * RSASSA-PSS verification, as OpenSSL does it: a signature of at most k bytes and below n, the
     * salt length given or {@link #PSS_SALT_AUTO}, read from the signature. With {@code prehashed},
     * data is the message hash (verify_raw).
     */
    public boolean verifyPss(DigestAlgorithm digest, DigestAlgorithm mgf1, int saltLength, boolean prehashed,
                             byte[] signature, byte[] data, int offset, int length) {
        byte[] encoded;
        try {
            encoded = blocks.raw(signature);
        } catch (DataLengthException notASignatureOfThisKey) {
            return false;
        }
        byte[] hash = prehashed ? Arrays.copyOfRange(data, offset, offset + length) : digest.hash(data, offset, length);
        if (hash.length != digest.length()) return false;
        return PssVerification.verify(encoded, modulusBits, digest, mgf1, saltLength, hash);
    }

    /** PKCS#1 v1.5 type 2 (random) padding. */
    public byte[] encryptPkcs1(byte[] data) {
        return blocks.pad(new PKCS1Encoding(blocks.cipher()), data);
    }

    /** OAEP with the given digests and label (public_encrypt's PKCS1_OAEP_PADDING is SHA-1, MGF1-SHA-1, no label). */
    public byte[] encryptOaep(byte[] data, DigestAlgorithm oaepDigest, DigestAlgorithm mgf1Digest, byte[] label) {
        return blocks.pad(blocks.oaep(oaepDigest, mgf1Digest, label), data);
    }

    /** No padding: exactly k bytes in and out, as OpenSSL requires. */
    public byte[] encryptRaw(byte[] block) {
        return blocks.rawExactLength(block);
    }

    /** Opens a private_encrypt block: PKCS#1 v1.5 type 1. */
    public byte[] decryptPkcs1(byte[] data) throws InvalidCipherTextException {
        return blocks.unpad(new PKCS1Encoding(blocks.cipher()), data);
    }

    /** No padding: the result as k bytes, leading zeros kept, as MRI returns it. */
    public byte[] decryptRaw(byte[] block) {
        return blocks.raw(block);
    }
}
