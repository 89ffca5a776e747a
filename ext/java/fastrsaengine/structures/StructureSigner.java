package fastrsaengine.structures;

import fastrsaengine.call.Call;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * How the engine signs a structure stock encoded with a stand-in key: one per kind of key (RSA, EC),
 * chosen by {@link StructureMethods} for the caller's key.
 */
interface StructureSigner {
    /** The key stock's method is handed: it signs cheaply, and its signature is replaced. */
    IRubyObject standIn();

    /**
     * The engine's signature for the slot of the DER stock encoded with the stand-in, or null where the
     * slot is not what stock makes with this kind of key (the call is then stock's with the caller's key).
     */
    byte[] signature(Call call, byte[] der, DerSlots.SignatureSlot slot);
}
