package fastrsaengine.patch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where the RSA blocks sit in the DER that stock encoded: the signature of a certificate, CSR,
 * CRL, OCSP response or OCSP request, the signer's signature in PKCS#7 signed data, the encrypted
 * keys of PKCS#7 enveloped data.
 * Just enough of DER to walk to them (definite lengths; anything else is refused with
 * IllegalArgumentException, which leaves the call to stock). A slot is rewritten in place with a
 * block of the same length, so every length around it stays and the rest of stock's bytes are kept.
 */
final class DerSlots {
    private static final int SEQUENCE = 0x30, SET = 0x31, BIT_STRING = 0x03, OCTET_STRING = 0x04, OID = 0x06, EXPLICIT_0 = 0xA0;
    /** DER of the OIDs 1.2.840.113549.1.7.2 (signedData), .7.3 (envelopedData), .1.1.1 (rsaEncryption). */
    private static final byte[] SIGNED_DATA = {0x2A, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xF7, 0x0D, 0x01, 0x07, 0x02};
    private static final byte[] ENVELOPED_DATA = {0x2A, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xF7, 0x0D, 0x01, 0x07, 0x03};
    private static final byte[] RSA_ENCRYPTION = {0x2A, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xF7, 0x0D, 0x01, 0x01, 0x01};

    /** A block's place: offset and length of its bytes in the DER. */
    static final class Slot {
        final int offset, length;

        Slot(int offset, int length) {
            this.offset = offset;
            this.length = length;
        }

        byte[] read(byte[] der) {
            return Arrays.copyOfRange(der, offset, offset + length);
        }

        void write(byte[] der, byte[] block) {
            if (block.length != length) throw new IllegalArgumentException("block of another length");
            System.arraycopy(block, 0, der, offset, length);
        }
    }

    private DerSlots() {
    }

    /**
     * X.509's SIGNED{...}: SEQUENCE { tbs, algorithm, BIT STRING signature }, as a certificate, CSR
     * or CRL; an OCSP BasicOCSPResponse has its certificates after them ([0]).
     */
    static Slot x509Signature(byte[] der) {
        List<Integer> parts = children(der, expect(der, 0, SEQUENCE));
        boolean certificatesAfter = parts.size() == 4 && tag(der, parts.get(3)) == EXPLICIT_0;
        if (parts.size() != 3 && !certificatesAfter) throw new IllegalArgumentException("not a signed X.509 structure");
        return signatureBits(der, parts.get(2));
    }

    /**
     * OCSPRequest: SEQUENCE { tbsRequest, [0] EXPLICIT Signature }, where Signature is SEQUENCE {
     * algorithm, BIT STRING signature, [0] certificates OPTIONAL } (RFC 6960).
     */
    static Slot ocspRequestSignature(byte[] der) {
        List<Integer> parts = children(der, expect(der, 0, SEQUENCE));
        if (parts.size() != 2) throw new IllegalArgumentException("not a signed OCSP request");
        List<Integer> explicit = children(der, expect(der, parts.get(1), EXPLICIT_0));
        if (explicit.size() != 1) throw new IllegalArgumentException("no signature");
        List<Integer> signature = children(der, expect(der, explicit.get(0), SEQUENCE));
        if (signature.size() < 2) throw new IllegalArgumentException("no signature");
        return signatureBits(der, signature.get(1));
    }

    /** A BIT STRING of whole bytes, as a signature is: its bytes after the unused-bits count. */
    private static Slot signatureBits(byte[] der, int at) {
        int bits = expect(der, at, BIT_STRING);
        if (contentLength(der, bits) < 1 || der[contentStart(der, bits)] != 0) throw new IllegalArgumentException("signature with unused bits");
        return new Slot(contentStart(der, bits) + 1, contentLength(der, bits) - 1);
    }

    /** PKCS#7 signed data with one signer: its SignerInfo's encryptedDigest. */
    static Slot pkcs7Signature(byte[] der) {
        List<Integer> signedData = children(der, content(der, SIGNED_DATA));
        int signerInfos = signedData.get(signedData.size() - 1);
        List<Integer> signers = children(der, expect(der, signerInfos, SET));
        if (signers.size() != 1) throw new IllegalArgumentException("not one signer");
        for (int part : children(der, expect(der, signers.get(0), SEQUENCE))) {
            if (tag(der, part) == OCTET_STRING) return new Slot(contentStart(der, part), contentLength(der, part));
        }
        throw new IllegalArgumentException("no encrypted digest");
    }

