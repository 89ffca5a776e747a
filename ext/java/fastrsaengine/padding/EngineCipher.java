package fastrsaengine.padding;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import org.bouncycastle.crypto.AsymmetricBlockCipher;
import org.bouncycastle.crypto.CipherParameters;
import org.bouncycastle.crypto.DataLengthException;
import org.bouncycastle.util.BigIntegers;

/**
 * An engine seen by Bouncy Castle as a raw RSA block cipher, so that its PKCS1Encoding,
 * OAEPEncoding and PSSSigner pad around our primitive exactly as they pad around BC's own
 * RSA engine inside stock jruby-openssl. The operation decides the direction: a private key's
 * or a public key's.
 *
 * <p>Block sizes and byte conversions follow BC's raw RSA engine: "encrypting" (signing) takes
 * up to {@code (bits - 1) / 8} bytes and returns exactly k bytes; "decrypting" takes up to k
 * bytes and returns the result without leading zeros, which the padding decoders expect.
 */
final class EngineCipher implements AsymmetricBlockCipher {

    private final UnaryOperator<BigInteger> operation;
    private final BigInteger modulus;
    private final int bits;
    private final int modulusBytes;
    private boolean forEncryption;

    EngineCipher(BigInteger modulus, UnaryOperator<BigInteger> operation) {
        this.operation = operation;
        this.modulus = modulus;
        this.bits = modulus.bitLength();
        this.modulusBytes = (bits + 7) / 8;
    }

    @Override
    public void init(boolean forEncryption, CipherParameters ignoredKeyStaysInEngine) {
        this.forEncryption = forEncryption;
    }

    @Override
    public int getInputBlockSize() {
        return forEncryption ? (bits - 1) / 8 : modulusBytes;
    }

    @Override
    public int getOutputBlockSize() {
        return forEncryption ? modulusBytes : (bits - 1) / 8;
    }

    @Override
    public byte[] processBlock(byte[] in, int offset, int length) {
        BigInteger input = toInput(in, offset, length);
        EngineOperations.count();
        BigInteger result = operation.apply(input);
        return forEncryption ? BigIntegers.asUnsignedByteArray(modulusBytes, result) : BigIntegers.asUnsignedByteArray(result);
    }

    /** The block as a number, refused unless it is below the modulus (BC's message, as stock shows it). */
    private BigInteger toInput(byte[] in, int offset, int length) {
        if (length > modulusBytes) throw new DataLengthException("input too large for RSA cipher.");
        BigInteger input = new BigInteger(1, Arrays.copyOfRange(in, offset, offset + length));
        if (input.compareTo(modulus) >= 0) throw new DataLengthException("input too large for RSA cipher.");
        return input;
    }
}
