package fastrsaengine.structures;

import fastrsaengine.call.Call;
import fastrsaengine.engines.PreparedEcKey;
import fastrsaengine.padding.DigestAlgorithm;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.nist.NISTObjectIdentifiers;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.X509ObjectIdentifiers;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.operator.DefaultDigestAlgorithmIdentifierFinder;
import org.jruby.RubyString;
import org.jruby.ext.openssl.Digest;
import org.jruby.ext.openssl.PKeyEC;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * An EC key's structure signature. Stock builds the structure with a stand-in whose signature says
 * nothing of the key, and the engine signs anew the to-be-signed part stock encoded, hashed with
 * the digest of the signature algorithm stock wrote; its DER signature, of another length than
 * the stand-in's, is spliced in. The stand-in depends on how stock signs:
 * <ul>
 * <li>a CSR and OCSP's request and response through Bouncy Castle: {@link StandInEcKey}, an EC key
 *     on a toy curve, so stock writes the ECDSA algorithm itself;</li>
 * <li>a certificate and a CRL through the JDK's providers, whose SunEC signs only named curves, at
 *     a named curve's cost: an RSA stand-in ({@link StandInKey#inPlaceOfEcKey}), whose algorithm
 *     (sha256WithRSAEncryption) is then replaced by the ECDSA one of its digest (ecdsa-with-SHA256)
 *     where X.509 names it twice, as stock with the EC key writes it (Bouncy Castle's identifier,
 *     no parameters).</li>
 * </ul>
 */
final class EcStructureSigner implements StructureSigner {
    /** The ECDSA signature algorithm of each digest it is defined with (X9.62's with SHA-1 and SHA-2, NIST's with SHA-3). */
    private static final Map<ASN1ObjectIdentifier, ASN1ObjectIdentifier> ECDSA_BY_DIGEST = new HashMap<>();
    private static final Map<ASN1ObjectIdentifier, ASN1ObjectIdentifier> DIGEST_BY_ECDSA = new HashMap<>();
    private static final DefaultDigestAlgorithmIdentifierFinder DIGESTS = new DefaultDigestAlgorithmIdentifierFinder();

    static {
        ecdsa(X509ObjectIdentifiers.id_SHA1, X9ObjectIdentifiers.ecdsa_with_SHA1);
        ecdsa(NISTObjectIdentifiers.id_sha224, X9ObjectIdentifiers.ecdsa_with_SHA224);
        ecdsa(NISTObjectIdentifiers.id_sha256, X9ObjectIdentifiers.ecdsa_with_SHA256);
        ecdsa(NISTObjectIdentifiers.id_sha384, X9ObjectIdentifiers.ecdsa_with_SHA384);
        ecdsa(NISTObjectIdentifiers.id_sha512, X9ObjectIdentifiers.ecdsa_with_SHA512);
        ecdsa(NISTObjectIdentifiers.id_sha3_224, NISTObjectIdentifiers.id_ecdsa_with_sha3_224);
        ecdsa(NISTObjectIdentifiers.id_sha3_256, NISTObjectIdentifiers.id_ecdsa_with_sha3_256);
        ecdsa(NISTObjectIdentifiers.id_sha3_384, NISTObjectIdentifiers.id_ecdsa_with_sha3_384);
        ecdsa(NISTObjectIdentifiers.id_sha3_512, NISTObjectIdentifiers.id_ecdsa_with_sha3_512);
    }

    /**
     * The digest names stock's certificate and CRL signing turn into an ECDSA algorithm ("SHA256" into
     * "SHA256WITHECDSA"), in any case. Not SHA-3's: MRI's OpenSSL 3.0 signs no certificate with ECDSA
     * and SHA-3 ("unknown signature algorithm"), so the gem signs none where stock cannot (secp256k1).
     */
    private static final Set<String> ECDSA_DIGEST_NAMES = new HashSet<>(Arrays.asList("SHA1", "SHA224", "SHA256", "SHA384", "SHA512"));

    private final PKeyEC key;
    private final PreparedEcKey prepared;
    /** Whether stock signs with an RSA stand-in (certificates, CRLs), else with the toy curve's. */
    private final boolean rsaStandIn;

    EcStructureSigner(PKeyEC key, PreparedEcKey prepared, boolean rsaStandIn) {
        this.key = key;
        this.prepared = prepared;
        this.rsaStandIn = rsaStandIn;
    }

    /**
     * Whether stock, signing a certificate or CRL with an EC key, names one of the ECDSA algorithms
     * for this digest argument: a name as given; an OpenSSL::Digest by its algorithm without hyphens
     * (jruby-openssl's Digest#getShortAlgorithm, not public: "SHA3256" for SHA3-256, which no
     * algorithm has), known here by the name it was made with where that has no hyphen.
     */
    static boolean definedWith(IRubyObject digest) {
        if (digest instanceof Digest) {
            String name = ((Digest) digest).getName();
            return !name.contains("-") && ECDSA_DIGEST_NAMES.contains(name.toUpperCase(Locale.ROOT));
        }
        return digest instanceof RubyString && ECDSA_DIGEST_NAMES.contains(digest.asJavaString().toUpperCase(Locale.ROOT));
    }

    @Override
    public IRubyObject standIn() {
        return rsaStandIn ? StandInKey.inPlaceOfEcKey(key.getRuntime()) : StandInEcKey.forSigning(key);
    }

    @Override
    public boolean stockAnswersAsWithTheKey() {
        return false;
    }

    @Override
    public byte[] signedDer(Call call, byte[] der, DerSlots.Layout layout) {
        byte[] encoded = rsaStandIn ? withEcdsaAlgorithm(der, layout) : der;
        if (encoded == null) return null;
        DerSlots.SignatureSlot slot = layout.find(encoded);
        ASN1ObjectIdentifier digestOid = DIGEST_BY_ECDSA.get(new ASN1ObjectIdentifier(slot.algorithm(encoded)));
        DigestAlgorithm digest = digestOid == null ? null : DigestAlgorithm.forFetchName(digestOid.getId());
        if (digest == null) return null;
        byte[] signed = slot.signedPart(encoded);
        return slot.splice(encoded, call.perform(() -> prepared.signHash(digest.hash(signed, 0, signed.length))));
    }

    /** The DER with the ECDSA algorithm of the RSA stand-in's digest; null for a digest ECDSA is not defined with. */
    private static byte[] withEcdsaAlgorithm(byte[] der, DerSlots.Layout layout) {
        AlgorithmIdentifier digest = DIGESTS.find(new AlgorithmIdentifier(new ASN1ObjectIdentifier(layout.find(der).algorithm(der))));
        ASN1ObjectIdentifier ecdsa = digest == null ? null : ECDSA_BY_DIGEST.get(digest.getAlgorithm());
        if (ecdsa == null) return null;
        try {
            return DerSlots.withSignatureAlgorithm(der, new AlgorithmIdentifier(ecdsa).getEncoded(ASN1Encoding.DER));
        } catch (IOException cannotHappen) { // encoding an OID in memory
            throw new IllegalStateException(cannotHappen);
        }
    }

    private static void ecdsa(ASN1ObjectIdentifier digest, ASN1ObjectIdentifier signature) {
        ECDSA_BY_DIGEST.put(digest, signature);
        DIGEST_BY_ECDSA.put(signature, digest);
    }
}
