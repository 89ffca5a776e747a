package fastrsaengine.structures;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1Set;
import org.bouncycastle.asn1.ASN1TaggedObject;
import org.bouncycastle.asn1.DERBitString;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DLSequence;
import org.bouncycastle.asn1.DLSet;
import org.bouncycastle.asn1.DLTaggedObject;
import org.bouncycastle.asn1.ASN1BitString;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;

/**
 * Where the RSA blocks sit in the DER that stock encoded: the signature of a certificate, CSR,
 * CRL, OCSP response or OCSP request, the encrypted keys of PKCS#7 enveloped data. Read with
 * Bouncy Castle's ASN.1 (jruby-openssl's own, on every JRuby), and written back with it in DL
 * form (definite lengths, elements in the order read). DER that Bouncy Castle would not write back
 * byte for byte, or of another shape, is refused with IllegalArgumentException, which leaves the
 * call to stock: so every byte around a block stays stock's.
 */
final class DerSlots {
    private DerSlots() {
    }

    /** A block in a structure: its bytes, and the structure's DER with another block in its place. */
    interface Slot {
        byte[] read();

        /** The DER with the block in the slot, of any length; every other element as stock encoded it. */
        byte[] splice(byte[] block);
    }

    /**
     * X.509's SIGNED{...}: SEQUENCE { tbs, algorithm, BIT STRING signature }, as a certificate, CSR
     * or CRL; an OCSP BasicOCSPResponse has its certificates after them ([0]).
     */
    static Slot x509Signature(byte[] der) {
        ASN1Encodable[] parts = sequence(der).toArray();
        boolean certificatesAfter = parts.length == 4 && isExplicit0(parts[3]);
        if (parts.length != 3 && !certificatesAfter) throw new IllegalArgumentException("not a signed X.509 structure");
        return signatureAt(parts, 2, DLSequence::new);
    }

    /**
     * OCSPRequest: SEQUENCE { tbsRequest, [0] EXPLICIT Signature }, where Signature is SEQUENCE {
     * algorithm, BIT STRING signature, [0] certificates OPTIONAL } (RFC 6960).
     */
    static Slot ocspRequestSignature(byte[] der) {
        ASN1Encodable[] parts = sequence(der).toArray();
        if (parts.length != 2 || !isExplicit0(parts[1])) throw new IllegalArgumentException("not a signed OCSP request");
        ASN1Encodable[] signature = as(ASN1Sequence.class, ((ASN1TaggedObject) parts[1]).getExplicitBaseObject()).toArray();
        if (signature.length < 2) throw new IllegalArgumentException("no signature");
        return signatureAt(signature, 1, inner -> new DLSequence(new ASN1Encodable[] {parts[0], new DLTaggedObject(true, 0, new DLSequence(inner))}));
    }

    /** How the elements around a signature, with the new one among them, become the structure again. */
    private interface Enclosing {
        ASN1Encodable around(ASN1Encodable[] elements);
    }

    /** The BIT STRING of whole bytes at index, as a signature is, in the elements given. */
    private static Slot signatureAt(ASN1Encodable[] elements, int index, Enclosing enclosing) {
        ASN1BitString bits = as(ASN1BitString.class, elements[index]);
        if (bits.getPadBits() != 0) throw new IllegalArgumentException("signature with unused bits");
        return new Slot() {
            @Override
            public byte[] read() {
                return bits.getOctets();
            }

            @Override
            public byte[] splice(byte[] block) {
                ASN1Encodable[] signed = elements.clone();
                signed[index] = new DERBitString(block);
                return encoded(enclosing.around(signed));
            }
        };
    }

    /**
     * PKCS#7 enveloped data: ContentInfo { envelopedData, [0] EXPLICIT EnvelopedData { version,
     * SET recipientInfos, ... } }, its RSA recipients (rsaEncryption) being SEQUENCE { version,
     * issuerAndSerial, algorithm, OCTET STRING encryptedKey }.
     */
    static final class EncryptedKeys {
        private final ASN1Encodable[] info, envelopedData, recipients;
        private final List<Integer> rsaRecipients = new ArrayList<>();

