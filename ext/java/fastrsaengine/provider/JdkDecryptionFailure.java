package fastrsaengine.provider;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.RSAPrivateKeySpec;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;

/**
 * The JDK's words for a private-key decryption whose padding does not check (SunJCE says
 * "Decryption error" on Java 17, "Padding error in decryption" on Java 25), learnt once per JVM and
 * transformation from SunJCE decrypting zeros with a throwaway key of public numbers. The caller's
 * failed decryption is never asked of the JDK again: that second private-key operation, made only
 * when the padding fails, would time the padding check (Bleichenbacher's oracle).
 */
final class JdkDecryptionFailure {
    /** 2^2203 - 1, a Mersenne prime: every blinding factor the JDK draws is invertible; 276 bytes hold OAEP with SHA-512. */
    private static final BigInteger THROWAWAY_MODULUS = BigInteger.ONE.shiftLeft(2203).subtract(BigInteger.ONE);
    private static final Map<String, String> MESSAGES = new ConcurrentHashMap<>();

    private JdkDecryptionFailure() {
    }

    /** SunJCE's exception for a decryption with this transformation and parameters whose padding does not check. */
    static BadPaddingException of(String transformation, AlgorithmParameterSpec parameters) {
        return new BadPaddingException(learnt(transformation, parameters, false));
    }

    /** SunJCE's exception for an unwrapping whose padding does not check: its words, around the decryption's. */
    static InvalidKeyException unwrapping(String transformation, AlgorithmParameterSpec parameters) {
        return new InvalidKeyException(learnt(transformation, parameters, true), of(transformation, parameters));
    }

    private static String learnt(String transformation, AlgorithmParameterSpec parameters, boolean unwrap) {
        String key = transformation + (parameters == null ? "" : " " + parameters.getClass().getName()) + (unwrap ? " unwrap" : "");
        return MESSAGES.computeIfAbsent(key, unused -> learn(transformation, parameters, unwrap));
    }

    private static String learn(String transformation, AlgorithmParameterSpec parameters, boolean unwrap) {
        byte[] zeros = new byte[(THROWAWAY_MODULUS.bitLength() + 7) / 8];
        Cipher cipher = throwawayCipher(transformation, parameters, unwrap ? Cipher.UNWRAP_MODE : Cipher.DECRYPT_MODE);
        try {
            if (unwrap) cipher.unwrap(zeros, "AES", Cipher.SECRET_KEY);
            else cipher.doFinal(zeros);
        } catch (BadPaddingException | InvalidKeyException theJdksRefusal) {
            return theJdksRefusal.getMessage();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SunJCE refuses zeros as a " + transformation + " block otherwise", e);
        }
        throw new IllegalStateException("SunJCE opened zeros as a " + transformation + " block");
    }

    private static Cipher throwawayCipher(String transformation, AlgorithmParameterSpec parameters, int mode) {
        try {
            PrivateKey throwaway = KeyFactory.getInstance("RSA", JdkServices.SIGNATURES)
                .generatePrivate(new RSAPrivateKeySpec(THROWAWAY_MODULUS, BigInteger.valueOf(3)));
            Cipher cipher = Cipher.getInstance(transformation, JdkServices.CIPHERS);
            cipher.init(mode, throwaway, parameters);
            return cipher;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SunJCE takes no throwaway key for " + transformation, e);
        }
    }
}
