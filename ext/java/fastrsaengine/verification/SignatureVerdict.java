package fastrsaengine.verification;

/**
 * What OpenSSL answers for one signature over a structure (ASN1_item_verify, as MRI calls it), once
 * the engine has read the signature, its algorithm and the key: the signature is the key's or not,
 * or OpenSSL fails on it before any arithmetic, in the words MRI raises for a certificate, CSR or
 * CRL (an OCSP response or PKCS#7 signer is then simply not verified: false). STOCK is what the
 * engine does not read: another algorithm, a key of another kind, bytes it cannot walk.
 */
enum SignatureVerdict {
    VALID(null),
    INVALID(null),
    /** A signature BIT STRING that declares unused bits. */
    BITS_LEFT("invalid bit string bits left"),
    /** RSASSA-PSS named with its parameters absent or NULL (an RSA key). */
    PSS_WITHOUT_PARAMETERS("internal error"),
    /** An ECDSA signature that is not strict DER of SEQUENCE { r, s } (EcSignatures.read). */
    SIGNATURE_NOT_DER("EVP lib"),
    STOCK(null);

    /** The message of the structure's error MRI raises, or null where it answers true or false. */
    final String mriError;

    SignatureVerdict(String mriError) {
        this.mriError = mriError;
    }

    static SignatureVerdict of(boolean verified) {
        return verified ? VALID : INVALID;
    }

    /** The worse of two signers' verdicts: STOCK where either is stock's, else VALID only where both are. */
    SignatureVerdict and(SignatureVerdict other) {
        if (this == STOCK || other == STOCK) return STOCK;
        return this == VALID && other == VALID ? VALID : INVALID;
    }
}
