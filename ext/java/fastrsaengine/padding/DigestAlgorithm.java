package fastrsaengine.padding;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.DigestInfo;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.bouncycastle.crypto.digests.Blake2sDigest;
import org.bouncycastle.crypto.digests.RIPEMD160Digest;
import org.bouncycastle.crypto.digests.SHA512tDigest;
import org.bouncycastle.crypto.digests.SHAKEDigest;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.util.DigestFactory;

/**
 * The digests of MRI's OpenSSL 3.0 default provider, each computed by the JDK where it has the
 * algorithm ({@link JdkDigest}), else by Bouncy Castle, and the one table of the names OpenSSL
 * knows them by. OpenSSL has two name spaces, and so this table:
 * <ul>
 * <li>{@link #forFetchName}: the provider's names, which option strings take
 *     (EVP_PKEY_CTX_ctrl_str's {@code rsa_oaep_md}, {@code rsa_mgf1_md}, {@code digest}):
 *     "SHA256", "SHA-256", "SHA2-256", "2.16.840.1.101.3.4.2.1", any case;</li>
 * <li>{@link #forObjectName}: what a digest argument takes (EVP_get_digestbyname, then the
 *     object's OID): the same, less the digests with no legacy object (KECCAK-KMAC, NULL),
 *     plus the signature objects' names ("RSA-SHA256", "sha256WithRSAEncryption", their OIDs).</li>
 * </ul>
 * Names were read from {@code openssl list -digest-algorithms} of OpenSSL 3.0 and checked in MRI
 * (spec/fast_rsa_engine/digest_names_spec.rb).
 */
