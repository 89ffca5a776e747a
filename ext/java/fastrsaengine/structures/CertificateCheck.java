package fastrsaengine.structures;

import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PublicKeyOperations;
import java.io.IOException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;

/**
 * X509::Certificate#verify's check by the engine's public operation, where it says yes: an RSA
 * PKCS#1 v1.5 signature (SHA-1, SHA-224, SHA-256, SHA-384, SHA-512) that opens, under the key, to
 * exactly the DigestInfo of the to-be-signed part. Stock's check (Bouncy Castle's {@code
 * X509CertificateImpl.verify}) takes the same bytes (the to-be-signed part as the JCA certificate
 * encodes it, and its signature) and accepts such a signature, once it has found the algorithm the
 * to-be-signed part names the outer one. So a yes here is stock's yes, 82% of whose time is its RSA
 * arithmetic in Java (doc/structure-costs.md); anything else (no, another algorithm, parameters,
 * anything unread) is left to stock, which answers false or raises as it does.
 */
final class CertificateCheck {
    /** The RSA PKCS#1 v1.5 signature algorithms, by object identifier. */
    private static final Map<String, Pkcs1> PKCS1 = new HashMap<>();

    static {
        Pkcs1.add("1.2.840.113549.1.1.5", DigestAlgorithm.SHA1);
        Pkcs1.add("1.2.840.113549.1.1.14", DigestAlgorithm.SHA224);
        Pkcs1.add("1.2.840.113549.1.1.11", DigestAlgorithm.SHA256);
        Pkcs1.add("1.2.840.113549.1.1.12", DigestAlgorithm.SHA384);
        Pkcs1.add("1.2.840.113549.1.1.13", DigestAlgorithm.SHA512);
    }

    private static final byte[] DER_NULL = {0x05, 0x00};

    private CertificateCheck() {
    }

    /** Whether the engine finds the certificate signed by the key; false also where it cannot tell. */
    static boolean signedBy(X509Certificate certificate, PublicKeyOperations key) {
        Pkcs1 algorithm = PKCS1.get(certificate.getSigAlgOID());
        byte[] parameters = certificate.getSigAlgParams();
        if (algorithm == null || (parameters != null && !Arrays.equals(parameters, DER_NULL))) return false;
        try {
            byte[] signed = certificate.getTBSCertificate();
            return algorithm.namedBy(DerSlots.certificateSignatureField(signed))
                && key.verifyPkcs1(algorithm.digest, certificate.getSignature(), signed, 0, signed.length);
        } catch (CertificateEncodingException | IllegalArgumentException unread) {
            return false;
        }
    }

    /** A PKCS#1 v1.5 algorithm: its digest, and the two encodings of its identifier (with NULL parameters, or none), which name it alike. */
    private static final class Pkcs1 {
        final DigestAlgorithm digest;
        private final byte[] withNull, withoutParameters;

        private Pkcs1(DigestAlgorithm digest, byte[] withNull, byte[] withoutParameters) {
            this.digest = digest;
            this.withNull = withNull;
            this.withoutParameters = withoutParameters;
        }

        static void add(String oid, DigestAlgorithm digest) {
            ASN1ObjectIdentifier id = new ASN1ObjectIdentifier(oid);
            try {
                byte[] withNull = new AlgorithmIdentifier(id, DERNull.INSTANCE).getEncoded(ASN1Encoding.DER);
                byte[] withoutParameters = new AlgorithmIdentifier(id).getEncoded(ASN1Encoding.DER);
                PKCS1.put(oid, new Pkcs1(digest, withNull, withoutParameters));
            } catch (IOException impossible) {
                throw new IllegalStateException(impossible);
            }
        }

        boolean namedBy(byte[] field) {
            return Arrays.equals(field, withNull) || Arrays.equals(field, withoutParameters);
        }
    }
}
