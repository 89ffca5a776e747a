package fastrsaengine.engines;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * ECDSA signatures as OpenSSL, AWS-LC and stock's {@code sign} write them: DER of SEQUENCE { r, s }.
 * Only the strict form is read (the minimal lengths and integers, nothing after the sequence), so a
 * signature read here has one meaning to every library: the engine verifies only those, with r and s in
 * [1, n - 1], and leaves every other input to stock, whose verdict or error on it stays as it was. Read
 * by hand, as Bouncy Castle's StandardDSAEncoding reads it (the spec compares the two): it runs on every
 * signature made and checked, where a generic ASN.1 parse and re-encoding would build a tree each time.
 */
public final class EcSignatures {
    private static final int SEQUENCE = 0x30;
    private static final int INTEGER = 0x02;

    private EcSignatures() {
    }

    /** {r, s}, or null when the bytes are not a strict DER signature with r and s in [1, n - 1]. */
    public static BigInteger[] decode(EcCurve curve, byte[] der) {
        if (der == null || der.length < 2 || (der[0] & 0xff) != SEQUENCE) return null;
        int length = der[1] & 0xff, at = 2;
        if (length == 0x81) { // long form, one byte: only for a content of 128 bytes or more (P-521)
            if (der.length < 3 || (der[2] & 0xff) < 0x80) return null;
            length = der[2] & 0xff;
            at = 3;
        } else if (length > 0x7f) {
            return null;
        }
        if (at + length != der.length) return null;
        int sAt = integerEnd(der, at);
        if (sAt < 0 || integerEnd(der, sAt) != der.length) return null;
        BigInteger r = integer(der, at), s = integer(der, sAt);
        return inRange(r, curve) && inRange(s, curve) ? new BigInteger[] {r, s} : null;
    }

    /**
     * Where the INTEGER at {@code at} ends, or -1 unless it is minimal DER of a positive value: a short
     * length (every value here fits in 127 bytes), no leading zero byte but before a high bit, no sign bit.
     */
    private static int integerEnd(byte[] der, int at) {
        if (at + 2 > der.length || (der[at] & 0xff) != INTEGER) return -1;
        int length = der[at + 1] & 0xff, content = at + 2;
        if (length == 0 || length > 0x7f || content + length > der.length) return -1;
        if ((der[content] & 0x80) != 0) return -1;
        if (der[content] == 0 && (length == 1 || (der[content + 1] & 0x80) == 0)) return length == 1 ? content + 1 : -1;
        return content + length;
    }

    private static BigInteger integer(byte[] der, int at) {
        return new BigInteger(1, Arrays.copyOfRange(der, at + 2, at + 2 + (der[at + 1] & 0xff)));
    }

    private static boolean inRange(BigInteger value, EcCurve curve) {
        return value.signum() > 0 && value.compareTo(curve.order()) < 0;
    }
}