public enum DigestAlgorithm {
    MD5("MD5", "1.2.840.113549.2.5", X931.NONE, JdkDigest.orBouncyCastle("MD5", DigestFactory::createMD5),
        names("SSL3-MD5"), names("RSA-MD5", "md5WithRSAEncryption", "1.2.840.113549.1.1.4")),
    SHA1("SHA1", "1.3.14.3.2.26", 0x33, JdkDigest.orBouncyCastle("SHA-1", DigestFactory::createSHA1),
        names("SHA-1", "SSL3-SHA1"),
        names("RSA-SHA1", "sha1WithRSAEncryption", "1.2.840.113549.1.1.5", "RSA-SHA1-2", "sha1WithRSA", "1.3.14.3.2.29")),
    SHA224("SHA224", "2.16.840.1.101.3.4.2.4", X931.NONE, JdkDigest.orBouncyCastle("SHA-224", DigestFactory::createSHA224),
        names("SHA-224", "SHA2-224"), names("RSA-SHA224", "sha224WithRSAEncryption", "1.2.840.113549.1.1.14")),
    SHA256("SHA256", "2.16.840.1.101.3.4.2.1", 0x34, JdkDigest.orBouncyCastle("SHA-256", DigestFactory::createSHA256),
        names("SHA-256", "SHA2-256"), names("RSA-SHA256", "sha256WithRSAEncryption", "1.2.840.113549.1.1.11")),
    SHA384("SHA384", "2.16.840.1.101.3.4.2.2", 0x36, JdkDigest.orBouncyCastle("SHA-384", DigestFactory::createSHA384),
        names("SHA-384", "SHA2-384"), names("RSA-SHA384", "sha384WithRSAEncryption", "1.2.840.113549.1.1.12")),
    SHA512("SHA512", "2.16.840.1.101.3.4.2.3", 0x35, JdkDigest.orBouncyCastle("SHA-512", DigestFactory::createSHA512),
        names("SHA-512", "SHA2-512"), names("RSA-SHA512", "sha512WithRSAEncryption", "1.2.840.113549.1.1.13")),
    SHA512_224("SHA512-224", "2.16.840.1.101.3.4.2.5", X931.NONE, JdkDigest.orBouncyCastle("SHA-512/224", () -> new SHA512tDigest(224)),
        names("SHA-512/224", "SHA2-512/224"), names("RSA-SHA512/224", "sha512-224WithRSAEncryption", "1.2.840.113549.1.1.15")),
    SHA512_256("SHA512-256", "2.16.840.1.101.3.4.2.6", X931.NONE, JdkDigest.orBouncyCastle("SHA-512/256", () -> new SHA512tDigest(256)),
        names("SHA-512/256", "SHA2-512/256"), names("RSA-SHA512/256", "sha512-256WithRSAEncryption", "1.2.840.113549.1.1.16")),
    SHA3_224("SHA3-224", "2.16.840.1.101.3.4.2.7", X931.NONE, JdkDigest.orBouncyCastle("SHA3-224", DigestFactory::createSHA3_224),
        names(), names("RSA-SHA3-224", "id-rsassa-pkcs1-v1_5-with-sha3-224", "2.16.840.1.101.3.4.3.13")),
    SHA3_256("SHA3-256", "2.16.840.1.101.3.4.2.8", X931.NONE, JdkDigest.orBouncyCastle("SHA3-256", DigestFactory::createSHA3_256),
        names(), names("RSA-SHA3-256", "id-rsassa-pkcs1-v1_5-with-sha3-256", "2.16.840.1.101.3.4.3.14")),
    SHA3_384("SHA3-384", "2.16.840.1.101.3.4.2.9", X931.NONE, JdkDigest.orBouncyCastle("SHA3-384", DigestFactory::createSHA3_384),
        names(), names("RSA-SHA3-384", "id-rsassa-pkcs1-v1_5-with-sha3-384", "2.16.840.1.101.3.4.3.15")),
    SHA3_512("SHA3-512", "2.16.840.1.101.3.4.2.10", X931.NONE, JdkDigest.orBouncyCastle("SHA3-512", DigestFactory::createSHA3_512),
        names(), names("RSA-SHA3-512", "id-rsassa-pkcs1-v1_5-with-sha3-512", "2.16.840.1.101.3.4.3.16")),
    RIPEMD160("RIPEMD160", "1.3.36.3.2.1", X931.NONE, RIPEMD160Digest::new,
        names("RIPEMD-160", "RIPEMD", "RMD160"), names("RSA-RIPEMD160", "ripemd160WithRSA", "1.3.36.3.3.1.2")),
    /** TLS 1.0's concatenation; PKCS#1 signs its 36 bytes bare, without a DigestInfo, as OpenSSL. */
    MD5_SHA1("MD5-SHA1", null, X931.NONE, Md5Sha1Digest::new, names(), names()),
    // OpenSSL computes these but signs nothing with them ("digest not allowed"): signatures with them
    // stay with stock, which refuses them too. They serve OAEP and MGF1.
    SM3("SM3", "1.2.156.10197.1.401", X931.NONE, SM3Digest::new,
        names(), names("RSA-SM3", "sm3WithRSAEncryption", "1.2.156.10197.1.504"), false),
    BLAKE2B512("BLAKE2B-512", "1.3.6.1.4.1.1722.12.2.1.16", X931.NONE, () -> new Blake2bDigest(512),
        names("BLAKE2b512"), names(), false),
    BLAKE2S256("BLAKE2S-256", "1.3.6.1.4.1.1722.12.2.2.8", X931.NONE, () -> new Blake2sDigest(256),
        names("BLAKE2s256"), names(), false),
    /** OpenSSL's SHAKE128 as a fixed-length digest: 16 bytes (Bouncy Castle's default is 32). */
    SHAKE128("SHAKE128", "2.16.840.1.101.3.4.2.11", X931.NONE, () -> new FixedLengthXof(new SHAKEDigest(128), 16),
        names("SHAKE-128"), names(), false),
    SHAKE256("SHAKE256", "2.16.840.1.101.3.4.2.12", X931.NONE, () -> new FixedLengthXof(new SHAKEDigest(256), 32),
        names("SHAKE-256"), names(), false),
    // No legacy object: a digest argument does not take these names, option strings do.
    KECCAK_KMAC128("KECCAK-KMAC-128", null, X931.NONE, () -> new KeccakKmacDigest(128), names("KECCAK-KMAC128"), null, false),
    KECCAK_KMAC256("KECCAK-KMAC-256", null, X931.NONE, () -> new KeccakKmacDigest(256), names("KECCAK-KMAC256"), null, false),
    /** OpenSSL's "NULL" digest: no output. Options take it; OAEP and MGF1 refuse it ({@link #length()} 0). */
    NULL("NULL", null, X931.NONE, EmptyDigest::new, names(), null, false);

    /** ANSI X9.31's hash identifiers (the byte before the trailer), for the digests it defines. */
    private static final class X931 {
        static final int NONE = -1;
    }

    private static final Map<String, DigestAlgorithm> FETCH_NAMES = new HashMap<>();
    private static final Map<String, DigestAlgorithm> OBJECT_NAMES = new HashMap<>();

    static {
        for (DigestAlgorithm algorithm : values()) {
            for (String name : algorithm.fetchNames) {
                FETCH_NAMES.put(key(name), algorithm);
                if (algorithm.legacyNames != null) OBJECT_NAMES.put(key(name), algorithm);
            }
            if (algorithm.legacyNames != null) {
                for (String name : algorithm.legacyNames) OBJECT_NAMES.put(key(name), algorithm);
            }
        }
    }

    private final String opensslName;
    private final String[] fetchNames;
    /** Names only a digest argument takes; null for a digest with no legacy object at all. */
    private final String[] legacyNames;
    private final boolean signs;
    private final int x931Id;
    private final AlgorithmIdentifier identifier;
    /** DER of the DigestInfo up to the hash bytes; the same for every hash of this length. */
    private volatile byte[] digestInfoPrefix;
    private final Supplier<Digest> factory;
    private final int length;

