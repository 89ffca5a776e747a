package fastrsaengine.structures;

import fastrsaengine.call.Call;
import fastrsaengine.padding.DigestAlgorithm;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
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
 * An EC key's structure signature. Stock builds the structure with a stand-in that signs cheaply
 * where the EC key's own curve costs an ECDSA signature in pure Java (SunEC's for certificates and
 * CRLs, which stock signs through the JDK's providers; Bouncy Castle's for CSRs and OCSP):
 * <ul>
 * <li>the RSA stand-in ({@link StandInKey#inPlaceOfEcKey}), whose algorithm stock writes
 *     (sha256WithRSAEncryption): the engine names the ECDSA one of its digest in its place
 *     (ecdsa-with-SHA256, no parameters, as stock with the EC key writes it) where X.509 names it;</li>
 * <li>for a CSR, whose algorithm stock names from the request's public key, the toy-curve EC stand-in
 *     ({@link StandInEcKey}): stock writes the ECDSA algorithm itself.</li>
 * </ul>
 * The engine then signs the to-be-signed part anew, hashed with the algorithm's digest, and its DER
 * signature, of another length than the stand-in's, is spliced in.
 */
final class EcStructureSigner implements StructureSigner {
    /** X9.62's ECDSA signature algorithm of each digest the gem signs structures with. */
    private static final Map<ASN1ObjectIdentifier, ASN1ObjectIdentifier> ECDSA_BY_DIGEST = new HashMap<>();
    private static final DefaultDigestAlgorithmIdentifierFinder DIGESTS = new DefaultDigestAlgorithmIdentifierFinder();

    static {
        ECDSA_BY_DIGEST.put(X509ObjectIdentifiers.id_SHA1, X9ObjectIdentifiers.ecdsa_with_SHA1);
        ECDSA_BY_DIGEST.put(NISTObjectIdentifiers.id_sha224, X9ObjectIdentifiers.ecdsa_with_SHA224);
        ECDSA_BY_DIGEST.put(NISTObjectIdentifiers.id_sha256, X9ObjectIdentifiers.ecdsa_with_SHA256);
        ECDSA_BY_DIGEST.put(NISTObjectIdentifiers.id_sha384, X9ObjectIdentifiers.ecdsa_with_SHA384);
        ECDSA_BY_DIGEST.put(NISTObjectIdentifiers.id_sha512, X9ObjectIdentifiers.ecdsa_with_SHA512);
    }

    /**
     * The digest names stock's structure signing turns into an ECDSA algorithm ("SHA256" into
     * "SHA256WITHECDSA"), in any case. Not SHA-3's: MRI's OpenSSL 3.0 signs no certificate with ECDSA
     * and SHA-3 ("unknown signature algorithm"), so the gem signs none where stock cannot (secp256k1).
     */
    private static final Set<String> ECDSA_DIGEST_NAMES = new HashSet<>(Arrays.asList("SHA1", "SHA224", "SHA256", "SHA384", "SHA512"));

    private final PKeyEC key;
    /** An ECDSA signature (DER) of a hash: the engine's ({@link fastrsaengine.engines.ec.PreparedEcKey#signHash}), or the JDK's. */
    private final UnaryOperator<byte[]> signHash;
    /** Whether stock signs with the toy-curve stand-in (a CSR), else with the RSA one. */
    private final boolean toyCurve;

    EcStructureSigner(PKeyEC key, UnaryOperator<byte[]> signHash, boolean toyCurve) {
        this.key = key;
        this.signHash = signHash;
        this.toyCurve = toyCurve;
    }

    /**
     * Whether stock, signing a structure with an EC key, names one of the ECDSA algorithms for this
     * digest argument (the ECDSA_BY_DIGEST ones): a name as given; an OpenSSL::Digest by its algorithm without hyphens
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
        return toyCurve ? StandInEcKey.forSigning(key) : StandInKey.inPlaceOfEcKey(key.getRuntime());
    }

    @Override
    public boolean stockAnswersAsWithTheKey() {
        return false;
    }

    @Override
    public byte[] signedDer(Call call, byte[] der, DerSlots.Layout layout) {
        ASN1ObjectIdentifier written = new ASN1ObjectIdentifier(layout.find(der).algorithm(der));
        AlgorithmIdentifier digestId = DIGESTS.find(new AlgorithmIdentifier(written));
        ASN1ObjectIdentifier ecdsa = digestId == null ? null : ECDSA_BY_DIGEST.get(digestId.getAlgorithm());
        DigestAlgorithm digest = ecdsa == null ? null : DigestAlgorithm.forFetchName(digestId.getAlgorithm().getId());
        if (digest == null || (toyCurve && !ecdsa.equals(written))) return null;
        byte[] encoded = ecdsa.equals(written) ? der : withAlgorithm(der, layout, encoded(new AlgorithmIdentifier(ecdsa)));
        DerSlots.SignatureSlot signature = layout.find(encoded);
        byte[] signed = signature.signedPart(encoded);
        return signature.splice(encoded, call.perform(() -> signHash.apply(digest.hash(signed, 0, signed.length))));
    }

    /** {@link #signedDer} signs the to-be-signed part from scratch already. */
    @Override
    public byte[] signedAnew(Call call, byte[] der, DerSlots.Layout layout) {
        return signedDer(call, der, layout);
    }

    /** The DER with this algorithm where X.509 names it: in the signed part first, whose change moves what follows. */
    private static byte[] withAlgorithm(byte[] der, DerSlots.Layout layout, byte[] algorithm) {
        byte[] signedPart = layout.find(der).inSignedPart(der, algorithm);
        return layout.find(signedPart).withAlgorithm(signedPart, algorithm);
    }

    private static byte[] encoded(AlgorithmIdentifier algorithm) {
        try {
            return algorithm.getEncoded(ASN1Encoding.DER);
        } catch (IOException cannotHappen) { // encoding an OID in memory
            throw new IllegalStateException(cannotHappen);
        }
    }
}
