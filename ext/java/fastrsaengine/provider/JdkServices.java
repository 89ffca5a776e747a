package fastrsaengine.provider;

import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The JDK's own services, as this JVM's SunRsaSign, SunJCE and SunEC register them: a provider of
 * the gem's offers each service it implements under the JDK's name, the JDK's aliases and the JDK's
 * attributes (SupportedModes, SupportedPaddings, SupportedKeyClasses), read here rather than written
 * down, so installing it adds no name, mode or padding the JDK alone does not take, on any JDK.
 */
final class JdkServices {
    static final String SIGNATURES = "SunRsaSign";
    static final String CIPHERS = "SunJCE";
    static final String EC_SIGNATURES = "SunEC";

    /** One service of the JDK's: its type, algorithm, aliases and attributes. */
    static final class Service {
        final String type;
        final String algorithm;
        final List<String> aliases = new ArrayList<>();
        final Map<String, String> attributes = new HashMap<>();

        Service(String type, String algorithm) {
            this.type = type;
            this.algorithm = algorithm;
        }
    }

    /** How a JCA type gets an object of a provider's: Signature::getInstance, KeyAgreement::getInstance... */
    interface Lookup<T> {
        T getInstance(String algorithm, Provider provider) throws NoSuchAlgorithmException;
    }

    private JdkServices() {
    }

    /**
     * The JDK's object of that algorithm from the JDK provider named: a service's twin, which computes
     * what the gem's leaves to the JDK and answers what it asks. The gem offers a service only where
     * that provider has it, so a missing one is a broken JVM, not a caller's error.
     */
    static <T> T twin(Lookup<T> lookup, String providerName, String algorithm) {
        try {
            return lookup.getInstance(algorithm, provider(providerName));
        } catch (NoSuchAlgorithmException offeredOnlyWhereTheJdkHasIt) {
            throw new IllegalStateException(offeredOnlyWhereTheJdkHasIt);
        }
    }

    /** The JDK provider of that name (SIGNATURES, CIPHERS, EC_SIGNATURES), whose objects are the gem's twins for their checks. */
    static Provider provider(String name) {
        Provider provider = Security.getProvider(name);
        if (provider == null) throw new IllegalStateException("the JDK's " + name + " provider is not installed: the FastRsaEngine provider answers as it does");
        return provider;
    }

    /** Whether SunRsaSign reads the key as an RSA key of its own (its KeyFactory for the key's algorithm translates it), as its signatures read keys first. */
    static boolean readsAsRsaKey(Key key) {
        try {
            KeyFactory.getInstance(key.getAlgorithm(), provider(SIGNATURES)).translateKey(key);
            return true;
        } catch (GeneralSecurityException | RuntimeException notAnRsaKeyOfSunRsaSign) {
            return false; // no factory for the algorithm (EC), or numbers it refuses: a key the signature never took
        }
    }

    /** The service of that type and algorithm of the JDK provider named, or null when it has none (then the gem's provider offers none either). */
    static Service of(String providerName, String type, String algorithm) {
        Provider provider = provider(providerName);
        Provider.Service jdk = provider.getService(type, algorithm);
        if (jdk == null) return null;
        Service service = new Service(type, jdk.getAlgorithm());
        String aliasPrefix = "Alg.Alias." + type + ".";
        String attributePrefix = type + "." + jdk.getAlgorithm() + " ";
        for (Map.Entry<Object, Object> entry : provider.entrySet()) {
            String key = String.valueOf(entry.getKey());
            String value = String.valueOf(entry.getValue());
            if (key.startsWith(aliasPrefix) && value.equals(jdk.getAlgorithm())) service.aliases.add(key.substring(aliasPrefix.length()));
            else if (key.startsWith(attributePrefix)) service.attributes.put(key.substring(attributePrefix.length()), value);
        }
        return service;
    }
}
