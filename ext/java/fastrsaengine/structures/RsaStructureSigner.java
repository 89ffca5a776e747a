package fastrsaengine.structures;

import fastrsaengine.call.Call;
import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PrivateKeyOperations;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.operator.DefaultDigestAlgorithmIdentifierFinder;
import org.jruby.ext.openssl.PKeyRSA;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * An RSA key's structure signature: stock pads the DigestInfo at the stand-in's size ({@link
 * StandInKey}), and the engine signs that DigestInfo at the key's.
 */
final class RsaStructureSigner implements StructureSigner {
    private static final DefaultDigestAlgorithmIdentifierFinder DIGESTS = new DefaultDigestAlgorithmIdentifierFinder();

    private final PKeyRSA key;
    private final PrivateKeyOperations operations;

    RsaStructureSigner(PKeyRSA key, PrivateKeyOperations operations) {
        this.key = key;
        this.operations = operations;
    }

    @Override
    public IRubyObject standIn() {
        return StandInKey.forSigning(key);
    }

    @Override
    public boolean stockAnswersAsWithTheKey() {
        return true;
    }

    @Override
    public byte[] signedDer(Call call, byte[] der, DerSlots.Layout layout) {
        DerSlots.SignatureSlot slot = layout.find(der);
        byte[] encoded = slot.read(der);
        return slot.splice(der, call.perform(() -> operations.signEncodedMessage(encoded)));
    }

    /** PKCS#1 v1.5 of the signed part's digest, by the digest of the signature algorithm stock wrote. */
    @Override
    public byte[] signedAnew(Call call, byte[] der, DerSlots.Layout layout) {
        DerSlots.SignatureSlot slot = layout.find(der);
        AlgorithmIdentifier digestId = DIGESTS.find(new AlgorithmIdentifier(new ASN1ObjectIdentifier(slot.algorithm(der))));
        DigestAlgorithm digest = digestId == null ? null : DigestAlgorithm.forFetchName(digestId.getAlgorithm().getId());
        if (digest == null) return null;
        byte[] signed = slot.signedPart(der);
        byte[] digestInfo = digest.digestInfo(digest.hash(signed, 0, signed.length));
        return slot.splice(der, call.perform(() -> operations.signDigestInfo(digestInfo)));
    }
}
