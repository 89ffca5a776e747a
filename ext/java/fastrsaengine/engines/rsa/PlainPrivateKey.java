package fastrsaengine.engines.rsa;

import java.math.BigInteger;
import java.security.interfaces.RSAPrivateKey;

/**
 * An RSA private key as n and d alone, with no encoding: for backends to run a key without its CRT
 * numbers ({@link KeyChecks}), and for the structure methods' stand-in, whose d is 1.
 */
public final class PlainPrivateKey implements RSAPrivateKey {
    private static final long serialVersionUID = 1L;
    private final BigInteger n, d;

    public PlainPrivateKey(BigInteger n, BigInteger d) {
        this.n = n;
        this.d = d;
    }

    @Override
    public BigInteger getModulus() {
        return n;
    }

    @Override
    public BigInteger getPrivateExponent() {
        return d;
    }

    @Override
    public String getAlgorithm() {
        return "RSA";
    }

    /** No encoding: code that would serialize the key (a CRL's lightweight signer does) fails instead. */
    @Override
    public String getFormat() {
        return null;
    }

    @Override
    public byte[] getEncoded() {
        return null;
    }
}
