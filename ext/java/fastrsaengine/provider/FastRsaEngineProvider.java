package fastrsaengine.provider;

import fastrsaengine.padding.DigestAlgorithm;
import java.security.Provider;
import java.util.function.Supplier;

/**
 * The opt-in JCA provider "FastRsaEngine" (FastRsaEngine.install_provider): Signature
 * SHA1/224/256/384/512withRSA and RSASSA-PSS, Cipher RSA (PKCS#1, OAEP, no padding), for RSA keys of
 * any Java implementation, through the installing runtime's active backend ({@link EngineSource}),
 * with the gem's blinding and result checks. Java code written against the JDK sees the JDK: each
 * service is registered under SunRsaSign's or SunJCE's own name, aliases and attributes
 * ({@link JdkServices}), and each engine object keeps the JDK's own as its twin for every check and
 * exception ({@link JdkCheckedSignature}, {@link RsaCipher}). A key the engine cannot take (not RSA,
 * no public exponent) is not claimed, so the JCA's delayed provider selection gives it to the next
 * provider. The gem never installs it unless asked.
 */
public final class FastRsaEngineProvider extends Provider {
    public static final String NAME = "FastRsaEngine";
    private static final long serialVersionUID = 1L;

    /** The PKCS#1 v1.5 signatures, by SunRsaSign's names, and the digest each hashes with. */
    private static final Object[][] SIGNATURES = {
        {"SHA1withRSA", DigestAlgorithm.SHA1},
        {"SHA224withRSA", DigestAlgorithm.SHA224},
        {"SHA256withRSA", DigestAlgorithm.SHA256},
        {"SHA384withRSA", DigestAlgorithm.SHA384},
        {"SHA512withRSA", DigestAlgorithm.SHA512},
    };

    @SuppressWarnings("deprecation") // Provider(String, double, String): the one constructor Java 8 has
    public FastRsaEngineProvider(EngineSource source, String version) {
        super(NAME, 1.0, "fast-rsa-engine " + version + ": RSA signatures and encryption through the gem's engine");
        for (Object[] signature : SIGNATURES) {
            String name = (String) signature[0];
            DigestAlgorithm digest = (DigestAlgorithm) signature[1];
            add("Signature", name, () -> new Pkcs1Signature(source, name, digest));
        }
        add("Signature", "RSASSA-PSS", () -> new PssSignature(source));
        add("Cipher", "RSA", () -> new RsaCipher(source));
    }

    /** Registers the JDK's service of that name as the JDK has it, made here; none where this JDK has none. */
    private void add(String type, String algorithm, Supplier<Object> factory) {
        JdkServices.Service jdk = JdkServices.of(type, algorithm);
        if (jdk != null) putService(new EngineService(this, jdk, factory));
    }

    /** A service whose instances are made here, not by reflection on a class name (JRuby's class loaders stay out of it). */
    private static final class EngineService extends Service {
        private final Supplier<Object> factory;

        EngineService(Provider provider, JdkServices.Service jdk, Supplier<Object> factory) {
            super(provider, jdk.type, jdk.algorithm, EngineService.class.getName(), jdk.aliases, jdk.attributes);
            this.factory = factory;
        }

        @Override
        public Object newInstance(Object constructorParameter) {
            return factory.get();
        }

        /** The JDK's key classes, and of those only keys the engine takes: the JCA's choice passes the others on. */
        @Override
        public boolean supportsParameter(Object parameter) {
            return super.supportsParameter(parameter) && (parameter == null || ProviderKeys.takes(parameter));
        }
    }
}
