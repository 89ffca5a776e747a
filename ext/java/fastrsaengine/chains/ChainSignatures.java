package fastrsaengine.chains;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.cert.X509Certificate;

/** How a chain's certificates' signatures are read and judged: the verification layer's check (verification/IssuerSignature). */
public interface ChainSignatures {
    /** The DER a certificate's signature is checked over, or null where that check is stock's. */
    byte[] signedDer(X509Certificate certificate) throws GeneralSecurityException, IOException;

    /** Whether that DER's signature is good under the issuer's key. */
    boolean good(byte[] der, PublicKey issuerKey);
}
