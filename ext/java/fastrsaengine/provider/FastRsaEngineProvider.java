package fastrsaengine.provider;

import fastrsaengine.padding.DigestAlgorithm;
import java.security.Provider;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The opt-in JCA provider "FastRsaEngine" (FastRsaEngine.install_provider): Signature
 * SHA1/224/256/384/512withRSA and RSASSA-PSS, Cipher RSA (PKCS#1, OAEP, no padding), for RSA keys of
 * any Java implementation, through the installing runtime's active backend ({@link EngineSource}),
 * with the gem's blinding and result checks. Each service says which keys it takes, so under the
 * JCA's delayed provider selection a key it cannot take (not RSA, no public exponent) goes to the
 * next provider. The gem never installs it unless asked.
 */
public final class FastRsaEngineProvider extends Provider {
    public static final String NAME = "FastRsaEngine";
    private static final long serialVersionUID = 1L;
    private static final String RSA_KEYS = "java.security.interfaces.RSAPublicKey|java.security.interfaces.RSAPrivateKey";

    /** Signature names, their PKCS#1 OIDs, and the digest each hashes with. */
    private static final Object[][] SIGNATURES = {
        {"SHA1withRSA", "1.2.840.113549.1.1.5", DigestAlgorithm.SHA1},
        {"SHA224withRSA", "1.2.840.113549.1.1.14", DigestAlgorithm.SHA224},
        {"SHA256withRSA", "1.2.840.113549.1.1.11", DigestAlgorithm.SHA256},
        {"SHA384withRSA", "1.2.840.113549.1.1.12", DigestAlgorithm.SHA384},
        {"SHA512withRSA", "1.2.840.113549.1.1.13", DigestAlgorithm.SHA512},
    };

    @SuppressWarnings("deprecation") // Provider(String, double, String): the one constructor Java 8 has
    public FastRsaEngineProvider(EngineSource source, String version) {
        super(NAME, 1.0, "fast-rsa-engine " + version + ": RSA signatures and encryption through the gem's engine");
        for (Object[] signature : SIGNATURES) {
            DigestAlgorithm digest = (DigestAlgorithm) signature[2];
            String oid = (String) signature[1];
            add("Signature", (String) signature[0], () -> new Pkcs1Signature(source, digest), oid, "OID." + oid);
        }
        add("Signature", "RSASSA-PSS", () -> new PssSignature(source), "1.2.840.113549.1.1.10", "OID.1.2.840.113549.1.1.10", "PSS");
        Map<String, String> cipher = rsaKeys();
        cipher.put("SupportedModes", "ECB|NONE");
        cipher.put("SupportedPaddings", "NOPADDING|PKCS1PADDING|OAEPPADDING|OAEPWITHSHA-1ANDMGF1PADDING|OAEPWITHSHA1ANDMGF1PADDING"
            + "|OAEPWITHSHA-224ANDMGF1PADDING|OAEPWITHSHA-256ANDMGF1PADDING|OAEPWITHSHA-384ANDMGF1PADDING|OAEPWITHSHA-512ANDMGF1PADDING");
        putService(new EngineService(this, "Cipher", "RSA", Collections.emptyList(), cipher, () -> new RsaCipher(source)));
    }

    private void add(String type, String algorithm, Supplier<Object> factory, String... aliases) {
        putService(new EngineService(this, type, algorithm, Arrays.asList(aliases), rsaKeys(), factory));
    }

    private static Map<String, String> rsaKeys() {
        Map<String, String> attributes = new HashMap<>();
        attributes.put("SupportedKeyClasses", RSA_KEYS);
        return attributes;
    }

    /** A service whose instances are made here, not by reflection on a class name (JRuby's class loaders stay out of it). */
    private static final class EngineService extends Service {
        private final Supplier<Object> factory;

        EngineService(Provider provider, String type, String algorithm, List<String> aliases, Map<String, String> attributes,
                      Supplier<Object> factory) {
            super(provider, type, algorithm, EngineService.class.getName(), aliases, attributes);
            this.factory = factory;
        }

        @Override
        public Object newInstance(Object constructorParameter) {
            return factory.get();
        }
    }
}