    /** PKCS#7 enveloped data: the encrypted keys of its RSA recipients (rsaEncryption), in order. */
    static List<Slot> pkcs7EncryptedKeys(byte[] der) {
        List<Integer> envelopedData = children(der, content(der, ENVELOPED_DATA));
        List<Slot> slots = new ArrayList<>();
        for (int recipient : children(der, expect(der, envelopedData.get(1), SET))) {
            List<Integer> parts = children(der, expect(der, recipient, SEQUENCE));
            if (parts.size() != 4 || !isRsaEncryption(der, parts.get(2))) continue;
            int key = expect(der, parts.get(3), OCTET_STRING);
            slots.add(new Slot(contentStart(der, key), contentLength(der, key)));
        }
        return slots;
    }

    /** ContentInfo { contentType, [0] EXPLICIT content }: the content's offset, for the type wanted. */
    private static int content(byte[] der, byte[] type) {
        List<Integer> info = children(der, expect(der, 0, SEQUENCE));
        if (info.size() != 2 || !Arrays.equals(type, contentOf(der, expect(der, info.get(0), OID)))) {
            throw new IllegalArgumentException("another PKCS#7 type");
        }
        List<Integer> explicit = children(der, expect(der, info.get(1), EXPLICIT_0));
        if (explicit.size() != 1) throw new IllegalArgumentException("no content");
        return expect(der, explicit.get(0), SEQUENCE);
    }

    private static boolean isRsaEncryption(byte[] der, int algorithm) {
        List<Integer> parts = children(der, expect(der, algorithm, SEQUENCE));
        return !parts.isEmpty() && tag(der, parts.get(0)) == OID && Arrays.equals(RSA_ENCRYPTION, contentOf(der, parts.get(0)));
    }

    private static int expect(byte[] der, int at, int tag) {
        if (tag(der, at) != tag) throw new IllegalArgumentException("unexpected tag");
        return at;
    }

    private static int tag(byte[] der, int at) {
        if (at >= der.length) throw new IllegalArgumentException("truncated");
        return der[at] & 0xFF;
    }

    private static byte[] contentOf(byte[] der, int at) {
        int start = contentStart(der, at);
        return Arrays.copyOfRange(der, start, start + contentLength(der, at));
    }

    /** The offsets of a constructed element's children, which must fill it exactly. */
    private static List<Integer> children(byte[] der, int at) {
        List<Integer> offsets = new ArrayList<>();
        int end = contentStart(der, at) + contentLength(der, at);
        for (int child = contentStart(der, at); child < end; child = contentStart(der, child) + contentLength(der, child)) {
            offsets.add(child);
        }
        return offsets;
    }

    private static int contentStart(byte[] der, int at) {
        int first = lengthByte(der, at);
        return at + 2 + (first < 0x80 ? 0 : first & 0x7F);
    }

    private static int contentLength(byte[] der, int at) {
        int first = lengthByte(der, at);
        if (first < 0x80) return checkedEnd(der, at, first);
        int count = first & 0x7F;
        if (count == 0 || count > 3) throw new IllegalArgumentException("indefinite or huge length");
        int length = 0;
        for (int i = 0; i < count; i++) length = (length << 8) | (der[index(der, at + 2 + i)] & 0xFF);
        return checkedEnd(der, at, length);
    }

    private static int lengthByte(byte[] der, int at) {
        if ((der[index(der, at)] & 0x1F) == 0x1F) throw new IllegalArgumentException("multi-byte tag");
        return der[index(der, at + 1)] & 0xFF;
    }

    private static int checkedEnd(byte[] der, int at, int length) {
        int first = der[at + 1] & 0xFF;
        int start = at + 2 + (first < 0x80 ? 0 : first & 0x7F);
        if (start + length > der.length) throw new IllegalArgumentException("truncated");
        return length;
    }

    private static int index(byte[] der, int i) {
        if (i >= der.length) throw new IllegalArgumentException("truncated");
        return i;
    }
}
