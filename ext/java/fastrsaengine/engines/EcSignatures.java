package fastrsaengine.engines;

import java.io.IOException;
import java.math.BigInteger;
import org.bouncycastle.crypto.signers.StandardDSAEncoding;

/**
 * ECDSA signatures as OpenSSL, AWS-LC and stock's {@code sign} write them: DER of SEQUENCE { r, s }.
 * Bouncy Castle's encoding is strict (the minimal DER only, nothing after it), so a signature it reads
 * has one meaning to every library; the engine verifies only those, with r and s in [1, n - 1], and
 * leaves every other input to stock, whose verdict or error on it stays as it was.
 */
public final class EcSignatures {
    private EcSignatures() {
    }

    /** {r, s}, or null when the bytes are not a strict DER signature with r and s in [1, n - 1]. */
    public static BigInteger[] decode(EcCurve curve, byte[] der) {
        try {
            BigInteger[] rs = StandardDSAEncoding.INSTANCE.decode(curve.order(), der);
            return rs[0].signum() > 0 && rs[1].signum() > 0 ? rs : null;
        } catch (IOException | RuntimeException notStrictDer) {
            return null;
        }
    }
}
