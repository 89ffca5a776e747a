package fastrsaengine.verification;

import fastrsaengine.engines.shared.WeakIdentityCache;
import fastrsaengine.call.EcKeyStates;
import fastrsaengine.engines.ec.EcSignatures;
import fastrsaengine.engines.ec.PreparedEcPublicKey;
import fastrsaengine.padding.PublicKeyOperations;
import fastrsaengine.structures.DerSlots;
import java.io.IOException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import org.bouncycastle.asn1.ASN1BitString;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ocsp.BasicOCSPResponse;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * The engine's check of a certificate's, CSR's, CRL's or OCSP response's signature, as OpenSSL makes
 * it (X509_verify, X509_REQ_verify, X509_CRL_verify, OCSP_BASICRESP_verify), on every backend: the
 * signed part as its bytes stand (a certificate, CSR or CRL keeps the encoding it was read from; an
 * OCSP response's data OpenSSL encodes again, as DER), a certificate's two algorithm identifiers
 * byte for byte alike, the signature BIT STRING of whole bytes, RSA PKCS#1 v1.5 of exactly the
 * modulus's length opening to exactly the DigestInfo with its NULL, RSASSA-PSS under its parameters
 * and ECDSA of strict DER. Stock (Bouncy Castle) re-encodes the signed part, takes either
 * identifier, a DigestInfo without NULL and a signature a byte short; the engine answers as OpenSSL
 * there (DIFFERENCES.md, verify-strict-structures). What it does not read is stock's: {@link SignatureVerdict#STOCK}.
 */
final class SignatureCheck {
    /** Bouncy Castle's ECDSA in Java, named: the check of an EC key where no EC engine is active or has the curve. */
    private static final Provider BOUNCY_CASTLE = new BouncyCastleProvider();
    /** A response's identifier, signed part and signature, encoded once a response (its objects never change). */
    private static final WeakIdentityCache<BasicOCSPResponse, byte[][]> OCSP_PARTS = new WeakIdentityCache<>();

    /** A public key the engine checks signatures with. */
    interface Key {
        /** The verdict on a signature over the bytes under the algorithm; STOCK for the other kind's algorithm. */
        SignatureVerdict check(SignatureAlgorithm algorithm, byte[] signed, byte[] signature);
    }

    private SignatureCheck() {
    }

    /**
     * An RSA key: a signature of exactly k bytes (OpenSSL: "wrong signature length", false);
     * PKCS#1 v1.5 opening to exactly the DigestInfo; PSS with the parameters' digests and exactly
     * their salt length.
     */
    static Key rsa(PublicKeyOperations key) {
        return (algorithm, signed, signature) -> {
            if (algorithm.kind == SignatureAlgorithm.Kind.ECDSA) return SignatureVerdict.STOCK;
            if (algorithm == SignatureAlgorithm.PSS_WITHOUT_PARAMETERS) return SignatureVerdict.PSS_WITHOUT_PARAMETERS;
            if (signature.length != key.modulusBytes()) return SignatureVerdict.INVALID;
            if (algorithm.kind == SignatureAlgorithm.Kind.PKCS1) return SignatureVerdict.of(key.verifyPkcs1(algorithm.digest, signature, signed, 0, signed.length));
            return SignatureVerdict.of(key.verifyPss(algorithm.digest, algorithm.mgf1, algorithm.saltLength, false, signature, signed, 0, signed.length));
        };
    }

    /**
     * An RSA key beyond OpenSSL's limits on public keys (rsa/PublicKeyLimits): OpenSSL refuses it
     * before any arithmetic, and the signature is not verified.
     */
    static Key rsaRefused() {
        return (algorithm, signed, signature) -> algorithm.kind == SignatureAlgorithm.Kind.ECDSA ? SignatureVerdict.STOCK : SignatureVerdict.INVALID;
    }

    /** An EC key of the engine's: ECDSA of a strict DER signature, r and s in range. */
    static Key ec(EcKeyStates.Prepared<PreparedEcPublicKey> key) {
        return ecdsa(key.curve.order(), (hash, signature) -> key.key.verifyHash(hash, signature));
    }

    /**
     * An EC key no EC engine takes (none active, a curve it lacks): ECDSA by Bouncy Castle in Java,
     * stock's own arithmetic, the signature read strictly first.
     */
    static Key ecInJava(ECPublicKey key) {
        return ecdsa(key.getParams().getOrder(), (hash, signature) -> {
            try {
                Signature verifier = Signature.getInstance("NONEwithECDSA", BOUNCY_CASTLE);
                verifier.initVerify(key);
                verifier.update(hash);
                return verifier.verify(signature);
            } catch (GeneralSecurityException refused) {
                throw new IllegalStateException("Bouncy Castle refused the EC key", refused);
            }
        });
    }

    /** How a prepared EC key verifies a hash's strict DER signature with r and s in range. */
    private interface HashCheck {
        boolean verifies(byte[] hash, byte[] signature);
    }

    private static Key ecdsa(BigInteger order, HashCheck check) {
        return (algorithm, signed, signature) -> {
            if (algorithm.kind != SignatureAlgorithm.Kind.ECDSA) return SignatureVerdict.STOCK;
            BigInteger[] rs = EcSignatures.read(signature);
            if (rs == null) return SignatureVerdict.SIGNATURE_NOT_DER;
            if (!inRange(rs[0], order) || !inRange(rs[1], order)) return SignatureVerdict.INVALID;
            return SignatureVerdict.of(check.verifies(algorithm.digest.hash(signed, 0, signed.length), signature));
        };
    }

    private static boolean inRange(BigInteger value, BigInteger order) {
        return value.signum() > 0 && value.compareTo(order) < 0;
    }

    /** X509_verify: the certificate's algorithm inside (its TBS's signature field) the same bytes as outside, then the signature. */
    static SignatureVerdict certificate(byte[] der, Key key) {
        return x509(der, DerSlots::certificateSignatureField, key);
    }

    /** X509_REQ_verify: a request has one algorithm identifier. */
    static SignatureVerdict request(byte[] der, Key key) {
        return x509(der, null, key);
    }

    /** X509_CRL_verify: OpenSSL 3.0 does not compare a CRL's two identifiers; the outer one names the algorithm. */
    static SignatureVerdict crl(byte[] der, Key key) {
        return x509(der, null, key);
    }

    /**
     * OCSP_BASICRESP_verify: the response data encoded again as DER (OpenSSL keeps no encoding of it),
     * as Bouncy Castle holds it, under the response's one identifier.
     */
    static SignatureVerdict ocsp(BasicOCSPResponse response, Key key) {
        byte[][] parts = OCSP_PARTS.get(response);
        if (parts == null) {
            try {
                ASN1BitString bits = response.getSignature();
                parts = new byte[][] {response.getSignatureAlgorithm().getEncoded(ASN1Encoding.DER),
                    response.getTbsResponseData().getEncoded(ASN1Encoding.DER), concat((byte) bits.getPadBits(), bits.getBytes())};
            } catch (IOException unread) {
                return SignatureVerdict.STOCK;
            }
            OCSP_PARTS.put(response, parts);
        }
        return signature(parts[0], parts[1], parts[2], key);
    }

    /** A certificate's, CSR's or CRL's DER as it was read; {@code inside} reads the algorithm its TBS repeats (null: none compared). */
    private static SignatureVerdict x509(byte[] der, UnaryOperator<byte[]> inside, Key key) {
        DerSlots.Signed parts;
        try {
            parts = DerSlots.signed(der);
            if (inside != null && !Arrays.equals(parts.algorithm, inside.apply(parts.signedPart))) return SignatureVerdict.INVALID;
        } catch (IllegalArgumentException unwalked) {
            return SignatureVerdict.STOCK;
        }
        return signature(parts.algorithm, parts.signedPart, parts.bitString, key);
    }

    /** ASN1_item_verify: a BIT STRING of whole bytes, an algorithm the engine reads, then the key's check. */
    private static SignatureVerdict signature(byte[] identifier, byte[] signed, byte[] bitString, Key key) {
        if (bitString[0] != 0) return SignatureVerdict.BITS_LEFT;
        SignatureAlgorithm algorithm = SignatureAlgorithm.of(identifier);
        return algorithm == null ? SignatureVerdict.STOCK : key.check(algorithm, signed, Arrays.copyOfRange(bitString, 1, bitString.length));
    }

    private static byte[] concat(byte first, byte[] rest) {
        byte[] all = new byte[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
