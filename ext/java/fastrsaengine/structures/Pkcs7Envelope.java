package fastrsaengine.structures;

import java.io.IOException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import javax.security.auth.x500.X500Principal;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1Set;
import org.bouncycastle.asn1.ASN1TaggedObject;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DLSequence;
import org.bouncycastle.asn1.DLSet;
import org.bouncycastle.asn1.DLTaggedObject;
import org.bouncycastle.asn1.pkcs.ContentInfo;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;

/**
 * A PKCS#7 enveloped data (RFC 2315 10.1) as PKCS7#decrypt opens it: its recipients (each an
 * issuer and serial number, and the content key encrypted to it), its content cipher, and the copy
 * in which every recipient holds one block of the gem's choosing, which stock then opens with the
 * decrypting stand-in ({@link StandInKey}) and deciphers the content with. Only the recipients
 * change in the copy: stock reads the content, its cipher and its parameters as they were. The
 * content of the ciphers apps encrypt with (AES-CBC, DES-EDE3-CBC) the gem deciphers itself where
 * it deciphers, as stock's would (the same CBC and the same padding check, the JDK's cipher).
 */
final class Pkcs7Envelope {
    // EnvelopedData ::= SEQUENCE { version, recipientInfos SET OF RecipientInfo, encryptedContentInfo }
    private static final int RECIPIENTS = 1, ENCRYPTED_CONTENT = 2;
    // RecipientInfo ::= SEQUENCE { version, issuerAndSerialNumber, keyEncryptionAlgorithm, encryptedKey }
    private static final int ISSUER_AND_SERIAL = 1, ENCRYPTED_KEY = 3, RECIPIENT_PARTS = 4;
    // EncryptedContentInfo ::= SEQUENCE { contentType, contentEncryptionAlgorithm, [0] encryptedContent OPTIONAL }
    private static final int CONTENT_ALGORITHM = 1, ENCRYPTED_CONTENT_BODY = 2;

    private final ASN1Sequence envelopedData;
    private final List<ASN1Sequence> recipients = new ArrayList<>();

    private Pkcs7Envelope(ASN1Sequence envelopedData) {
        this.envelopedData = envelopedData;
        for (ASN1Encodable recipient : ASN1Set.getInstance(envelopedData.getObjectAt(RECIPIENTS))) {
            ASN1Sequence parts = ASN1Sequence.getInstance(recipient);
            if (parts.size() != RECIPIENT_PARTS) throw new IllegalArgumentException("a recipient of another form");
            ASN1OctetString.getInstance(parts.getObjectAt(ENCRYPTED_KEY));
            recipients.add(parts);
        }
    }

    /** The enveloped data der holds; null for another PKCS#7 type or DER stock would not have made. */
    static Pkcs7Envelope read(byte[] der) {
        try {
            ContentInfo info = ContentInfo.getInstance(der);
            if (!PKCSObjectIdentifiers.envelopedData.equals(info.getContentType())) return null;
            return new Pkcs7Envelope(ASN1Sequence.getInstance(info.getContent()));
        } catch (IllegalArgumentException | IllegalStateException | ClassCastException | ArrayIndexOutOfBoundsException notAnEnvelope) {
            return null;
        }
    }

    /** The content encryption algorithm's OID. */
    ASN1ObjectIdentifier contentCipher() {
        return contentAlgorithm().getAlgorithm();
    }

