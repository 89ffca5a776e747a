package fastrsaengine.provider;

import fastrsaengine.padding.DigestAlgorithm;
import java.security.Key;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.interfaces.ECPrivateKey;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The gem's JCA providers, each service registered under the JDK's own name, aliases and attributes
 * ({@link JdkServices}), each engine object keeping the JDK's own as its twin for every check and
 * exception ({@link JdkCheckedSignature}, {@link RsaCipher}, {@link EcdsaSignature}), with the gem's
 * blinding and result checks, through the installing runtime's active backend ({@link EngineSource}):
 * Java code written against the JDK sees the JDK. A key the engine cannot take, or the source does
 * not claim, is not claimed here, so the JCA's delayed provider selection gives it to the next provider.
 *
 * <ul>
 * <li>"FastRsaEngine" ({@link #optIn}, FastRsaEngine.install_provider, never installed unless asked):
 * Signature SHA1/224/256/384/512withRSA and RSASSA-PSS, Cipher RSA (PKCS#1, OAEP, no padding), for RSA
 * keys of any Java implementation.
 * <li>"FastRsaEngineTls" ({@link #forTls}, installed at require unless FAST_RSA_ENGINE_TLS=off): the
 * same signatures and SHA*withECDSA, only for the keys of jruby-openssl's SSL sockets (JSSE picks a
 * signature's provider from the JVM's list by key, and has no provider per SSL context), and the
 * key exchange of their handshakes.
 * </ul>
 */
public final class FastRsaEngineProvider extends Provider {
    public static final String NAME = "FastRsaEngine";
    public static final String TLS_NAME = "FastRsaEngineTls";
    private static final long serialVersionUID = 1L;

    /**
     * The digests of the PKCS#1 v1.5 and ECDSA signatures, named as the JDK names them: SHA256withRSA
     * (SunRsaSign), SHA256withECDSA (SunEC), from OpenSSL's names of the digests.
     */
    private static final DigestAlgorithm[] SIGNATURE_DIGESTS = {
        DigestAlgorithm.SHA1, DigestAlgorithm.SHA224, DigestAlgorithm.SHA256, DigestAlgorithm.SHA384, DigestAlgorithm.SHA512,
    };

    /** The key exchanges of TLS's groups, by SunEC's names: each generator's, and the agreement of its keys. */
    private static final String[][] KEY_EXCHANGES = {{"EC", "ECDH"}, {"XDH", "XDH"}};

    @SuppressWarnings("deprecation") // Provider(String, double, String): the one constructor Java 8 has
    private FastRsaEngineProvider(String name, String description) {
        super(name, 1.0, description);
    }

    /** The opt-in provider: RSA signatures and encryption for every RSA key. */
    public static FastRsaEngineProvider optIn(EngineSource source, String version) {
        FastRsaEngineProvider provider = new FastRsaEngineProvider(NAME, "fast-rsa-engine " + version + ": RSA signatures and encryption through the gem's engine");
        provider.addRsaSignatures(source);
        provider.add(JdkServices.CIPHERS, "Cipher", "RSA", ProviderKeys::takes, () -> new RsaCipher(source));
        return provider;
    }

    /**
     * The TLS provider: RSA and ECDSA signatures for the keys the source claims (its SSL sockets'), and
     * the key shares of its handshakes (KeyPairGenerator EC and XDH, JVM-wide by name but made here on
     * a handshake's thread only; KeyAgreement ECDH and XDH of the shares made here).
     */
    public static FastRsaEngineProvider forTls(EngineSource source, String version) {
        FastRsaEngineProvider provider = new FastRsaEngineProvider(TLS_NAME, "fast-rsa-engine " + version + ": signatures of jruby-openssl's SSL keys through the gem's engine");
        provider.addRsaSignatures(source);
        for (DigestAlgorithm digest : SIGNATURE_DIGESTS) {
            String name = digest.opensslName() + "withECDSA";
            provider.add(JdkServices.EC_SIGNATURES, "Signature", name, key -> key instanceof ECPrivateKey && source.claims((Key) key),
                () -> new EcdsaSignature(source, name, digest));
        }
        for (String[] keyExchange : KEY_EXCHANGES) {
            String generator = keyExchange[0], agreement = keyExchange[1];
            provider.add(JdkServices.EC_SIGNATURES, "KeyPairGenerator", generator, key -> false, () -> new KeyShareGenerator(source, generator));
            provider.add(JdkServices.EC_SIGNATURES, "KeyAgreement", agreement, key -> key instanceof PrivateKey && source.claims((Key) key),
                () -> new KeyShareAgreement(source, agreement));
        }
        return provider;
    }

    private void addRsaSignatures(EngineSource source) {
        Predicate<Object> claimed = key -> ProviderKeys.takes(key) && source.claims((Key) key);
        for (DigestAlgorithm digest : SIGNATURE_DIGESTS) {
            String name = digest.opensslName() + "withRSA";
            add(JdkServices.SIGNATURES, "Signature", name, claimed, () -> new Pkcs1Signature(source, name, digest));
        }
        add(JdkServices.SIGNATURES, "Signature", "RSASSA-PSS", claimed, () -> new PssSignature(source));
    }

    /** Registers the JDK's service of that name as the JDK has it, made here; none where this JDK has none. */
    private void add(String jdkProvider, String type, String algorithm, Predicate<Object> claimed, Supplier<Object> factory) {
        JdkServices.Service jdk = JdkServices.of(jdkProvider, type, algorithm);
        if (jdk != null) putService(new EngineService(this, jdk, claimed, factory));
    }

    /** A service whose instances are made here, not by reflection on a class name (JRuby's class loaders stay out of it). */
    private static final class EngineService extends Service {
        private final Predicate<Object> claimed;
        private final Supplier<Object> factory;

        EngineService(Provider provider, JdkServices.Service jdk, Predicate<Object> claimed, Supplier<Object> factory) {
            super(provider, jdk.type, jdk.algorithm, EngineService.class.getName(), jdk.aliases, jdk.attributes);
            this.claimed = claimed;
            this.factory = factory;
        }

        @Override
        public Object newInstance(Object constructorParameter) {
            return factory.get();
        }

        /** The JDK's key classes, and of those only keys the engine takes: the JCA's choice passes the others on. */
        @Override
        public boolean supportsParameter(Object parameter) {
            return super.supportsParameter(parameter) && (parameter == null || (parameter instanceof Key && claimed.test(parameter)));
        }
    }
}
