package fastrsaengine.structures;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;

/**
 * Where the RSA blocks sit in the DER that stock encoded: the signature of a certificate, CSR,
 * CRL, OCSP response or OCSP request (with what it signs, for an ECDSA signature made anew).
 * Just enough of DER to walk to them (definite lengths; anything else is refused with
 * IllegalArgumentException, which leaves the call to stock). A slot is rewritten in place with a
 * block, every enclosing length encoded again and the rest of stock's bytes kept.
 * Walked by hand rather than read with Bouncy Castle's ASN.1: BC's parse and re-encoding (1.79 to
 * 1.85, byte-identical) took 18 us a certificate against the walk's 0.8 us, 1.5% of a cert_sign,
 * and keeps stock's other bytes only where BC writes them back alike.
 */
public final class DerSlots {
    private static final int SEQUENCE = 0x30, INTEGER = 0x02, BIT_STRING = 0x03, OID = 0x06, EXPLICIT_0 = 0xA0;

    /**
     * A block's place: offset and length of its bytes in the DER, and the offsets of the elements
     * that enclose it, outermost first (the lengths a block of another length changes).
     */
    static class Slot {
        final int offset, length;
        final int[] enclosing;

        Slot(int offset, int length, int... enclosing) {
            this.offset = offset;
            this.length = length;
            this.enclosing = enclosing;
        }

        byte[] read(byte[] der) {
            return Arrays.copyOfRange(der, offset, offset + length);
        }

        /**
         * The DER with the block in the slot, of any length: each enclosing element, innermost
         * first, is encoded again around its new content; every other byte is stock's.
         */
        byte[] splice(byte[] der, byte[] block) {
            byte[] inner = block;
            int start = offset, end = offset + length;
            for (int i = enclosing.length - 1; i >= 0; i--) {
                int at = enclosing[i], contentEnd = contentStart(der, at) + contentLength(der, at);
                byte[] content = concat(Arrays.copyOfRange(der, contentStart(der, at), start), inner, Arrays.copyOfRange(der, end, contentEnd));
                inner = concat(header(der[at], content.length), content);
                start = at;
                end = contentEnd;
            }
            return concat(Arrays.copyOfRange(der, 0, start), inner, Arrays.copyOfRange(der, end, der.length));
        }
    }

    /**
     * A signature's slot, with what it signs: the to-be-signed element (its whole encoding, as
     * X.509 signs it) and the signature algorithm's object identifier, both as stock encoded them.
     */
    static final class SignatureSlot extends Slot {
        private final int signed, algorithm;

        SignatureSlot(Slot bits, int signed, int algorithm) {
            super(bits.offset, bits.length, bits.enclosing);
            this.signed = signed;
            this.algorithm = algorithm;
        }

        byte[] signedPart(byte[] der) {
            return element(der, signed);
        }

        /** The algorithm's OID, dotted. */
        String algorithm(byte[] der) {
            int oid = expect(der, children(der, expect(der, algorithm, SEQUENCE)).get(0), OID);
            return ASN1ObjectIdentifier.getInstance(Arrays.copyOfRange(der, oid, contentStart(der, oid) + contentLength(der, oid))).getId();
        }

        /**
         * The DER with another signature algorithm (an AlgorithmIdentifier's DER) where this slot's
         * layout names it beside the signature; the signed part comes before it, unchanged. Then
         * {@link #inSignedPart} for where X.509 repeats it.
         */
        byte[] withAlgorithm(byte[] der, byte[] newAlgorithm) {
            int[] around = Arrays.copyOf(super.enclosing, super.enclosing.length - 1); // the signature's, less its BIT STRING
            return new Slot(algorithm, end(der, algorithm) - algorithm, around).splice(der, newAlgorithm);
        }

        /**
         * The DER with another signature algorithm in place of this slot's where the signed part
         * repeats it (a certificate's and a CRL's signature field; a CSR's and OCSP's have none): its
         * first element of the same bytes; the DER as it was where there is none.
         */
        byte[] inSignedPart(byte[] der, byte[] newAlgorithm) {
            byte[] old = element(der, algorithm);
            for (int field : children(der, signed)) {
                if (Arrays.equals(old, element(der, field))) return new Slot(field, old.length, 0, signed).splice(der, newAlgorithm);
            }
            return der;
        }
    }

    /** Where a structure's signature sits: x509Signature or ocspRequestSignature; IllegalArgumentException where the DER is not as stock makes it. */
    interface Layout {
        SignatureSlot find(byte[] der);
    }

