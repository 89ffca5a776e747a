package fastrsaengine.patch;

import java.math.BigInteger;
import java.security.interfaces.RSAPrivateKey;

/**
 * An RSA private key of the real modulus and exponent 1: a PKCS#1 v1.5 signature made with it by
 * any provider (Bouncy Castle's, the JDK's SunRsaSign: both compute m^d mod n for a key without CRT
 * numbers, and check nothing) is the encoded message itself, and a decryption opens a block as given.
 * Stock's certificate, CSR and PKCS#7 code signs and decrypts with it through the stand-in key
 * ({@link StandInKey}), so that stock builds every structure, hashes and pads as it always has, and
 * the engine supplies the one exponentiation afterwards. It is never used outside such a call.
 */
final class EncodingKey implements RSAPrivateKey {
    private static final long serialVersionUID = 1L;
    private final BigInteger modulus;

    EncodingKey(BigInteger modulus) {
        this.modulus = modulus;
    }

    @Override
    public BigInteger getModulus() {
        return modulus;
    }

    @Override
    public BigInteger getPrivateExponent() {
        return BigInteger.ONE;
    }

    @Override
    public String getAlgorithm() {
        return "RSA";
    }

    /** No encoding: a call site that would serialize the key (the CRL's signer does) fails, and stays stock's. */
    @Override
    public String getFormat() {
        return null;
    }

    @Override
    public byte[] getEncoded() {
        return null;
    }
}
