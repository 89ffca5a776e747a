package fastrsaengine.engines.rsa;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.RSAPrivateKey;
import java.security.spec.RSAPrivateCrtKeySpec;
import java.security.spec.RSAPrivateKeySpec;

/**
 * The known-answer test a backend must pass before it is trusted (as ACCP does at load):
 * one fixed 1024-bit test key, one input, and the output MRI's OpenSSL computed for it,
 * through the CRT path and through the plain {@code c^d mod n} path, each as the patch uses it
 * ({@link KeyChecks}: blinded, and every result checked).
 */
public final class SelfTest {

    private static final BigInteger N = hex("B487706F5232E83598DABB37CFF347683371A530BBDA512F2F7F096A3B9DFF73"
            + "F9F4B3D624BD44F4ABEDB59971ECB6764C1D9E1CD13920C4B11F9383F831B8D7"
            + "4FE74C0E240947ADDA4BF0D61E974F127B6A1D9EB29AB5F40ECDC40973B4647C"
            + "BF696CE4D460569A4323ADFF714133EAD67036769DAFBBE8A5EB4C60CCA71225");
    private static final BigInteger E = hex("010001");
    private static final BigInteger D = hex("519AFBC74697FE81E3E3D4478978066A62FED7566D4465F87776EC9199FB74F3"
            + "3F254F79D8C7B9F90413034926C7833F7C6ED2FF61D07A308F849F91434B6EAB"
            + "1AE8F8ACE945196D1B9706D4915F5908D0C1068EEFB1E02C51D6BEEFBAB5E7D2"
            + "0011306A7A4F22DD28602B79E87CAF82487920AEEFEDE0863DBE51F434D1CE4D");
    private static final BigInteger P = hex("E7D7CBCF6321F356E246052BF0DC652E39BF4DB87649EF23119EC4E1082CB002"
            + "887E6919EC7B63BA7CBEED02A3E8F69BD7E80821EF77BA814B5F018248A953F3");
    private static final BigInteger Q = hex("C756E4071EF928C03F0B93B77332DC57303456249FBC6374D89F182095DBCC4B"
            + "34E085216CE7C3A9F45F11B2719183AF1A801E03EE33705DC4A4442445413F87");
    private static final BigInteger DP = hex("CC4F55A28B3FEE0BD117D792E38DB5F4C89B17C8C9255A825312D1796614CB7F"
            + "4FFDE66D1C0398DD4CF58C345972017151117FA9383910B8C44D132D570F3195");
    private static final BigInteger DQ = hex("12F6EE4CCB229340EEFE8FF8250A92B1ECD11DDCF0218128CDAF1D2184805BC8"
            + "4FE88861ECB58404F84DCF2635EDCD246C9601C507F576DC44E807DF978324A3");
    private static final BigInteger QINV = hex("5ECDF52E1DB2E9C34B5EEB461C5660D4EC4C9D0FE821EB50D83139E6E2535D42"
            + "1DBE29318F230C0186FC4B6295335A668B22DD9A3131333DEC31ECBE75ED7DD2");
    private static final BigInteger INPUT = hex("0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF"
            + "0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF"
            + "0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF"
            + "0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF");
    private static final BigInteger EXPECTED = hex("9F9EEA3938988DCEC1E80E53A92996E32FBC7C369757303B2A4FD85170370BE3"
            + "B4BBCEED3DF78622E2DE4A8A217969B2379FB89798776C718E32E1E0CC9B45E7"
            + "C2CA08FB13B325268D169D4386959986DDAC210A76C76C36DCFF047B7CD2DEC9"
            + "FAC5854888D22F5F83E4B0A7E184E75C4AB3AD30580999E55BD4A79FB55E871D");

    private SelfTest() {
    }

    /** @throws GeneralSecurityException naming the path that gave a wrong answer */
    public static void run(RsaEngine engine) throws GeneralSecurityException {
        KeyFactory factory = KeyFactory.getInstance("RSA");
        RSAPrivateKey crtKey = (RSAPrivateKey) factory.generatePrivate(new RSAPrivateCrtKeySpec(N, E, D, P, Q, DP, DQ, QINV));
        RSAPrivateKey plainKey = (RSAPrivateKey) factory.generatePrivate(new RSAPrivateKeySpec(N, D));
        check(engine, crtKey, "CRT");
        check(engine, plainKey, "non-CRT");
    }

    private static void check(RsaEngine engine, RSAPrivateKey key, String path) throws GeneralSecurityException {
        BigInteger actual = KeyChecks.prepare(engine, key, E).privateOperation(INPUT);
        if (!EXPECTED.equals(actual)) {
            throw new GeneralSecurityException(engine.name() + " backend failed its known-answer self-test (" + path + " key)");
        }
    }

    private static BigInteger hex(String digits) {
        return new BigInteger(digits, 16);
    }
}
