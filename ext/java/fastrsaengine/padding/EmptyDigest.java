package fastrsaengine.padding;

import org.bouncycastle.crypto.Digest;

/**
 * OpenSSL's "NULL" digest, which outputs nothing. Options name it and OpenSSL takes the name; an
 * operation that needs a hash then refuses it ({@link DigestAlgorithm#length()} is 0).
 */
final class EmptyDigest implements Digest {
    @Override
    public String getAlgorithmName() {
        return "NULL";
    }

    @Override
    public int getDigestSize() {
        return 0;
    }

    @Override
    public void update(byte in) {
    }

    @Override
    public void update(byte[] in, int offset, int length) {
    }

    @Override
    public int doFinal(byte[] out, int offset) {
        return 0;
    }

    @Override
    public void reset() {
    }
}