    DigestAlgorithm(String opensslName, String oid, int x931Id, Supplier<Digest> factory, String[] aliases, String[] legacyNames) {
        this(opensslName, oid, x931Id, factory, aliases, legacyNames, true);
    }

    DigestAlgorithm(String opensslName, String oid, int x931Id, Supplier<Digest> factory, String[] aliases, String[] legacyNames,
                    boolean signs) {
        this.opensslName = opensslName;
        this.fetchNames = withNameAndOid(opensslName, oid, aliases);
        this.legacyNames = legacyNames;
        this.signs = signs;
        this.x931Id = x931Id;
        this.identifier = oid == null ? null : new AlgorithmIdentifier(new ASN1ObjectIdentifier(oid), DERNull.INSTANCE);
        this.factory = factory;
        this.length = factory.get().getDigestSize();
    }

    private static String[] names(String... names) {
        return names;
    }

    private static String[] withNameAndOid(String name, String oid, String[] aliases) {
        String[] all = Arrays.copyOf(aliases, aliases.length + (oid == null ? 1 : 2));
        all[aliases.length] = name;
        if (oid != null) all[aliases.length + 1] = oid;
        return all;
    }

    /** OpenSSL matches names in any case. */
    private static String key(String name) {
        return name.toUpperCase(Locale.ROOT);
    }

    /** The digest an option string names ("rsa_oaep_md", "rsa_mgf1_md", "digest"), or null. */
    public static DigestAlgorithm forFetchName(String name) {
        return name == null ? null : FETCH_NAMES.get(key(name));
    }

    /** The digest a digest argument names (sign's first argument, sign_pss's mgf1_hash), or null. */
    public static DigestAlgorithm forObjectName(String name) {
        return name == null ? null : OBJECT_NAMES.get(key(name));
    }

    /**
     * Digest objects OpenSSL 3 names but the gem does not compute (legacy MD4 and Whirlpool, by
     * name, signature name and OID, from {@code openssl list -digest-algorithms}): a digest argument
     * OpenSSL reads, which then fails where it is used ("digest not allowed"), not as a name it
     * does not know.
     */
    private static final Set<String> UNCOMPUTED_OBJECT_NAMES = new HashSet<>(Arrays.asList(
        "MD4", "RSA-MD4", "MD4WITHRSAENCRYPTION", "1.2.840.113549.2.4", "1.2.840.113549.1.1.3", "WHIRLPOOL", "1.0.10118.3.0.55"));

    /** Whether OpenSSL reads a digest argument of this name (EVP_get_digestbyname, then the object's OID). */
    public static boolean isObjectName(String name) {
        return forObjectName(name) != null || (name != null && UNCOMPUTED_OBJECT_NAMES.contains(key(name)));
    }

    /** The name stock jruby-openssl and MRI both answer for it ("SHA256", "SHA3-256"). */
    public String opensslName() {
        return opensslName;
    }

    /** Whether OpenSSL's RSA signs with it (PKCS#1 v1.5, PSS); it refuses the others ("digest not allowed"). */
    public boolean signs() {
        return signs;
    }

    /** ANSI X9.31's identifier of this hash, or -1 where X9.31 defines none (OpenSSL: "invalid x931 digest"). */
    public int x931Id() {
        return x931Id;
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
     * Bouncy Castle encodes it once per algorithm; a signature then only appends its hash. MD5-SHA1
     * has no identifier: OpenSSL signs its hash bare.
     */
    public byte[] digestInfo(byte[] hash) {
        if (identifier == null) return hash.clone();
        if (hash.length != length()) return encodeDigestInfo(hash);
        byte[] prefix = digestInfoPrefix();
        byte[] encoded = Arrays.copyOf(prefix, prefix.length + hash.length);
        System.arraycopy(hash, 0, encoded, prefix.length, hash.length);
        return encoded;
    }

    /**
     * The DigestInfo with an algorithm identifier that omits its NULL parameters, which some signers
     * make and the JDK's SunRsaSign also verifies; null for MD5-SHA1, which has no identifier.
     */
    public byte[] digestInfoWithoutNull(byte[] hash) {
        if (identifier == null) return null;
        try {
            return new DigestInfo(new AlgorithmIdentifier(identifier.getAlgorithm()), hash).getEncoded(ASN1Encoding.DER);
        } catch (IOException cannotHappenInMemory) {
            throw new IllegalStateException(cannotHappenInMemory);
        }
    }

    public int digestInfoLength() {
        return identifier == null ? length() : digestInfoPrefix().length + length();
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
