package fastrsaengine.engines.ec;

import java.security.spec.ECPoint;

/** A private EC key readied by an {@link EcEngine}: threads may share it. */
public interface PreparedEcKey {

    /**
     * An ECDSA signature of a hash, DER-encoded (ECDSA-Sig-Value), with the library's own nonce and
     * constant-time arithmetic. A hash longer than the order is truncated to its bits, as OpenSSL does.
     */
    byte[] signHash(byte[] hash);

    /**
     * The ECDH shared secret with a peer's point: its x coordinate, {@link EcCurve#fieldLength()} bytes.
     *
     * @param peer a point of the key's curve other than infinity; the caller has checked it
     */
    byte[] agree(ECPoint peer);
}
