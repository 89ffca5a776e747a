package fastrsaengine.verification;

import fastrsaengine.padding.DigestAlgorithm;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.RSASSAPSSparams;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;

/**
 * A signature algorithm the engine checks a structure's signature under, read from its identifier:
 * RSA PKCS#1 v1.5 and ECDSA with SHA-1, SHA-224, SHA-256, SHA-384 or SHA-512 (NULL parameters or
 * none), and RSASSA-PSS whose parameters name two of those digests (the message's and MGF1's), a
 * salt length and the trailer field 1, as Bouncy Castle reads them (absent ones: SHA-1, MGF1 with
 * SHA-1, 20, 1); and RSASSA-PSS named without its parameters (absent or NULL), which OpenSSL refuses
 * ({@link #PSS_WITHOUT_PARAMETERS}). Any other identifier is none the engine takes: stock's to check.
 */
final class SignatureAlgorithm {
    enum Kind { PKCS1, PSS, ECDSA }

    private static final Set<DigestAlgorithm> DIGESTS = EnumSet.of(DigestAlgorithm.SHA1, DigestAlgorithm.SHA224,
        DigestAlgorithm.SHA256, DigestAlgorithm.SHA384, DigestAlgorithm.SHA512);
    private static final Map<String, SignatureAlgorithm> BY_OID = new HashMap<>();
    /** PKCS#1 v1.5 and ECDSA by their digest: PKCS#7's signers name the digest alone. */
    private static final Map<Kind, Map<DigestAlgorithm, SignatureAlgorithm>> BY_DIGEST = new EnumMap<>(Kind.class);
    private static final byte[] DER_NULL = {0x05, 0x00};
    /** Identifiers read before, by their DER's bytes: a structure's check reads one per call. */
    private static final Map<String, SignatureAlgorithm> BY_IDENTIFIER = new ConcurrentHashMap<>();
    /** The identifiers kept at most: those in use are a few; more (crafted ones) are read each time. */
    private static final int IDENTIFIERS_KEPT = 64;
    /** RSASSA-PSS with no parameters to read (absent, or NULL): OpenSSL's "internal error" for an RSA key. */
    static final SignatureAlgorithm PSS_WITHOUT_PARAMETERS = new SignatureAlgorithm(Kind.PSS, null, null, 0);

    static {
        add("1.2.840.113549.1.1.5", DigestAlgorithm.SHA1, Kind.PKCS1);
        add("1.2.840.113549.1.1.14", DigestAlgorithm.SHA224, Kind.PKCS1);
        add("1.2.840.113549.1.1.11", DigestAlgorithm.SHA256, Kind.PKCS1);
        add("1.2.840.113549.1.1.12", DigestAlgorithm.SHA384, Kind.PKCS1);
        add("1.2.840.113549.1.1.13", DigestAlgorithm.SHA512, Kind.PKCS1);
        add("1.2.840.10045.4.1", DigestAlgorithm.SHA1, Kind.ECDSA);
        add("1.2.840.10045.4.3.1", DigestAlgorithm.SHA224, Kind.ECDSA);
        add("1.2.840.10045.4.3.2", DigestAlgorithm.SHA256, Kind.ECDSA);
        add("1.2.840.10045.4.3.3", DigestAlgorithm.SHA384, Kind.ECDSA);
        add("1.2.840.10045.4.3.4", DigestAlgorithm.SHA512, Kind.ECDSA);
    }

    final Kind kind;
    final DigestAlgorithm digest;
    /** PSS: MGF1's digest and the salt's length (else null and 0). */
    final DigestAlgorithm mgf1;
    final int saltLength;

    private SignatureAlgorithm(Kind kind, DigestAlgorithm digest, DigestAlgorithm mgf1, int saltLength) {
        this.kind = kind;
        this.digest = digest;
        this.mgf1 = mgf1;
        this.saltLength = saltLength;
    }