    private DerSlots() {
    }

    /**
     * X.509's SIGNED{...}: SEQUENCE { tbs, algorithm, BIT STRING signature }, as a certificate, CSR
     * or CRL; an OCSP BasicOCSPResponse has its certificates after them ([0]).
     */
    static SignatureSlot x509Signature(byte[] der) {
        List<Integer> parts = children(der, expect(der, 0, SEQUENCE));
        boolean certificatesAfter = parts.size() == 4 && tag(der, parts.get(3)) == EXPLICIT_0;
        if (parts.size() != 3 && !certificatesAfter) throw new IllegalArgumentException("not a signed X.509 structure");
        return new SignatureSlot(signatureBits(der, parts.get(2), 0), expect(der, parts.get(0), SEQUENCE), parts.get(1));
    }

    /**
     * X.509's SIGNED{...} as its bytes stand, for a check of the signature as OpenSSL makes it: the
     * to-be-signed element and the signature algorithm, each whole (tag, length and content, in
     * whatever length form they were written), and the signature BIT STRING's content (its
     * unused-bits octet first).
     */
    public static final class Signed {
        public final byte[] signedPart, algorithm, bitString;

        private Signed(byte[] signedPart, byte[] algorithm, byte[] bitString) {
            this.signedPart = signedPart;
            this.algorithm = algorithm;
            this.bitString = bitString;
        }
    }

    /** A certificate's, CSR's or CRL's parts as they stand; IllegalArgumentException where it is no SIGNED{...}. */
    public static Signed signed(byte[] der) {
        List<Integer> parts = children(der, expect(der, 0, SEQUENCE));
        if (parts.size() != 3) throw new IllegalArgumentException("not a signed X.509 structure");
        int bits = expect(der, parts.get(2), BIT_STRING);
        if (contentLength(der, bits) < 1) throw new IllegalArgumentException("empty BIT STRING");
        return new Signed(element(der, expect(der, parts.get(0), SEQUENCE)), element(der, expect(der, parts.get(1), SEQUENCE)),
            Arrays.copyOfRange(der, contentStart(der, bits), end(der, bits)));
    }

    /**
     * A certificate's, CSR's, CRL's or OCSP response's DER with the unused bits of its signature BIT
     * STRING set to zero, as OpenSSL reads a BIT STRING (c2i_ASN1_BIT_STRING masks them); null where
     * there are none set (or it is no such structure). Bouncy Castle reads one whose unused bits are
     * not zero as another class, which stock's CSR and OCSP readers cannot take.
     */
    public static byte[] withUnusedBitsCleared(byte[] der) {
        try {
            SignatureSlot slot = x509SignatureWithUnusedBits(der);
            int unused = der[slot.offset - 1] & 0xFF, last = slot.offset + slot.length - 1;
            if (unused == 0 || unused > 7 || slot.length == 0 || (der[last] & ~(0xFF << unused) & 0xFF) == 0) return null;
            byte[] cleared = der.clone();
            cleared[last] &= (byte) (0xFF << unused);
            return cleared;
        } catch (IllegalArgumentException notSigned) {
            return null;
        }
    }

    /** x509Signature's slot of the signature's bytes, whatever its unused-bits octet. */
    private static SignatureSlot x509SignatureWithUnusedBits(byte[] der) {
        List<Integer> parts = children(der, expect(der, 0, SEQUENCE));
        if (parts.size() < 3) throw new IllegalArgumentException("not a signed X.509 structure");
        int bits = expect(der, parts.get(2), BIT_STRING);
        if (contentLength(der, bits) < 1) throw new IllegalArgumentException("empty BIT STRING");
        return new SignatureSlot(new Slot(contentStart(der, bits) + 1, contentLength(der, bits) - 1, 0, bits), parts.get(0), parts.get(1));
    }

    /** The first element of the bytes, whole (what a reader of one structure reads of them); IllegalArgumentException where there is none. */
    public static byte[] firstElement(byte[] der) {
        return element(der, 0);
    }

    /**
     * A certificate's to-be-signed part's signature field, whole (an AlgorithmIdentifier): the
     * field after the serial number, which an optional version ([0]) comes before.
     */
    public static byte[] certificateSignatureField(byte[] tbs) {
        return fieldAfter(tbs, EXPLICIT_0, 1);
    }

