package fastrsaengine.engines;

import fastrsaengine.engines.ec.EcCurve;
import fastrsaengine.engines.ec.EcEngine;
import fastrsaengine.engines.ec.EcSelfTest;
import fastrsaengine.engines.rsa.BlindedKey;
import fastrsaengine.engines.rsa.PreparedKey;
import fastrsaengine.engines.rsa.PreparedPublicKey;
import fastrsaengine.engines.rsa.RsaEngine;
import fastrsaengine.engines.shared.FaultDetectedException;
import java.math.BigInteger;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Provider;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.RSAKeyGenParameterSpec;
import java.security.spec.RSAPrivateCrtKeySpec;
import java.security.spec.RSAPrivateKeySpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import javax.crypto.Cipher;

/**
 * The AWS-LC backend: Amazon Corretto Crypto Provider's raw RSA ({@code RSA/ECB/NoPadding}
 * with the private key). The provider instance is used directly and never installed as a JCA
 * provider, so no other library's crypto changes. For keys with their CRT factors AWS-LC blinds
 * every private-key operation and verifies each result with e before returning it
 * (crypto/fipsmodule/rsa/rsa_impl.c, rsa_default_private_transform), so this class adds neither;
 * keys without them get {@link BlindedKey}.
 */
final class AwsLcEngine implements RsaEngine {
    /** The name users select it by: {@code FastRsaEngine.backend = :aws_lc}. */
    static final String NAME = "aws_lc";


    private static final String PROVIDER_CLASS = "com.amazon.corretto.crypto.provider.AmazonCorrettoCryptoProvider";

    private final Provider provider;
    private final String providerVersion;
    private final String awsLcVersion;
    /** EC through the same provider, or null when its self-test failed ({@link #ecStatus} says why). */
    private final EcEngine ec;
    private final String ecStatus;

    private AwsLcEngine(Provider provider, String providerVersion, String awsLcVersion) {
        this.provider = provider;
        this.providerVersion = providerVersion;
        this.awsLcVersion = awsLcVersion;
        EcEngine candidate = new AwsLcEcEngine(provider);
        String status = EcCurve.names();
        try {
            EcSelfTest.run(candidate);
        } catch (GeneralSecurityException | RuntimeException failed) {
            candidate = null;
            status = "stock (" + failed.getMessage() + ")";
        }
        this.ec = candidate;
        this.ecStatus = status;
    }

    static RsaEngine load(BackendContext context) throws Exception {
        URL jar = context.jar("AmazonCorrettoCryptoProvider", platformClassifier()).toUri().toURL();
        ClassLoader loader = new URLClassLoader(new URL[]{jar}, context.parentLoader());
        Class<?> providerClass = Class.forName(PROVIDER_CLASS, true, loader);
        Provider provider = (Provider) providerClass.getField("INSTANCE").get(null);
        // ACCP runs its own self-tests at load; this throws when the native library or they failed.
        providerClass.getMethod("assertHealthy").invoke(provider);
        String providerVersion = (String) providerClass.getMethod("getVersionStr").invoke(provider);
        String awsLcVersion = (String) providerClass.getMethod("getAwsLcVersionStr").invoke(provider);
        return new AwsLcEngine(provider, providerVersion, awsLcVersion.replaceFirst("^AWS-LC v", ""));
    }

    /** The ACCP jar for this JVM's system and CPU (Linux or macOS, x86-64 or ARM64). */
    private static String platformClassifier() {
        return AwsLcBuilds.classifier(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> info = new LinkedHashMap<>();
        info.put("library", "AWS-LC");
        info.put("library_version", awsLcVersion);
        info.put("binding", "Amazon Corretto Crypto Provider " + providerVersion);
        info.put("ec_curves", ecStatus);
        return info;
    }

    @Override
    public EcEngine ec() {
        return ec;
    }

    @Override
    public PreparedKey prepare(RSAPrivateKey privateKey, BigInteger publicExponent) throws GeneralSecurityException {
        // Built once from the numbers, ACCP's key keeps its native AWS-LC key with it.
        boolean crt = privateKey instanceof RSAPrivateCrtKey;
        PrivateKey nativeKey = KeyFactory.getInstance("RSA", provider).generatePrivate(crt
            ? crtSpec((RSAPrivateCrtKey) privateKey, publicExponent)
            : new RSAPrivateKeySpec(privateKey.getModulus(), privateKey.getPrivateExponent()));
        PreparedKey key = new AwsLcKey(privateKey.getModulus(), nativeKey, crt);
        // Without e, AWS-LC neither blinds nor checks (rsa_impl.c, RSA_FLAG_NO_BLINDING): blind here.
        return crt ? key : new BlindedKey(key, publicExponent);
    }

    /**
     * A half as a key without CRT numbers or e, whose modulus is the prime: AWS-LC exponentiates it with
     * BN_mod_exp_mont_consttime and neither blinds nor checks it (rsa_impl.c,
     * rsa_default_private_transform), which {@link fastrsaengine.engines.rsa.SplitCrtKey} does around both halves.
     */
    @Override
    public PreparedKey prepareHalf(BigInteger prime, BigInteger exponent) throws GeneralSecurityException {
        PrivateKey half = KeyFactory.getInstance("RSA", provider).generatePrivate(new RSAPrivateKeySpec(prime, exponent));
        return new AwsLcKey(prime, half, false);
    }

    /** AWS-LC's RSA key generation (RSA_generate_key_fips: checked primes, a pairwise test). */
    @Override
    public KeyPair generateKeyPair(int bits, BigInteger publicExponent) throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA", provider);
        generator.initialize(new RSAKeyGenParameterSpec(bits, publicExponent));
        return generator.generateKeyPair();
    }