    private static void add(String oid, DigestAlgorithm digest, Kind kind) {
        SignatureAlgorithm algorithm = new SignatureAlgorithm(kind, digest, null, 0);
        BY_OID.put(oid, algorithm);
        BY_DIGEST.computeIfAbsent(kind, none -> new EnumMap<>(DigestAlgorithm.class)).put(digest, algorithm);
    }

    /** The algorithm of an identifier (its OID and its parameters' DER, or null for none); null for one the engine does not take. */
    static SignatureAlgorithm of(String oid, byte[] parameters) {
        boolean noParameters = parameters == null || Arrays.equals(parameters, DER_NULL);
        if (PKCSObjectIdentifiers.id_RSASSA_PSS.getId().equals(oid)) return noParameters ? PSS_WITHOUT_PARAMETERS : pss(parameters);
        return noParameters ? BY_OID.get(oid) : null;
    }

    /**
     * The algorithm of an AlgorithmIdentifier's DER, or null for one the engine does not take (or
     * cannot read); its parameters as they are written, NULL and absent alike (OpenSSL reads no
     * parameters for PKCS#1 v1.5 and ECDSA; where they must match, the identifiers are compared whole).
     */
    static SignatureAlgorithm of(byte[] identifier) {
        String bytes = new String(identifier, StandardCharsets.ISO_8859_1);
        SignatureAlgorithm known = BY_IDENTIFIER.get(bytes);
        if (known != null) return known;
        SignatureAlgorithm read = read(identifier);
        if (read != null && BY_IDENTIFIER.size() < IDENTIFIERS_KEPT) BY_IDENTIFIER.put(bytes, read);
        return read;
    }

    private static SignatureAlgorithm read(byte[] identifier) {
        try {
            AlgorithmIdentifier read = AlgorithmIdentifier.getInstance(ASN1Primitive.fromByteArray(identifier));
            ASN1Encodable parameters = read.getParameters();
            return of(read.getAlgorithm().getId(), parameters == null ? null : parameters.toASN1Primitive().getEncoded(ASN1Encoding.DER));
        } catch (IOException | IllegalArgumentException unread) {
            return null;
        }
    }

    /** The PKCS#1 v1.5 or ECDSA algorithm of a digest the engine checks with, or null. */
    static SignatureAlgorithm named(Kind kind, DigestAlgorithm digest) {
        Map<DigestAlgorithm, SignatureAlgorithm> byDigest = BY_DIGEST.get(kind);
        return byDigest == null ? null : byDigest.get(digest);
    }

    private static SignatureAlgorithm pss(byte[] parameters) {
        ASN1Primitive read;
        RSASSAPSSparams params;
        try {
            read = ASN1Primitive.fromByteArray(parameters);
            params = RSASSAPSSparams.getInstance(read);
        } catch (IOException | IllegalArgumentException unread) {
            return null;
        }
        DigestAlgorithm digest = digestOf(params.getHashAlgorithm());
        AlgorithmIdentifier mask = params.getMaskGenAlgorithm();
        DigestAlgorithm mgf1 = PKCSObjectIdentifiers.id_mgf1.equals(mask.getAlgorithm()) && mask.getParameters() != null
            ? digestOf(AlgorithmIdentifier.getInstance(mask.getParameters())) : null;
        BigInteger salt = params.getSaltLength();
        if (digest == null || mgf1 == null || !BigInteger.ONE.equals(params.getTrailerField()) || salt.signum() < 0 || salt.bitLength() > 30) return null;
        return new SignatureAlgorithm(Kind.PSS, digest, mgf1, salt.intValue());
    }

    /** The digest an identifier names with NULL parameters or none, if the engine checks with it. */
    private static DigestAlgorithm digestOf(AlgorithmIdentifier identifier) {
        ASN1Encodable parameters = identifier.getParameters();
        if (parameters != null && !DERNull.INSTANCE.equals(parameters)) return null;
        DigestAlgorithm digest = DigestAlgorithm.forObjectName(identifier.getAlgorithm().getId());
        return DIGESTS.contains(digest) ? digest : null;
    }
}
