package fastrsaengine.padding;

import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.Xof;

/**
 * An extendable-output function as OpenSSL uses it where a digest is asked for (OAEP, MGF1): a
 * fixed number of output bytes, OpenSSL's default for it (SHAKE128: 16, SHAKE256: 32), where
 * Bouncy Castle's default is twice that.
 */
final class FixedLengthXof implements Digest {
    private final Xof xof;
    private final int length;

    FixedLengthXof(Xof xof, int length) {
        this.xof = xof;
        this.length = length;
    }

    @Override
    public String getAlgorithmName() {
        return xof.getAlgorithmName();
    }

    @Override
    public int getDigestSize() {
        return length;
    }

    @Override
    public void update(byte in) {
        xof.update(in);
    }

    @Override
    public void update(byte[] in, int offset, int length) {
        xof.update(in, offset, length);
    }

    @Override
    public int doFinal(byte[] out, int offset) {
        return xof.doFinal(out, offset, length);
    }

    @Override
    public void reset() {
        xof.reset();
    }
}
