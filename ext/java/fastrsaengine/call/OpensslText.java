package fastrsaengine.call;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * Values as OpenSSL 3.0 reads them from text (crypto/params_from_text.c): hex bytes and unsigned
 * numbers of each parameter type, refused with OpenSSL's reason, or none where OpenSSL gives none.
 */
public final class OpensslText {
    private static final BigInteger UINT_MAX = BigInteger.valueOf(0xFFFFFFFFL);
    private static final BigInteger SIZE_T_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private OpensslText() {
    }

    /** OpenSSL's refusal of a value: its reason, or null where OpenSSL leaves none. */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        public final String reason;

        Refused(String reason) {
            super(reason, null, false, false);
            this.reason = reason;
        }
    }

    /**
     * Hex digits in pairs, ':' allowed between pairs; an odd length is refused before any digit is
     * read. OpenSSL sizes the bytes by the text (half its length) and keeps that size, so each ':'
     * leaves a zero byte at the end.
     */
    public static byte[] hexBytes(String text) throws Refused {
        if (text.length() % 2 != 0) throw new Refused("odd number of digits");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int i = 0;
        while (i < text.length()) {
            char high = text.charAt(i++);
            if (high == ':') continue;
            if (i == text.length()) throw new Refused("odd number of digits");
            char low = text.charAt(i++);
            if (!isHex(high) || !isHex(low)) throw new Refused("illegal hex digit");
            bytes.write(Character.digit(high, 16) << 4 | Character.digit(low, 16));
        }
        return Arrays.copyOf(bytes.toByteArray(), text.length() / 2);
    }

    /** An unsigned 32-bit number ({@link #unsigned}): OpenSSL's unsigned int parameters. */
    public static long unsignedInt(String text, boolean hex) throws Refused {
        return unsigned(text, hex, UINT_MAX).longValue();
    }

    /** An unsigned 64-bit number ({@link #unsigned}): OpenSSL's size_t parameters. */
    public static BigInteger sizeT(String text, boolean hex) throws Refused {
        return unsigned(text, hex, SIZE_T_MAX);
    }

    /** A number of any size ({@link #unsigned}): OpenSSL's BIGNUM parameters. */
    public static BigInteger bignum(String text, boolean hex) throws Refused {
        return unsigned(text, hex, null);
    }

    /**
     * A number as BN_asc2bn reads it (decimal, or hex after "0x"; a leading '-'; digits up to the
     * first other character), or with {@code hex} as BN_hex2bn; refused when negative or, with a
     * {@code max}, above it (OpenSSL's buffer for the parameter).
     */
    private static BigInteger unsigned(String text, boolean hex, BigInteger max) throws Refused {
        BigInteger number = signed(text, hex);
        if (number == null) throw new Refused(null);
        // Behind a '-', any number but zero is negative ("--5" too): OpenSSL keeps the sign it read.
        if (text.startsWith("-") ? number.signum() != 0 : number.signum() < 0) throw new Refused("invalid negative value");
        if (max != null && number.compareTo(max) > 0) throw new Refused("too small buffer");
        return number;
    }

    /** A number as BN_asc2bn reads it ({@link #unsigned}), its sign kept; null where no digit leads. */
    public static BigInteger signed(String text, boolean hex) {
        boolean negative = text.startsWith("-");
        String rest = negative ? text.substring(1) : text;
        BigInteger number;
        if (hex) {
            number = leadingNumber(rest, 16);
        } else if (rest.startsWith("0x") || rest.startsWith("0X")) {
            number = leadingNumber(rest.substring(2), 16);
        } else {
            number = leadingNumber(rest, 10);
        }
        return number == null || !negative ? number : number.negate();
    }

    /** BN_dec2bn and BN_hex2bn: an optional '-', then the digits that lead; null when there are none. */
    private static BigInteger leadingNumber(String text, int radix) {
        boolean negative = text.startsWith("-");
        int start = negative ? 1 : 0;
        int end = start;
        while (end < text.length() && Character.digit(text.charAt(end), radix) >= 0 && text.charAt(end) < 128) end++;
        if (end == start) return null;
        BigInteger number = new BigInteger(text.substring(start, end), radix);
        return negative ? number.negate() : number;
    }

    private static boolean isHex(char c) {
        return c < 128 && Character.digit(c, 16) >= 0;
    }
}
