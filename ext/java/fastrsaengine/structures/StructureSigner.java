package fastrsaengine.structures;

import fastrsaengine.call.Call;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * How the engine signs a structure that stock encoded with a stand-in key: one per kind of key
 * (RSA, EC), chosen by {@link StructureMethods} for the caller's key.
 */
interface StructureSigner {
    /** The key stock's method is handed: it signs cheaply, and its signature is replaced. */
    IRubyObject standIn();

    /**
     * Whether an error stock raises with the stand-in is its answer to the caller's key too: so for a
     * stand-in of the key's own kind; one of another curve or kind can fail where the key would not,
     * and stock then answers with the caller's key.
     */
    boolean stockAnswersAsWithTheKey();

    /**
     * The DER stock encoded with the stand-in, signed by the engine; null where what the stand-in left
     * is not what the engine signs (the call is then stock's with the caller's key), as is an
     * IllegalArgumentException from the layout.
     */
    byte[] signedDer(Call call, byte[] der, DerSlots.Layout layout);

    /**
     * As {@link #signedDer}, for a DER changed since stock signed it with the stand-in (an OCSP
     * responder id by key): the to-be-signed part is hashed and signed from scratch, nothing read
     * from what the stand-in left in the signature.
     */
    byte[] signedAnew(Call call, byte[] der, DerSlots.Layout layout);
}
