package fastrsaengine.padding;

import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.DigestInfo;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.RIPEMD160Digest;
import org.bouncycastle.crypto.util.DigestFactory;

/**
 * The digests the engine signs with: the ones stock jruby-openssl signs with (its Bouncy Castle
 * provider's "&lt;digest&gt;WITHRSA" names). A name not listed here is left to stock, unchanged.
 */
public enum DigestAlgorithm {
    MD5("MD5", "1.2.840.113549.2.5", DigestFactory::createMD5),
    SHA1("SHA1", "1.3.14.3.2.26", DigestFactory::createSHA1),
    SHA224("SHA224", "2.16.840.1.101.3.4.2.4", DigestFactory::createSHA224),
    SHA256("SHA256", "2.16.840.1.101.3.4.2.1", DigestFactory::createSHA256),
    SHA384("SHA384", "2.16.840.1.101.3.4.2.2", DigestFactory::createSHA384),
    SHA512("SHA512", "2.16.840.1.101.3.4.2.3", DigestFactory::createSHA512),
    SHA3_224("SHA3-224", "2.16.840.1.101.3.4.2.7", DigestFactory::createSHA3_224),
    SHA3_256("SHA3-256", "2.16.840.1.101.3.4.2.8", DigestFactory::createSHA3_256),
    SHA3_384("SHA3-384", "2.16.840.1.101.3.4.2.9", DigestFactory::createSHA3_384),
    SHA3_512("SHA3-512", "2.16.840.1.101.3.4.2.10", DigestFactory::createSHA3_512),
    RIPEMD160("RIPEMD160", "1.3.36.3.2.1", RIPEMD160Digest::new);

    private final String opensslName;
    private final AlgorithmIdentifier identifier;
    /** DER of the DigestInfo up to the hash bytes; the same for every hash of this length. */
    private volatile byte[] digestInfoPrefix;
    private final Supplier<Digest> factory;
    private final int length;

    DigestAlgorithm(String opensslName, String oid, Supplier<Digest> factory) {
        this.opensslName = opensslName;
        this.identifier = new AlgorithmIdentifier(new ASN1ObjectIdentifier(oid), DERNull.INSTANCE);
        this.factory = factory;
        this.length = factory.get().getDigestSize();
    }

    /** The algorithm for an OpenSSL digest name in any case ("sha256", "SHA3-256"), or null. */
    public static DigestAlgorithm forName(String name) {
        if (name == null) return null;
        String wanted = name.toUpperCase(Locale.ROOT);
        for (DigestAlgorithm algorithm : values()) {
            if (algorithm.opensslName.equals(wanted)) return algorithm;
        }
        return null;
    }

    public Digest newDigest() {
        return factory.get();
    }

    public int length() {
        return length;
    }

    public byte[] hash(byte[] data, int offset, int length) {
        Digest digest = newDigest();
        digest.update(data, offset, length);
        byte[] out = new byte[digest.getDigestSize()];
        digest.doFinal(out, 0);
        return out;
    }

    /**
     * The DER DigestInfo that PKCS#1 v1.5 signs: algorithm identifier (with NULL parameters) and hash.
     * Bouncy Castle encodes it once per algorithm; a signature then only appends its hash.
     */
    public byte[] digestInfo(byte[] hash) {
        if (hash.length != length()) return encodeDigestInfo(hash);
        byte[] prefix = digestInfoPrefix();
        byte[] encoded = Arrays.copyOf(prefix, prefix.length + hash.length);
        System.arraycopy(hash, 0, encoded, prefix.length, hash.length);
        return encoded;
    }

    public int digestInfoLength() {
        return digestInfoPrefix().length + length();
    }

    private byte[] digestInfoPrefix() {
        byte[] prefix = digestInfoPrefix;
        if (prefix == null) {
            byte[] sample = encodeDigestInfo(new byte[length()]);
            digestInfoPrefix = prefix = Arrays.copyOf(sample, sample.length - length());
        }
        return prefix;
    }

    private byte[] encodeDigestInfo(byte[] hash) {
        try {
            return new DigestInfo(identifier, hash).getEncoded(ASN1Encoding.DER);
        } catch (IOException cannotHappenInMemory) {
            throw new IllegalStateException(cannotHappenInMemory);
        }
    }
}