    /** A CRL's to-be-signed part's signature field, whole: the first, or the second after a version (an INTEGER). */
    public static byte[] crlSignatureField(byte[] tbs) {
        return fieldAfter(tbs, INTEGER, 0);
    }

    /** The field at {@code at} of a SEQUENCE, one further where the first field has the tag of an optional version. */
    private static byte[] fieldAfter(byte[] tbs, int versionTag, int at) {
        List<Integer> fields = children(tbs, expect(tbs, 0, SEQUENCE));
        if (!fields.isEmpty() && tag(tbs, fields.get(0)) == versionTag) at++;
        if (fields.size() <= at) throw new IllegalArgumentException("no signature field");
        return element(tbs, fields.get(at));
    }

    /**
     * A BasicOCSPResponse with another responderID (an element's DER) in place of its own: the first
     * field of tbsResponseData after its optional version ([0]), RFC 6960's ResponderID.
     */
    static byte[] withResponderId(byte[] der, byte[] responderId) {
        int tbs = x509Signature(der).signed;
        List<Integer> fields = children(der, tbs);
        int versions = !fields.isEmpty() && tag(der, fields.get(0)) == EXPLICIT_0 ? 1 : 0;
        if (fields.size() < versions + 3) throw new IllegalArgumentException("not a tbsResponseData");
        int at = fields.get(versions);
        return new Slot(at, end(der, at) - at, 0, tbs).splice(der, responderId);
    }

    /** An element's whole encoding: tag, length and content. */
    private static byte[] element(byte[] der, int at) {
        return Arrays.copyOfRange(der, at, end(der, at));
    }

    private static int end(byte[] der, int at) {
        return contentStart(der, at) + contentLength(der, at);
    }

    /**
     * OCSPRequest: SEQUENCE { tbsRequest, [0] EXPLICIT Signature }, where Signature is SEQUENCE {
     * algorithm, BIT STRING signature, [0] certificates OPTIONAL } (RFC 6960).
     */
    static SignatureSlot ocspRequestSignature(byte[] der) {
        List<Integer> parts = children(der, expect(der, 0, SEQUENCE));
        if (parts.size() != 2) throw new IllegalArgumentException("not a signed OCSP request");
        int explicit = expect(der, parts.get(1), EXPLICIT_0);
        List<Integer> inExplicit = children(der, explicit);
        if (inExplicit.size() != 1) throw new IllegalArgumentException("no signature");
        int signature = expect(der, inExplicit.get(0), SEQUENCE);
        List<Integer> signatureParts = children(der, signature);
        if (signatureParts.size() < 2) throw new IllegalArgumentException("no signature");
        return new SignatureSlot(signatureBits(der, signatureParts.get(1), 0, explicit, signature), expect(der, parts.get(0), SEQUENCE), signatureParts.get(0));
    }

    /** A BIT STRING of whole bytes, as a signature is: its bytes after the unused-bits count. */
    private static Slot signatureBits(byte[] der, int at, int... enclosing) {
        int bits = expect(der, at, BIT_STRING);
        if (contentLength(der, bits) < 1 || der[contentStart(der, bits)] != 0) throw new IllegalArgumentException("signature with unused bits");
        return new Slot(contentStart(der, bits) + 1, contentLength(der, bits) - 1, append(enclosing, bits));
    }

    private static int[] append(int[] offsets, int last) {
        int[] all = Arrays.copyOf(offsets, offsets.length + 1);
        all[offsets.length] = last;
        return all;
    }

    /** A definite-length header: the tag byte, then the length in DER's shortest form. */
    private static byte[] header(byte tag, int length) {
        if (length < 0x80) return new byte[] {tag, (byte) length};
        int count = (32 - Integer.numberOfLeadingZeros(length) + 7) / 8;
        byte[] header = new byte[2 + count];
        header[0] = tag;
        header[1] = (byte) (0x80 | count);
        for (int i = 0; i < count; i++) header[2 + i] = (byte) (length >>> (8 * (count - 1 - i)));
        return header;
    }

    private static byte[] concat(byte[]... parts) {
        int total = 0;
        for (byte[] part : parts) total += part.length;
        byte[] all = new byte[total];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        return all;
    }

    private static int expect(byte[] der, int at, int tag) {
        if (tag(der, at) != tag) throw new IllegalArgumentException("unexpected tag");
        return at;
    }

    private static int tag(byte[] der, int at) {
        if (at >= der.length) throw new IllegalArgumentException("truncated");
        return der[at] & 0xFF;
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
