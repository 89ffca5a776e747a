package fastrsaengine.structures;

import fastrsaengine.call.Call;
import fastrsaengine.padding.PrivateKeyOperations;
import org.jruby.ext.openssl.PKeyRSA;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * An RSA key's structure signature: stock pads the DigestInfo at the stand-in's size ({@link
 * StandInKey}), and the engine signs that DigestInfo at the key's.
 */
final class RsaStructureSigner implements StructureSigner {
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
}
