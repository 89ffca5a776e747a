package fastrsaengine.engines.ec;

import java.math.BigInteger;
import java.security.spec.ECFieldFp;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.EllipticCurve;
import java.util.Arrays;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;

/**
 * The curves an EC engine may take. A key's curve is found by its numbers (p, a, b, G, n, h all
 * equal), never by a name: jruby-openssl's keys come with BC's or the JDK's parameter classes, and a
 * key read with explicit parameters equal to P-256's is P-256, as OpenSSL matches them. Any other
 * curve stays with stock. Every curve here has cofactor 1, so a point on the curve is in the group.
 */
public enum EcCurve {
    P256("prime256v1", "secp256r1"),
    P384("secp384r1", "secp384r1"),
    P521("secp521r1", "secp521r1"),
    SECP256K1("secp256k1", "secp256k1");

    /** OpenSSL's short name, which {@code OpenSSL::PKey::EC::Group#curve_name} shows. */
    public final String opensslName;
    /** Bouncy Castle's numbers for the curve: the reference every key and point is compared with. */
    private final X9ECParameters numbers;
    private final ASN1ObjectIdentifier oid;

    EcCurve(String opensslName, String secName) {
        this.opensslName = opensslName;
        this.numbers = CustomNamedCurves.getByName(secName);
        this.oid = CustomNamedCurves.getOID(secName);
    }

    /** The curve of these parameters, or null for a curve no engine takes. */
    public static EcCurve of(ECParameterSpec params) {
        if (params == null || !(params.getCurve().getField() instanceof ECFieldFp)) return null;
        for (EcCurve curve : values()) {
            if (curve.matches(params)) return curve;
        }
        return null;
    }

    private boolean matches(ECParameterSpec params) {
        EllipticCurve curve = params.getCurve();
        ECPoint g = params.getGenerator();
        org.bouncycastle.math.ec.ECPoint ourG = numbers.getG().normalize();
        return ((ECFieldFp) curve.getField()).getP().equals(prime())
            && curve.getA().equals(numbers.getCurve().getA().toBigInteger())
            && curve.getB().equals(numbers.getCurve().getB().toBigInteger())
            && g.getAffineX().equals(ourG.getAffineXCoord().toBigInteger())
            && g.getAffineY().equals(ourG.getAffineYCoord().toBigInteger())
            && params.getOrder().equals(order())
            && BigInteger.valueOf(params.getCofactor()).equals(numbers.getH());
    }

    /** The curves by OpenSSL's names, as FastRsaEngine.info shows them. */
    public static String names() {
        StringBuilder names = new StringBuilder();
        for (EcCurve curve : values()) names.append(names.length() == 0 ? "" : ", ").append(curve.opensslName);
        return names.toString();
    }

    public ASN1ObjectIdentifier oid() {
        return oid;
    }

    public BigInteger order() {
        return numbers.getN();
    }

    public BigInteger prime() {
        return numbers.getCurve().getField().getCharacteristic();
    }

    /** Bytes of one coordinate, and of an ECDH secret. */
    public int fieldLength() {
        return (prime().bitLength() + 7) / 8;
    }

    /** The curve of OpenSSL's short name (as EC.generate and Group#curve_name spell it), or null. */
    public static EcCurve named(String opensslName) {
        for (EcCurve curve : values()) {
            if (curve.opensslName.equals(opensslName)) return curve;
        }
        return null;
    }

    /** The curve's generator. */
    public ECPoint generator() {
        org.bouncycastle.math.ec.ECPoint g = numbers.getG().normalize();
        return new ECPoint(g.getAffineXCoord().toBigInteger(), g.getAffineYCoord().toBigInteger());
    }

    /** The points of the curve with this x coordinate (big-endian, at the field's length): none or two. */
    public ECPoint[] pointsWithX(byte[] x) {
        byte[] compressed = new byte[1 + x.length];
        compressed[0] = 2;
        System.arraycopy(x, 0, compressed, 1, x.length);
        try {
            org.bouncycastle.math.ec.ECPoint even = numbers.getCurve().decodePoint(compressed).normalize();
            BigInteger y = even.getAffineYCoord().toBigInteger();
            BigInteger xValue = even.getAffineXCoord().toBigInteger();
            return new ECPoint[] {new ECPoint(xValue, y), new ECPoint(xValue, prime().subtract(y))};
        } catch (IllegalArgumentException notOnCurve) {
            return new ECPoint[0];
        }
    }

    /** The point as X9.62 writes it uncompressed: 04, x, y, each coordinate at the field's length. */
    public byte[] uncompressed(ECPoint point) {
        int length = fieldLength();
        byte[] octets = new byte[1 + 2 * length];
        octets[0] = 4;
        copyFixed(point.getAffineX(), octets, 1, length);
        copyFixed(point.getAffineY(), octets, 1 + length, length);
        return octets;
    }

    /** The point of uncompressed octets, if it is one of this curve's (not infinity); else null. */
    public ECPoint pointOf(byte[] octets) {
        int length = fieldLength();
        if (octets == null || octets.length != 1 + 2 * length || octets[0] != 4) return null;
        ECPoint point = new ECPoint(new BigInteger(1, Arrays.copyOfRange(octets, 1, 1 + length)),
            new BigInteger(1, Arrays.copyOfRange(octets, 1 + length, octets.length)));
        return contains(point) ? point : null;
    }

    private static void copyFixed(BigInteger value, byte[] into, int offset, int length) {
        byte[] magnitude = value.toByteArray();
        int copy = Math.min(magnitude.length, length);
        System.arraycopy(magnitude, magnitude.length - copy, into, offset + length - copy, copy);
    }

    /**
     * Whether (x, y) is a point of this curve other than infinity: both coordinates reduced and
     * y^2 = x^3 + ax + b (mod p). A point that fails is the invalid-curve attack's input.
     */
    public boolean contains(ECPoint point) {
        if (point == null || ECPoint.POINT_INFINITY.equals(point)) return false;
        BigInteger p = prime(), x = point.getAffineX(), y = point.getAffineY();
        if (x.signum() < 0 || y.signum() < 0 || x.compareTo(p) >= 0 || y.compareTo(p) >= 0) return false;
        BigInteger a = numbers.getCurve().getA().toBigInteger(), b = numbers.getCurve().getB().toBigInteger();
        BigInteger right = x.pow(3).add(a.multiply(x)).add(b).mod(p);
        return y.pow(2).mod(p).equals(right);
    }
}
