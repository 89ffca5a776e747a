package fastrsaengine.engines.ec;

/** A public EC key readied by an {@link EcEngine}: threads may share it. */
public interface PreparedEcPublicKey {

    /**
     * Whether a signature verifies for a hash.
     *
     * @param signature strict DER of (r, s), both in [1, n - 1]; the caller has checked it
     */
    boolean verifyHash(byte[] hash, byte[] signature);
}
