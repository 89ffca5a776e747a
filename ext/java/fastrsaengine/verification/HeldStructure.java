package fastrsaengine.verification;

import java.io.IOException;
import java.security.GeneralSecurityException;

/**
 * A certificate's, CSR's or CRL's signed DER as OpenSSL would check it, from what stock holds: the
 * DER given to new ({@link GivenEncodings}), else stock's own encoding; and whether stock's check is
 * of other bytes (Bouncy Castle's encoding of what was given, or a CSR whose version was set since it
 * was signed, {@link ChangedRequests}), so that stock's true is no OpenSSL true.
 */
final class HeldStructure {
    final byte[] der;
    /** Whether OpenSSL would encode it again with a field set since it was signed: its signature no longer verifies. */
    final boolean changed;
    private final boolean givenOtherwise;

    private HeldStructure(byte[] der, boolean givenOtherwise, boolean changed) {
        this.der = der;
        this.givenOtherwise = givenOtherwise;
        this.changed = changed;
    }

    /** Stock's object, how it encodes itself, and whether a field was set since it was signed. */
    static HeldStructure of(Object held, GivenEncodings.Encoded stock, boolean changed) throws GeneralSecurityException, IOException {
        byte[] given = GivenEncodings.of(held);
        return new HeldStructure(given != null ? given : stock.encoded(), given != null, changed);
    }

    /** Whether stock's check is of other bytes than OpenSSL's. */
    boolean stockChecksOtherBytes() {
        return givenOtherwise || changed;
    }
}
