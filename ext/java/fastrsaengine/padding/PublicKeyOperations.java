package fastrsaengine.padding;

import fastrsaengine.engines.PreparedPublicKey;
import java.security.SecureRandom;
import org.bouncycastle.crypto.AsymmetricBlockCipher;
import org.bouncycastle.crypto.DataLengthException;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.encodings.OAEPEncoding;
import org.bouncycastle.crypto.encodings.PKCS1Encoding;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.params.RSAKeyParameters;
import org.bouncycastle.crypto.util.DigestFactory;
import org.bouncycastle.util.Arrays;
import org.bouncycastle.util.BigIntegers;

/**
 * The padded RSA public-key operations, for engines whose public operation beats the JDK's:
 * PKCS#1 v1.5 verification, and PKCS#1 v1.5 / OAEP / raw encryption and type 1 / raw decryption.
 * Bouncy Castle's paddings, as for the private side; errors likewise.
 */
public final class PublicKeyOperations {
    private static final ThreadLocal<SecureRandom> RANDOM = ThreadLocal.withInitial(SecureRandom::new);

    private final PreparedPublicKey key;
    private final RSAKeyParameters paddingKey;
    private final int modulusBytes;

    public PublicKeyOperations(PreparedPublicKey key) {
        this.key = key;
        this.paddingKey = new RSAKeyParameters(false, key.modulus(), key.publicExponent(), true);
        this.modulusBytes = (key.modulus().bitLength() + 7) / 8;
    }

    /**
     * PKCS#1 v1.5 verification as MRI's OpenSSL does it: the signature is exactly k bytes and
     * opens to exactly the expected DigestInfo. (Stock also takes shorter signatures and a
     * DigestInfo without its NULL parameters.)
     */
    public boolean verifyPkcs1(DigestAlgorithm digest, byte[] signature, byte[] data, int offset, int length) {
        if (signature.length != modulusBytes) return false;
        byte[] expected = digest.digestInfo(digest.hash(data, offset, length));
        try {
            return Arrays.constantTimeAreEqual(expected, decrypt(new PKCS1Encoding(new EngineCipher(key)), signature));
        } catch (InvalidCipherTextException | DataLengthException notASignatureOfThisKey) {
            return false; // a block that does not open is simply a signature that does not verify
        }
    }

    /** PKCS#1 v1.5 type 2 (random) padding. */
    public byte[] encryptPkcs1(byte[] data) {
        return encrypt(new PKCS1Encoding(new EngineCipher(key)), data);
    }

    /** OAEP with SHA-1 and MGF1-SHA-1, no label: public_encrypt's PKCS1_OAEP_PADDING. */
    public byte[] encryptOaep(byte[] data) {
        return encrypt(new OAEPEncoding(new EngineCipher(key), DigestFactory.createSHA1(), DigestFactory.createSHA1(), null), data);
    }

    /** No padding: exactly k bytes in and out, as OpenSSL requires. */
    public byte[] encryptRaw(byte[] block) {
        return raw(checkedRawLength(block));
    }

    /** Opens a private_encrypt block: PKCS#1 v1.5 type 1. */
    public byte[] decryptPkcs1(byte[] data) throws InvalidCipherTextException {
        return decrypt(new PKCS1Encoding(new EngineCipher(key)), data);
    }

    /** No padding: the result as k bytes, leading zeros kept, as MRI returns it. */
    public byte[] decryptRaw(byte[] block) {
        if (block.length > modulusBytes) throw new DataLengthException("too much data for RSA block");
        return raw(block);
    }

    private byte[] checkedRawLength(byte[] block) {
        if (block.length > modulusBytes) throw new DataLengthException("too much data for RSA block");
        if (block.length < modulusBytes) throw new DataLengthException("data too small for key size");
        return block;
    }

    private byte[] raw(byte[] block) {
        EngineCipher cipher = new EngineCipher(key);
        return BigIntegers.asUnsignedByteArray(modulusBytes, key.publicOperation(cipher.toInput(block, 0, block.length)));
    }

    private byte[] encrypt(AsymmetricBlockCipher padding, byte[] data) {
        padding.init(true, new ParametersWithRandom(paddingKey, RANDOM.get()));
        if (data.length > padding.getInputBlockSize()) throw new DataLengthException("too much data for RSA block");
        try {
            return padding.processBlock(data, 0, data.length);
        } catch (InvalidCipherTextException cannotHappenWhenPadding) {
            throw new IllegalStateException(cannotHappenWhenPadding);
        }
    }

    private byte[] decrypt(AsymmetricBlockCipher padding, byte[] data) throws InvalidCipherTextException {
        if (data.length > modulusBytes) throw new DataLengthException("too much data for RSA block");
        padding.init(false, paddingKey);
        return padding.processBlock(data, 0, data.length);
    }
}
