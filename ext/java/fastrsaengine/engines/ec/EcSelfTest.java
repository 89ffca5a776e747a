package fastrsaengine.engines.ec;

import fastrsaengine.engines.shared.FaultDetectedException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.spec.ECPoint;
import java.util.Arrays;

/**
 * The known-answer test an EC engine must pass before EC goes through it, as {@link fastrsaengine.engines.rsa.SelfTest SelfTest} is
 * RSA's: on P-256, a fixed key (its scalar is SHA-256 of "fast-rsa-engine EC self-test: key") and peer,
 * the ECDH secret MRI's OpenSSL computed for them, a signature MRI made that must verify, one the
 * engine makes that must verify with the key's point (through {@link EcKeyChecks}, as the patch uses
 * it), and a point off the curve that the library itself must refuse.
 */
public final class EcSelfTest {
    private static final BigInteger SCALAR = hex("545130C5FEE1147CF9694B8AA5DAB4BB46A417E323DAA886998AF360494FE82B");
    private static final ECPoint POINT = point("FC7CCBA15327E5C7F56602373DF7CA8B5724639A90E975EDFA80765610E31C41",
        "CC06BF3C7F518DCF235536A74BB83EE64D8CBDDAB1C73F6735E7A61780BA01EC");
    private static final ECPoint PEER = point("0F9EAE388EF77A604812B3BA69E024D0A82661723753E14FFD4EB158FFDA99C8",
        "3845B424D2916AFB8AD968DC96B37ABCFB52E2262BD40A46729D2B3A59917C41");
    private static final byte[] SECRET = bytes("BC5303749E24A17F685E430AF40041D5A2F786F8B23937CAC4C279E14559E801");
    private static final byte[] HASH = bytes("A70FF101DBA39BBB0C4D41EC2048FCB638BA20C9075152556ECFF954E0F4D18C");
    private static final byte[] MRI_SIGNATURE = bytes("304502202400B960564293FFBF12D6D16E9EE75C97D5F9D45C5C7FA95D79CBF9D1C16A26"
        + "0221009E2EFCB13F392C1FFED1402C036A7C9DD81BA0630FC71EB042F6C326268D9940");

    private EcSelfTest() {
    }

    /** @throws GeneralSecurityException naming the check that failed */
    public static void run(EcEngine engine) throws GeneralSecurityException {
        EcCurve curve = EcCurve.P256;
        PreparedEcKey key = EcKeyChecks.prepare(engine, curve, SCALAR, POINT); // signs and verifies once
        require(Arrays.equals(SECRET, key.agree(PEER)), "its ECDH secret is not MRI's");
        PreparedEcPublicKey publicKey = EcKeyChecks.preparePublic(engine, curve, POINT);
        require(publicKey.verifyHash(HASH, MRI_SIGNATURE), "MRI's signature does not verify");
        require(!publicKey.verifyHash(new byte[32], MRI_SIGNATURE), "a wrong hash verifies");
        require(offCurvePointRefused(engine.prepare(curve, SCALAR, POINT), curve), "its library takes a point off the curve");
    }

    /** The library's own check, beneath EcKeyChecks': P + (0, 1) is on no curve of ours. */
    private static boolean offCurvePointRefused(PreparedEcKey unchecked, EcCurve curve) {
        ECPoint offCurve = new ECPoint(PEER.getAffineX(), PEER.getAffineY().add(BigInteger.ONE));
        if (curve.contains(offCurve)) return false;
        try {
            unchecked.agree(offCurve);
            return false;
        } catch (FaultDetectedException refused) {
            return true;
        }
    }

    private static void require(boolean passed, String failure) throws GeneralSecurityException {
        if (!passed) throw new GeneralSecurityException("EC known-answer self-test failed: " + failure);
    }

    private static ECPoint point(String x, String y) {
        return new ECPoint(hex(x), hex(y));
    }

    private static BigInteger hex(String digits) {
        return new BigInteger(digits, 16);
    }

    private static byte[] bytes(String digits) {
        byte[] value = new BigInteger(digits, 16).toByteArray();
        return value.length > digits.length() / 2 ? Arrays.copyOfRange(value, 1, value.length) : value;
    }
}
