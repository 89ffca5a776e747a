package fastrsaengine.verification;

import fastrsaengine.call.EcKeyStates;
import fastrsaengine.engines.ec.EcSignatures;
import fastrsaengine.engines.ec.PreparedEcPublicKey;
import fastrsaengine.padding.PublicKeyOperations;
import fastrsaengine.structures.DerSlots;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Object;
import org.bouncycastle.asn1.ocsp.BasicOCSPResponse;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.pkcs.PKCS10CertificationRequest;

/**
 * The engine's check of a certificate's, CSR's, CRL's or OCSP response's signature, where it says
 * yes: an RSA (PKCS#1 v1.5 or PSS) or ECDSA signature ({@link SignatureAlgorithm}) that the key made
 * over the bytes stock's check (Bouncy Castle's) takes, under an algorithm stock reads alike. Stock accepts
 * such a signature, so a yes here is stock's yes, 82-93% of whose time is its public-key arithmetic
 * in Java (doc/structure-costs.md); anything else (no, another algorithm, parameters, anything
 * unread) is left to stock, which answers false, nil or raises as it does.
 */
final class SignatureCheck {
    /** A public key the engine checks signatures with. */
    interface Key {
        /** Whether the signature is this key's over the bytes, with the algorithm's digest; false for the other kind's algorithm. */
        boolean verifies(SignatureAlgorithm algorithm, byte[] signed, byte[] signature);
    }

    private SignatureCheck() {
    }

    /**
     * An RSA key: PKCS#1 v1.5, the block opening to exactly the DigestInfo (Bouncy Castle takes it with
     * or without NULL parameters); PSS with the parameters' digests and exactly their salt length.
     */
    static Key rsa(PublicKeyOperations key) {
        return (algorithm, signed, signature) -> {
            switch (algorithm.kind) {
                case PKCS1: return key.verifyPkcs1(algorithm.digest, signature, signed, 0, signed.length);
                case PSS: return key.verifyPss(algorithm.digest, algorithm.mgf1, algorithm.saltLength, false, signature, signed, 0, signed.length);
                default: return false;
            }
        };
    }

    /** An EC key: ECDSA of a strict DER signature with r and s in range, as Bouncy Castle reads one. */
    static Key ec(EcKeyStates.Prepared<PreparedEcPublicKey> key) {
        return (algorithm, signed, signature) -> algorithm.kind == SignatureAlgorithm.Kind.ECDSA && EcSignatures.decode(key.curve, signature) != null
            && key.key.verifyHash(algorithm.digest.hash(signed, 0, signed.length), signature);
    }

    /**
     * Bouncy Castle's X509CertificateImpl.verify: the to-be-signed part as the JCA certificate encodes
     * it, once the algorithm inside names the outer one (with NULL parameters or none, alike).
     */
    static boolean certificate(X509Certificate certificate, Key key) {
        return namedAlike(certificate.getSigAlgOID(), certificate.getSigAlgParams(), certificate::getTBSCertificate,
            DerSlots::certificateSignatureField, certificate.getSignature(), key);
    }

    /**
     * Stock's PKCS10Request.verify, Bouncy Castle's PKCS10CertificationRequest.isSignatureValid: the
     * request info's DER and the signature's octets (a BIT STRING with unused bits is unread: stock
     * answers nil), under the outer algorithm (a request has no other).
     */
    static boolean request(PKCS10CertificationRequest request, Key key) {
        return signedUnder(request.getSignatureAlgorithm(), () -> request.toASN1Structure().getCertificationRequestInfo(), request::getSignature, key);
    }

    /**
     * Stock's OCSP::BasicResponse#verify, Bouncy Castle's BasicOCSPResp.isSignatureValid: the
     * response data's DER and the signature's octets, under the response's algorithm (it has no other).
     */
    static boolean ocsp(BasicOCSPResponse response, Key key) {
        return signedUnder(response.getSignatureAlgorithm(), response::getTbsResponseData, () -> response.getSignature().getOctets(), key);
    }

    /** A structure signed under one algorithm identifier: the part signed, DER-encoded, and the signature's octets. */
    private static boolean signedUnder(AlgorithmIdentifier identifier, Supplier<ASN1Object> part, Supplier<byte[]> signature, Key key) {
        try {
            ASN1Encodable parameters = identifier.getParameters();
            SignatureAlgorithm algorithm = SignatureAlgorithm.of(identifier.getAlgorithm().getId(),
                parameters == null ? null : parameters.toASN1Primitive().getEncoded(ASN1Encoding.DER));
            return algorithm != null && key.verifies(algorithm, part.get().getEncoded(ASN1Encoding.DER), signature.get());
        } catch (IOException | IllegalStateException unread) { // IllegalStateException: a BIT STRING with unused bits
            return false;
        }
    }

    /**
     * Stock's X509::CRL#verify for the CRL its certificate factory reads (Bouncy Castle's
     * X509CRLHolder.isSignatureValid): the to-be-signed list's DER, once the algorithm inside names
     * the outer one, as for a certificate.
     */
    static boolean crl(X509CRL crl, Key key) {
        return namedAlike(crl.getSigAlgOID(), crl.getSigAlgParams(), crl::getTBSCertList, DerSlots::crlSignatureField, crl.getSignature(), key);
    }

    /** The to-be-signed part as the JCA object encodes it. */
    private interface SignedPart {
        byte[] encoded() throws GeneralSecurityException;
    }

    /** A signature whose algorithm is named alike outside and inside what it signs (the field {@code inside} reads there). */
    private static boolean namedAlike(String oid, byte[] parameters, SignedPart part, UnaryOperator<byte[]> inside, byte[] signature, Key key) {
        SignatureAlgorithm algorithm = SignatureAlgorithm.of(oid, parameters);
        if (algorithm == null) return false;
        try {
            byte[] signed = part.encoded();
            return algorithm.namedBy(inside.apply(signed)) && key.verifies(algorithm, signed, signature);
        } catch (GeneralSecurityException | IllegalArgumentException unread) {
            return false;
        }
    }
}
