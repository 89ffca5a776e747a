package fastrsaengine.engines.ec;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * ECDSA signatures as OpenSSL, AWS-LC and stock's {@code sign} write them: DER of SEQUENCE { r, s }.
 * Only the strict form is read (the fewest length octets, minimal non-negative integers, nothing after
 * the sequence): OpenSSL verifies no other, since it writes back what it read and refuses a signature
 * that does not come back byte for byte, so that a signature has one meaning to every library and
 * cannot be rewritten into another that verifies (malleability). MRI raises for the bytes {@link #read}
 * refuses, and answers true or false for the ones it reads; the engine verifies only those with r and
 * s in [1, n - 1] ({@link #decode}). Read by hand, as Bouncy Castle's StandardDSAEncoding reads it (the
 * specs compare the two, and {@link #read} with OpenSSL): it runs on every signature made and checked,
 * where a generic ASN.1 parse and re-encoding would build a tree each time.
 */
public final class EcSignatures {
    private static final int SEQUENCE = 0x30;
    private static final int INTEGER = 0x02;

    private EcSignatures() {
    }

    /** {r, s}, or null when the bytes are not a strict DER signature with r and s in [1, n - 1]. */
    public static BigInteger[] decode(EcCurve curve, byte[] der) {
        BigInteger[] rs = read(der);
        return rs != null && inRange(rs[0], curve) && inRange(rs[1], curve) ? rs : null;
    }

    /**
     * {r, s} of any size, or null when the bytes are not strict DER of SEQUENCE { INTEGER, INTEGER }:
     * the signatures OpenSSL reads (an r or s of zero or too large is read: OpenSSL answers false for it).
     */
    public static BigInteger[] read(byte[] der) {
        if (der == null) return null;
        Reader reader = new Reader(der);
        if (reader.content(SEQUENCE) != der.length) return null;
        BigInteger r = reader.integer(), s = r == null ? null : reader.integer();
        return s != null && reader.at == der.length ? new BigInteger[] {r, s} : null;
    }

    private static boolean inRange(BigInteger value, EcCurve curve) {
        return value.signum() > 0 && value.compareTo(curve.order()) < 0;
    }

    /** DER's tag, length and content, read from a position on. */
    private static final class Reader {
        private final byte[] der;
        int at;

        Reader(byte[] der) {
            this.der = der;
        }

        /**
         * Where the content of the element at the position ends, the position moved to its start; -1
         * unless the element has this tag and a definite length in the fewest octets that the bytes hold.
         */
        int content(int tag) {
            if (at >= der.length || (der[at] & 0xff) != tag) return -1;
            at++;
            long length = length();
            return length < 0 || length > der.length - at ? -1 : at + (int) length;
        }

        /**
         * A definite length, or -1: one octet below 128, else 0x80 + the count of octets that follow,
         * the first of them not zero and the value 128 or more (the indefinite 0x80 is BER's only).
         */
        private long length() {
            if (at >= der.length) return -1;
            int first = der[at++] & 0xff;
            if (first < 0x80) return first;
            int octets = first - 0x80;
            if (octets == 0 || octets > 4 || octets > der.length - at || der[at] == 0) return -1;
            long length = 0;
            for (int i = 0; i < octets; i++) length = (length << 8) | (der[at++] & 0xff);
            return length < 0x80 ? -1 : length;
        }

        /**
         * The INTEGER at the position, or null unless its content is the minimal two's complement of a
         * value not negative: no sign bit, no leading zero byte but before a byte with its high bit set.
         */
        BigInteger integer() {
            int end = content(INTEGER);
            if (end <= at || der[at] < 0 || (der[at] == 0 && end - at > 1 && der[at + 1] >= 0)) return null;
            BigInteger value = new BigInteger(1, Arrays.copyOfRange(der, at, end));
            at = end;
            return value;
        }
    }
}
