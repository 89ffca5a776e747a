package fastrsaengine.engines.rsa;

import java.math.BigInteger;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Collections;
import java.util.Map;

/**
 * The JDK's own arithmetic ({@code BigInteger.modPow}, as stock jruby-openssl computes), for the
 * methods the gem adds to stock (MRI's {@code PKey#encrypt} and {@code #decrypt}) while no native
 * backend is active: such a method answers on every backend, {@code :stock} included, instead of
 * reaching a {@code super} stock does not have. Not a backend users select. Blinded
 * ({@link BlindedKey}) and, through {@link KeyChecks}, every result checked, like the native ones.
 */
public final class JdkEngine implements RsaEngine {
    public static final RsaEngine INSTANCE = new JdkEngine();

    private JdkEngine() {
    }

    @Override
    public String name() {
        return "jdk";
    }

    @Override
    public Map<String, String> describe() {
        return Collections.singletonMap("library", "the JDK's BigInteger");
    }

    @Override
    public PreparedKey prepare(RSAPrivateKey privateKey, BigInteger publicExponent) {
        BigInteger n = privateKey.getModulus(), d = privateKey.getPrivateExponent();
        return new BlindedKey(PreparedKey.of(n, input -> input.modPow(d, n)), publicExponent);
    }

    @Override
    public PreparedPublicKey preparePublic(RSAPublicKey publicKey) {
        BigInteger n = publicKey.getModulus(), e = publicKey.getPublicExponent();
        return PreparedPublicKey.of(n, e, input -> input.modPow(e, n));
    }
}