    private static RSAPrivateCrtKeySpec crtSpec(RSAPrivateCrtKey key, BigInteger e) {
        return new RSAPrivateCrtKeySpec(key.getModulus(), e, key.getPrivateExponent(), key.getPrimeP(),
            key.getPrimeQ(), key.getPrimeExponentP(), key.getPrimeExponentQ(), key.getCrtCoefficient());
    }

    @Override
    public PreparedPublicKey preparePublic(RSAPublicKey publicKey) throws GeneralSecurityException {
        PublicKey nativeKey = (PublicKey) KeyFactory.getInstance("RSA", provider).translateKey(publicKey);
        // The key's numbers, not the key: per-key state never keeps a Ruby key's Java key alive.
        RawCipher cipher = new RawCipher(Cipher.ENCRYPT_MODE, nativeKey, publicKey.getModulus());
        return PreparedPublicKey.of(publicKey.getModulus(), publicKey.getPublicExponent(), cipher::apply);
    }

    /**
     * ACCP's raw cipher for one key and direction (decryption with the private key, encryption
     * with the public key), initialized once. One spare cipher is kept per key and handed over
     * lock-free, as the blinding pairs are: a thread that finds none makes its own.
     */
    private final class RawCipher {
        private final int mode;
        private final Key key;
        private final int length;
        private final AtomicReference<Cipher> spare = new AtomicReference<>();

        RawCipher(int mode, Key key, BigInteger modulus) {
            this.mode = mode;
            this.key = key;
            this.length = (modulus.bitLength() + 7) / 8;
        }

        BigInteger apply(BigInteger input) {
            try {
                Cipher cipher = spare.getAndSet(null);
                if (cipher == null) cipher = newCipher();
                BigInteger result = new BigInteger(1, cipher.doFinal(toFixedLength(input, length)));
                spare.set(cipher);
                return result;
            } catch (GeneralSecurityException e) {
                // The caller range-checked the input, so this is AWS-LC's own check failing.
                throw new FaultDetectedException(e);
            }
        }

        private Cipher newCipher() throws GeneralSecurityException {
            Cipher cipher = Cipher.getInstance("RSA/ECB/NoPadding", provider);
            cipher.init(mode, key);
            return cipher;
        }
    }

    /** ACCP's raw cipher wants input exactly as long as the modulus. */
    private static byte[] toFixedLength(BigInteger input, int length) {
        byte[] magnitude = input.toByteArray();
        byte[] fixed = new byte[length];
        int copy = Math.min(magnitude.length, length);
        System.arraycopy(magnitude, magnitude.length - copy, fixed, length - copy, copy);
        return fixed;
    }

    private final class AwsLcKey implements PreparedKey {
        private final BigInteger modulus;
        private final RawCipher cipher;
        private final boolean checked;

        /** @param checked whether AWS-LC checks each result with e itself: for keys with their CRT numbers */
        AwsLcKey(BigInteger modulus, PrivateKey key, boolean checked) {
            this.modulus = modulus;
            this.cipher = new RawCipher(Cipher.DECRYPT_MODE, key, modulus);
            this.checked = checked;
        }

        @Override
        public boolean checksResults() {
            return checked;
        }

        @Override
        public BigInteger modulus() {
            return modulus;
        }

        @Override
        public BigInteger privateOperation(BigInteger input) {
            return cipher.apply(input);
        }
    }
}
