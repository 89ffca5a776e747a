package fastrsaengine.padding;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.function.Supplier;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.ExtendedDigest;

/**
 * A digest of the JDK's own provider (SUN), under the Bouncy Castle interface the paddings take
 * ({@link DigestAlgorithm#newDigest}). HotSpot computes MD5, SHA-1, SHA-2 and SHA-3 there with its
 * intrinsics (SHA-NI, AVX2), where Bouncy Castle's are plain Java: a certificate's 600-byte TBS
 * hashes in about 1 µs against 4, a quarter of what a certificate check costs around its
 * RSA-2048 public operation. The SUN provider by name: a provider an app puts first
 * (Bouncy Castle's, say) is no faster.
 */
final class JdkDigest implements ExtendedDigest {
    private final MessageDigest digest;
    private final String name;
    private final int byteLength;

    private JdkDigest(MessageDigest digest, String name, int byteLength) {
        this.digest = digest;
        this.name = name;
        this.byteLength = byteLength;
    }

    /**
     * New digests of the JDK's algorithm by that name, each a copy of one made once (a copy
     * costs less than a provider lookup); Bouncy Castle's, where the JDK has no such algorithm
     * of that length or cannot copy it. Names and block lengths are Bouncy Castle's.
     */
    static Supplier<Digest> orBouncyCastle(String jdkName, Supplier<Digest> bouncyCastle) {
        ExtendedDigest model = (ExtendedDigest) bouncyCastle.get();
        MessageDigest prototype;
        try {
            prototype = MessageDigest.getInstance(jdkName, "SUN");
            prototype.clone();
        } catch (GeneralSecurityException | CloneNotSupportedException absent) {
            return bouncyCastle;
        }
        if (prototype.getDigestLength() != model.getDigestSize()) return bouncyCastle;
        return () -> new JdkDigest(copyOf(prototype), model.getAlgorithmName(), model.getByteLength());
    }

    /** A copy of the prototype, never updated itself, so that threads may copy it at once. */
    private static MessageDigest copyOf(MessageDigest prototype) {
        try {
            return (MessageDigest) prototype.clone();
        } catch (CloneNotSupportedException checkedAtStart) {
            throw new IllegalStateException(checkedAtStart);
        }
    }

    @Override
    public String getAlgorithmName() {
        return name;
    }

    @Override
    public int getDigestSize() {
        return digest.getDigestLength();
    }

    @Override
    public int getByteLength() {
        return byteLength;
    }

    @Override
    public void update(byte in) {
        digest.update(in);
    }

    @Override
    public void update(byte[] in, int offset, int length) {
        digest.update(in, offset, length);
    }

    @Override
    public int doFinal(byte[] out, int offset) {
        try {
            return digest.digest(out, offset, out.length - offset);
        } catch (GeneralSecurityException tooShort) {
            throw new IllegalArgumentException("output buffer too short", tooShort);
        }
    }

    @Override
    public void reset() {
        digest.reset();
    }
}