        private EncryptedKeys(byte[] der) {
            info = sequence(der).toArray();
            if (info.length != 2 || !PKCSObjectIdentifiers.envelopedData.equals(info[0]) || !isExplicit0(info[1])) {
                throw new IllegalArgumentException("another PKCS#7 type");
            }
            envelopedData = as(ASN1Sequence.class, ((ASN1TaggedObject) info[1]).getExplicitBaseObject()).toArray();
            if (envelopedData.length < 2) throw new IllegalArgumentException("no recipients");
            recipients = as(ASN1Set.class, envelopedData[1]).toArray();
            for (int i = 0; i < recipients.length; i++) {
                ASN1Encodable[] parts = as(ASN1Sequence.class, recipients[i]).toArray();
                if (parts.length != 4 || !isRsaEncryption(parts[2])) continue;
                as(ASN1OctetString.class, parts[3]);
                rsaRecipients.add(i);
            }
        }

        /** The encrypted keys of the RSA recipients, in order. */
        List<byte[]> blocks() {
            List<byte[]> blocks = new ArrayList<>();
            for (int recipient : rsaRecipients) blocks.add(((ASN1OctetString) parts(recipient)[3]).getOctets());
            return blocks;
        }

        /** Puts a block of the same length in place of the RSA recipient's encrypted key at index. */
        void write(int index, byte[] block) {
            int recipient = rsaRecipients.get(index);
            ASN1Encodable[] parts = parts(recipient);
            if (((ASN1OctetString) parts[3]).getOctets().length != block.length) throw new IllegalArgumentException("block of another length");
            parts[3] = new DEROctetString(block);
            recipients[recipient] = new DLSequence(parts);
        }

        /** The enveloped data's DER, with the blocks written. */
        byte[] encoded() {
            ASN1Encodable[] enveloped = envelopedData.clone();
            enveloped[1] = new DLSet(recipients);
            return DerSlots.encoded(new DLSequence(new ASN1Encodable[] {info[0], new DLTaggedObject(true, 0, new DLSequence(enveloped))}));
        }

        private ASN1Encodable[] parts(int recipient) {
            return ((ASN1Sequence) recipients[recipient]).toArray();
        }
    }

    /** The RSA recipients' encrypted keys of PKCS#7 enveloped data. */
    static EncryptedKeys pkcs7EncryptedKeys(byte[] der) {
        return new EncryptedKeys(der);
    }

    private static boolean isRsaEncryption(ASN1Encodable algorithm) {
        ASN1Sequence parts = as(ASN1Sequence.class, algorithm);
        return parts.size() > 0 && PKCSObjectIdentifiers.rsaEncryption.equals(parts.getObjectAt(0));
    }

    private static boolean isExplicit0(ASN1Encodable element) {
        return element instanceof ASN1TaggedObject && ((ASN1TaggedObject) element).hasContextTag(0) && ((ASN1TaggedObject) element).isExplicit();
    }

    /**
     * The outer SEQUENCE of DER, refused unless Bouncy Castle writes it back as it is: then a
     * structure written again around a new block differs from stock's only in that block.
     */
    private static ASN1Sequence sequence(byte[] der) {
        ASN1Primitive read;
        try {
            read = ASN1Primitive.fromByteArray(der);
        } catch (IOException | RuntimeException notDer) {
            throw new IllegalArgumentException("not DER", notDer);
        }
        ASN1Sequence sequence = as(ASN1Sequence.class, read);
        if (!Arrays.equals(der, encoded(sequence))) throw new IllegalArgumentException("not DER as Bouncy Castle writes it");
        return sequence;
    }

    private static <T> T as(Class<T> type, ASN1Encodable element) {
        if (!type.isInstance(element)) throw new IllegalArgumentException("unexpected element");
        return type.cast(element);
    }

    private static byte[] encoded(ASN1Encodable structure) {
        try {
            return structure.toASN1Primitive().getEncoded(ASN1Encoding.DL);
        } catch (IOException notEncodable) {
            throw new IllegalArgumentException(notEncodable);
        }
    }
}
