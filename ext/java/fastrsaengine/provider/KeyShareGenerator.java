package fastrsaengine.provider;

import fastrsaengine.engines.ec.EcCurve;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyPairGeneratorSpi;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;

/**
 * KeyPairGenerator "EC" and "XDH" of the TLS provider: the key shares JSSE makes for a handshake
 * (one per group it offers or picks), made as {@link KeyShares} makes them, on the thread of an SSL
 * socket's handshake only. JSSE asks for a generator by name alone, with no key to choose a provider
 * by, so this service is the JVM's first for those names: everywhere else (another thread, Java
 * code's own keys), and for any parameters but a named curve the engine has or X25519, SunEC's own
 * generator, the twin, makes the pair, as without the gem. The twin takes every initialize first,
 * so each refuses and throws as SunEC's.
 */
final class KeyShareGenerator extends KeyPairGeneratorSpi {
    private final EngineSource source;
    private final KeyPairGenerator jdk;
    /** What the last initialize asked for: an EC curve the gem knows, or X25519; neither: the twin's pairs. */
    private EcCurve curve;
    private boolean x25519;
    private SecureRandom random;

    KeyShareGenerator(EngineSource source, String algorithm) {
        this.source = source;
        this.jdk = JdkServices.twin(KeyPairGenerator::getInstance, JdkServices.EC_SIGNATURES, algorithm);
    }

    @Override
    public void initialize(int keySize, SecureRandom random) {
        jdk.initialize(keySize, random);
        curve = null;
        x25519 = false;
    }

    @Override
    public void initialize(AlgorithmParameterSpec parameters, SecureRandom random) throws InvalidAlgorithmParameterException {
        jdk.initialize(parameters, random);
        this.random = random;
        x25519 = KeyShares.isX25519(parameters);
        curve = x25519 ? null : KeyShares.curveOf(parameters);
    }

    @Override
    public KeyPair generateKeyPair() {
        KeyPair pair = source.handshaking() ? keyShare() : null;
        if (pair == null) return jdk.generateKeyPair();
        source.holdEphemeral(pair.getPrivate(), pair.getPublic());
        source.count("key_share", true);
        return pair;
    }

    /** The handshake's share, or null where the twin makes it (no EC engine, a curve it lacks). */
    private KeyPair keyShare() {
        try {
            if (x25519) return KeyShares.x25519(random);
            return curve == null ? null : KeyShares.ec(source.ecEngine(), curve);
        } catch (GeneralSecurityException libraryRefused) {
            throw new ProviderException("the handshake's key share could not be made", libraryRefused);
        }
    }
}
