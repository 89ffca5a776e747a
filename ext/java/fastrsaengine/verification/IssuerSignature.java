package fastrsaengine.verification;

import fastrsaengine.call.Call;
import fastrsaengine.chains.ChainSignatures;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.cert.X509Certificate;

/**
 * A certificate's signature under its issuer's key, for a chain's check (fastrsaengine/chains), in
 * one call: over the DER the certificate was read from, judged as X509::Certificate#verify judges it
 * ({@link SignatureCheck#certificate}), where stock's own check reads the same bytes.
 */
final class IssuerSignature implements ChainSignatures {
    private final Call call;

    IssuerSignature(Call call) {
        this.call = call;
    }

    /** The DER OpenSSL checks the certificate's signature over, or null where stock's check reads other bytes. */
    @Override
    public byte[] signedDer(X509Certificate certificate) throws GeneralSecurityException, IOException {
        HeldStructure held = HeldStructure.of(certificate, certificate::getEncoded, false);
        return held.stockChecksOtherBytes() ? null : held.der;
    }

    /** Whether that DER's signature is good under the issuer's key; false for every other verdict, and for a key the engine does not take. */
    @Override
    public boolean good(byte[] der, PublicKey issuerKey) {
        SignatureCheck.Key key = VerificationMethods.checkingKey(call, issuerKey);
        return key != null && VerificationMethods.verdictOf(() -> SignatureCheck.certificate(der, key)) == SignatureVerdict.VALID;
    }
}
