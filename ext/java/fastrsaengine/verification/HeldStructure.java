package fastrsaengine.verification;

import fastrsaengine.engines.shared.WeakIdentityCache;
import java.io.IOException;
import java.security.GeneralSecurityException;
import org.bouncycastle.pkcs.PKCS10CertificationRequest;

/**
 * A certificate's, CSR's or CRL's signed DER as OpenSSL would check it, from what stock holds: the
 * DER given to new ({@link GivenEncodings}), else stock's own encoding; and whether stock's check is
 * of other bytes (Bouncy Castle's encoding of what was given, or a CSR whose version was set since it
 * was signed, {@link ChangedRequests}), so that stock's true is no OpenSSL true.
 */
final class HeldStructure {
    private static final WeakIdentityCache<PKCS10CertificationRequest, byte[]> REQUEST_ENCODINGS = new WeakIdentityCache<>();

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

    /**
     * A request's DER as stock encodes it, kept per request object: Bouncy Castle encodes a
     * request's whole tree again on each call (a certificate or CRL hands back the bytes it holds),
     * and stock never changes one in place (it makes a new one as it signs or reads).
     */
    static byte[] requestEncoding(PKCS10CertificationRequest request) throws IOException {
        byte[] encoded = REQUEST_ENCODINGS.get(request);
        if (encoded == null) {
            encoded = request.getEncoded();
            REQUEST_ENCODINGS.put(request, encoded);
        }
        return encoded;
    }

    /** Whether stock's check is of other bytes than OpenSSL's. */
    boolean stockChecksOtherBytes() {
        return givenOtherwise || changed;
    }
}
