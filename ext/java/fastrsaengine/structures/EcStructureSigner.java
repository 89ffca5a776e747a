package fastrsaengine.structures;

import fastrsaengine.call.Call;
import fastrsaengine.engines.PreparedEcKey;
import fastrsaengine.padding.DigestAlgorithm;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.nist.NISTObjectIdentifiers;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.operator.DefaultDigestAlgorithmIdentifierFinder;
import org.jruby.ext.openssl.PKeyEC;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * An EC key's structure signature: stock signs with a toy-curve stand-in ({@link StandInEcKey}),
 * whose signature says nothing of the key; the engine signs anew the to-be-signed part stock
 * encoded, hashed with the digest of the signature algorithm stock wrote (ecdsa-with-SHA256 and
 * the like, as Bouncy Castle maps it), and its DER signature, of another length than the toy's,
 * is spliced in.
 */
final class EcStructureSigner implements StructureSigner {
    /** The ECDSA signature algorithms Bouncy Castle's signers write: X9.62's with SHA-1 and SHA-2, NIST's with SHA-3. */
    private static final Set<ASN1ObjectIdentifier> ECDSA = new HashSet<>(Arrays.asList(
        X9ObjectIdentifiers.ecdsa_with_SHA1, X9ObjectIdentifiers.ecdsa_with_SHA224, X9ObjectIdentifiers.ecdsa_with_SHA256,
        X9ObjectIdentifiers.ecdsa_with_SHA384, X9ObjectIdentifiers.ecdsa_with_SHA512,
        NISTObjectIdentifiers.id_ecdsa_with_sha3_224, NISTObjectIdentifiers.id_ecdsa_with_sha3_256,
        NISTObjectIdentifiers.id_ecdsa_with_sha3_384, NISTObjectIdentifiers.id_ecdsa_with_sha3_512));
    private static final DefaultDigestAlgorithmIdentifierFinder DIGESTS = new DefaultDigestAlgorithmIdentifierFinder();
    private final PKeyEC key;
    private final PreparedEcKey prepared;

    EcStructureSigner(PKeyEC key, PreparedEcKey prepared) {
        this.key = key;
        this.prepared = prepared;
    }

    @Override
    public IRubyObject standIn() {
        return StandInEcKey.forSigning(key);
    }

    @Override
    public byte[] signature(Call call, byte[] der, DerSlots.SignatureSlot slot) {
        DigestAlgorithm digest = digestOf(slot.algorithm(der));
        if (digest == null) return null;
        byte[] signed = slot.signedPart(der);
        return call.perform(() -> prepared.signHash(digest.hash(signed, 0, signed.length)));
    }

    /** The digest of an ECDSA signature algorithm; null for another algorithm, or a digest the gem does not compute. */
    private static DigestAlgorithm digestOf(String signatureAlgorithm) {
        ASN1ObjectIdentifier algorithm = new ASN1ObjectIdentifier(signatureAlgorithm);
        if (!ECDSA.contains(algorithm)) return null;
        AlgorithmIdentifier digest = DIGESTS.find(new AlgorithmIdentifier(algorithm));
        return digest == null ? null : DigestAlgorithm.forFetchName(digest.getAlgorithm().getId());
    }
}
