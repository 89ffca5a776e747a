package fastrsaengine.padding;

import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.util.DigestFactory;

/** OpenSSL's MD5-SHA1: the MD5 and the SHA-1 of the same data, 36 bytes (TLS 1.0's handshake hash). */
final class Md5Sha1Digest implements Digest {
    private final Digest md5 = DigestFactory.createMD5();
    private final Digest sha1 = DigestFactory.createSHA1();

    @Override
    public String getAlgorithmName() {
        return "MD5-SHA1";
    }

    @Override
    public int getDigestSize() {
        return md5.getDigestSize() + sha1.getDigestSize();
    }

    @Override
    public void update(byte in) {
        md5.update(in);
        sha1.update(in);
    }

    @Override
    public void update(byte[] in, int offset, int length) {
        md5.update(in, offset, length);
        sha1.update(in, offset, length);
    }

    @Override
    public int doFinal(byte[] out, int offset) {
        int written = md5.doFinal(out, offset);
        return written + sha1.doFinal(out, offset + written);
    }

    @Override
    public void reset() {
        md5.reset();
        sha1.reset();
    }
}