    /**
     * The content deciphered with contentKey, the bytes stock's decrypt reads out where it deciphers
     * them; null where stock is to decipher (and so to answer, its error included): a cipher not in
     * {@link ContentCiphers#jdkCipher}, parameters other than an IV the cipher takes, no content or none, or content
     * that does not decipher (a length not of whole blocks, bad padding: a wrong key's, as a random
     * key is for a forged recipient, so both take the same way to stock's error).
     */
    byte[] decipheredContent(byte[] contentKey) {
        ASN1Sequence info = encryptedContentInfo();
        AlgorithmIdentifier algorithm = AlgorithmIdentifier.getInstance(info.getObjectAt(CONTENT_ALGORITHM));
        ContentCiphers.JdkCipher cipher = ContentCiphers.jdkCipher(algorithm.getAlgorithm());
        byte[] content = encryptedContent(info);
        if (cipher == null || content == null || content.length == 0 || !(algorithm.getParameters() instanceof ASN1OctetString)) return null;
        byte[] iv = ((ASN1OctetString) algorithm.getParameters()).getOctets();
        try {
            Cipher decipher = cipher.cipher();
            decipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(contentKey, cipher.keyAlgorithm), new IvParameterSpec(iv));
            return decipher.doFinal(content);
        } catch (GeneralSecurityException stockDeciphersIt) {
            return null;
        }
    }

    private AlgorithmIdentifier contentAlgorithm() {
        return AlgorithmIdentifier.getInstance(encryptedContentInfo().getObjectAt(CONTENT_ALGORITHM));
    }

    /** The encrypted content ([0] IMPLICIT OCTET STRING); null where the envelope holds none. */
    private static byte[] encryptedContent(ASN1Sequence info) {
        if (info.size() <= ENCRYPTED_CONTENT_BODY || !(info.getObjectAt(ENCRYPTED_CONTENT_BODY) instanceof ASN1TaggedObject)) return null;
        ASN1TaggedObject body = (ASN1TaggedObject) info.getObjectAt(ENCRYPTED_CONTENT_BODY);
        return body.getTagNo() == 0 ? ASN1OctetString.getInstance(body, false).getOctets() : null;
    }

    private ASN1Sequence encryptedContentInfo() {
        return ASN1Sequence.getInstance(envelopedData.getObjectAt(ENCRYPTED_CONTENT));
    }

    /** Every recipient's encrypted key, in order: what OpenSSL tries, with no certificate given. */
    List<byte[]> encryptedKeys() {
        List<byte[]> keys = new ArrayList<>();
        for (ASN1Sequence recipient : recipients) keys.add(encryptedKey(recipient));
        return keys;
    }

    /**
     * The encrypted key of the first recipient of this JCA certificate, as stock's decrypt finds it
     * (RecipInfo#compare: the certificate's serial number, and its issuer against the recipient's
     * as X500Principals compare); null where none is.
     */
    byte[] encryptedKeyOf(X509Certificate certificate) {
        BigInteger serial = certificate.getSerialNumber();
        X500Principal issuer = certificate.getIssuerX500Principal();
        for (ASN1Sequence recipient : recipients) {
            ASN1Sequence issuerAndSerial = ASN1Sequence.getInstance(recipient.getObjectAt(ISSUER_AND_SERIAL));
            if (ASN1Integer.getInstance(issuerAndSerial.getObjectAt(1)).getValue().equals(serial)
                && sameIssuer(issuer, issuerAndSerial.getObjectAt(0))) {
                return encryptedKey(recipient);
            }
        }
        return null;
    }

    /**
     * Whether a recipient's issuer is the certificate's as X500Principals compare: the same DER is
     * the same name without building a principal and both canonical forms (the usual case, the
     * envelope made for that certificate); other DER may still name it (another string type, case).
     */
    private static boolean sameIssuer(X500Principal issuer, ASN1Encodable recipientIssuer) {
        byte[] der = encodedName(recipientIssuer);
        return der != null && (Arrays.equals(issuer.getEncoded(), der) || issuer.equals(principal(der)));
    }

    /** The envelope's DER with every recipient's encrypted key replaced by block, in the recipients' order. */
    byte[] withEveryEncryptedKey(byte[] block) {
        ASN1EncodableVector replaced = new ASN1EncodableVector();
        for (ASN1Sequence recipient : recipients) replaced.add(withEncryptedKey(recipient, block));
        ASN1EncodableVector data = new ASN1EncodableVector();
        for (int i = 0; i < envelopedData.size(); i++) data.add(i == RECIPIENTS ? new DLSet(replaced) : envelopedData.getObjectAt(i));
        try {
            return new DLSequence(new ASN1Encodable[] {PKCSObjectIdentifiers.envelopedData, new DLTaggedObject(true, 0, new DLSequence(data))}).getEncoded();
        } catch (IOException cannotHappenInMemory) {
            throw new IllegalStateException(cannotHappenInMemory);
        }
    }

    /** A recipient's issuer name in DER; null where it does not encode (stock: no match). */
    private static byte[] encodedName(ASN1Encodable issuer) {
        try {
            return issuer.toASN1Primitive().getEncoded(ASN1Encoding.DER);
        } catch (IOException notEncodable) {
            return null;
        }
    }

    /** A recipient's issuer as stock reads it for the comparison; null for one it cannot (stock: no match). */
    private static X500Principal principal(byte[] issuer) {
        try {
            return new X500Principal(issuer);
        } catch (IllegalArgumentException notAName) {
            return null;
        }
    }

    private static byte[] encryptedKey(ASN1Sequence recipient) {
        return ASN1OctetString.getInstance(recipient.getObjectAt(ENCRYPTED_KEY)).getOctets();
    }

    private static ASN1Sequence withEncryptedKey(ASN1Sequence recipient, byte[] block) {
        ASN1Encodable[] parts = recipient.toArray();
        parts[ENCRYPTED_KEY] = new DEROctetString(block);
        return new DLSequence(parts);
    }
}
