package fastrsaengine.padding;

import fastrsaengine.engines.PreparedKey;
import java.math.BigInteger;
import java.security.SecureRandom;
import org.bouncycastle.crypto.AsymmetricBlockCipher;
import org.bouncycastle.crypto.CryptoException;
import org.bouncycastle.crypto.DataLengthException;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.encodings.OAEPEncoding;
import org.bouncycastle.crypto.encodings.PKCS1Encoding;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.params.RSAKeyParameters;
import org.bouncycastle.crypto.signers.PSSSigner;
import org.bouncycastle.util.BigIntegers;

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
    private static final ThreadLocal<SecureRandom> RANDOM = ThreadLocal.withInitial(SecureRandom::new);

    private final PreparedKey key;
    /** Bouncy Castle's view of the key for its padding classes: the modulus only, the key stays in the engine. */
    private final RSAKeyParameters paddingKey;
    private final int modulusBytes;

    public PrivateKeyOperations(PreparedKey key) {
        this.key = key;
        this.paddingKey = new RSAKeyParameters(true, key.modulus(), BigInteger.ONE, true);
        this.modulusBytes = (key.modulus().bitLength() + 7) / 8;
    }

    public int modulusBytes() {
        return modulusBytes;
    }

    /** The largest PSS salt for this key and digest (RFC 8017 9.1.1: emLen - hLen - 2). */
    public int maxPssSaltLength(DigestAlgorithm digest) {
        int emLen = (key.modulus().bitLength() - 1 + 7) / 8;
        return emLen - digest.length() - 2;
    }

    /** Whether a PKCS#1 v1.5 type 1 block has room for this many bytes (k - 11). */
    public boolean fitsPkcs1(int length) {
        return length <= modulusBytes - 11;
    }

    /** PKCS#1 v1.5 signature: hash, DigestInfo, type 1 padding. */
    public byte[] signPkcs1(DigestAlgorithm digest, byte[] data, int offset, int length) {
        return signDigestInfo(digest.digestInfo(digest.hash(data, offset, length)));
    }

    /** PKCS#1 v1.5 type 1 padding around a DigestInfo, or around any short data (private_encrypt). */
    public byte[] signDigestInfo(byte[] block) {
        if (!fitsPkcs1(block.length)) throw new DataLengthException("too much data for RSA block");
        return process(new PKCS1Encoding(new EngineCipher(key)), true, block);
    }

    /** No padding: exactly k bytes in, k bytes out, as OpenSSL's RSA_NO_PADDING requires. */
    public byte[] encryptRaw(byte[] block) {
        if (block.length > modulusBytes) throw new DataLengthException("too much data for RSA block");
        if (block.length < modulusBytes) throw new DataLengthException("data too small for key size");
        return rawOperation(block);
    }

    /** No padding: the result as k bytes, leading zeros kept (MRI does; stock drops them). */
    public byte[] decryptRaw(byte[] ciphertext) {
        if (ciphertext.length > modulusBytes) throw new DataLengthException("too much data for RSA block");
        return rawOperation(ciphertext);
    }

    public byte[] decryptPkcs1(byte[] ciphertext) throws InvalidCipherTextException {
        return decrypt(new PKCS1Encoding(new EngineCipher(key)), ciphertext);
    }

    /** OAEP with the given digests and label (private_decrypt's OAEP is SHA-1, MGF1-SHA-1, no label). */
    public byte[] decryptOaep(byte[] ciphertext, Digest oaepDigest, Digest mgf1Digest, byte[] label) throws InvalidCipherTextException {
        return decrypt(new OAEPEncoding(new EngineCipher(key), oaepDigest, mgf1Digest, label), ciphertext);
    }

    /**
     * RSASSA-PSS. With {@code prehashed}, data is already the message hash (sign_raw).
     *
     * @throws IllegalArgumentException when the key is too small for the hash and salt (BC's message)
     */
    public byte[] signPss(DigestAlgorithm digest, DigestAlgorithm mgf1, int saltLength, boolean prehashed,
                          byte[] data, int offset, int length) throws CryptoException {
        AsymmetricBlockCipher cipher = new EngineCipher(key);
        PSSSigner signer = prehashed
            ? PSSSigner.createRawSigner(cipher, digest.newDigest(), mgf1.newDigest(), saltLength, PSSSigner.TRAILER_IMPLICIT)
            : new PSSSigner(cipher, digest.newDigest(), mgf1.newDigest(), saltLength);
        signer.init(true, new ParametersWithRandom(paddingKey, RANDOM.get()));
        signer.update(data, offset, length);
        return signer.generateSignature();
    }

    private byte[] rawOperation(byte[] block) {
        EngineCipher cipher = new EngineCipher(key);
        BigInteger result = key.privateOperation(cipher.toInput(block, 0, block.length));
        return BigIntegers.asUnsignedByteArray(modulusBytes, result);
    }

    private byte[] decrypt(AsymmetricBlockCipher padding, byte[] ciphertext) throws InvalidCipherTextException {
        if (ciphertext.length > modulusBytes) throw new DataLengthException("too much data for RSA block");
        padding.init(false, paddingKey);
        return padding.processBlock(ciphertext, 0, ciphertext.length);
    }

    private byte[] process(AsymmetricBlockCipher padding, boolean forEncryption, byte[] block) {
        padding.init(forEncryption, new ParametersWithRandom(paddingKey, RANDOM.get()));
        try {
            return padding.processBlock(block, 0, block.length);
        } catch (InvalidCipherTextException cannotHappenWhenPadding) {
            throw new IllegalStateException(cannotHappenWhenPadding);
        }
    }
}
