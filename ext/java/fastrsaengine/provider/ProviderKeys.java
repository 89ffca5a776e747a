package fastrsaengine.provider;

import fastrsaengine.engines.rsa.JdkEngine;
import fastrsaengine.engines.rsa.KeyChecks;
import fastrsaengine.engines.rsa.PreparedPublicKey;
import fastrsaengine.engines.rsa.RsaEngine;
import fastrsaengine.engines.shared.WeakIdentityCache;
import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;

/**
 * The provider's per-key state: the engine's form of each Java key it is given (any implementation
 * of RSAPrivateKey / RSAPublicKey), made once and kept beside the key by identity and weakly, so it
 * never keeps a key alive (its state holds numbers and native handles, never the key). State is one
 * engine's, made again after a switch of backend; the JDK's arithmetic serves while the backend is stock.
 */
final class ProviderKeys {
    private static final WeakIdentityCache<Key, State<PrivateKeyOperations>> PRIVATE = new WeakIdentityCache<>();
    private static final WeakIdentityCache<Key, State<PublicKeyOperations>> PUBLIC = new WeakIdentityCache<>();

    private ProviderKeys() {
    }

    private static final class State<T> {
        final RsaEngine engine;
        final T operations;

        State(RsaEngine engine, T operations) {
            this.engine = engine;
            this.operations = operations;
        }
    }

    /** One operation's key: its padded operations, and whether the engine (not the JDK) runs them. */
    static final class Prepared<T> {
        final T operations;
        final boolean byEngine;

        Prepared(T operations, boolean byEngine) {
            this.operations = operations;
            this.byEngine = byEngine;
        }
    }

    /**
     * @throws InvalidKeyException for a key that is not RSA, or whose numbers the gem's checks refuse
     *     (among them a key of n and d alone, with no public exponent to blind and check with): under
     *     the JCA's provider selection, the next provider then takes it
     */
    static Prepared<PrivateKeyOperations> privateKey(EngineSource source, Key key) throws InvalidKeyException {
        if (!(key instanceof RSAPrivateKey)) throw new InvalidKeyException("not an RSA private key");
        RSAPrivateKey rsa = (RSAPrivateKey) key;
        return prepared(PRIVATE, key, engineOf(source),
            engine -> new PrivateKeyOperations(prepare(() -> KeyChecks.prepare(engine, rsa, publicExponent(rsa)))));
    }

    static Prepared<PublicKeyOperations> publicKey(EngineSource source, Key key) throws InvalidKeyException {
        if (!(key instanceof RSAPublicKey)) throw new InvalidKeyException("not an RSA public key");
        RSAPublicKey rsa = (RSAPublicKey) key;
        return prepared(PUBLIC, key, engineOf(source), engine -> {
            PreparedPublicKey prepared = prepare(() -> KeyChecks.preparePublic(engine, rsa));
            // An engine no faster than the JDK at s^e mod n leaves it to the JDK's arithmetic, as the patch does.
            if (prepared == null) prepared = prepare(() -> KeyChecks.preparePublic(JdkEngine.INSTANCE, rsa));
            if (prepared == null) throw new InvalidKeyException("RSA key numbers out of range");
            return new PublicKeyOperations(prepared);
        });
    }

    /**
     * Whether the engine can take a key of this kind: RSA, and for a private key one with its public
     * exponent (to blind and check with). The JCA's provider selection passes other keys to the next
     * provider; given by name, the provider leaves them to the JDK's twin.
     */
    static boolean takes(Object key) {
        return key instanceof RSAPublicKey || key instanceof RSAPrivateCrtKey;
    }

    /** The engine's form of a key the JDK accepted, or null where the engine does not take it or the source does not claim it (the JDK's twin then computes). */
    static Prepared<PrivateKeyOperations> privateKeyOrNull(EngineSource source, Key key) {
        if (!takes(key) || !(key instanceof RSAPrivateKey) || !source.claims(key)) return null;
        try {
            return privateKey(source, key);
        } catch (InvalidKeyException numbersTheGemsChecksRefuse) {
            return null; // the JDK's twin, which accepted them, computes
        }
    }

    static Prepared<PublicKeyOperations> publicKeyOrNull(EngineSource source, Key key) {
        if (!(key instanceof RSAPublicKey) || !source.claims(key)) return null;
        try {
            return publicKey(source, key);
        } catch (InvalidKeyException numbersTheGemsChecksRefuse) {
            return null; // as for private keys
        }
    }

    private interface Operations<T> {
        T of(RsaEngine engine) throws InvalidKeyException;
    }

    /** The key's operations for the engine: kept from an earlier call with that engine, else made and kept. */
    private static <T> Prepared<T> prepared(WeakIdentityCache<Key, State<T>> cache, Key key, RsaEngine engine, Operations<T> make)
        throws InvalidKeyException {
        State<T> state = cache.get(key);
        if (state == null || state.engine != engine) {
            state = new State<>(engine, make.of(engine));
            cache.put(key, state);
        }
        return new Prepared<>(state.operations, engine != JdkEngine.INSTANCE);
    }

    private static RsaEngine engineOf(EngineSource source) {
        RsaEngine engine = source.engine();
        return engine == null ? JdkEngine.INSTANCE : engine;
    }

    private static BigInteger publicExponent(RSAPrivateKey key) {
        return key instanceof RSAPrivateCrtKey ? ((RSAPrivateCrtKey) key).getPublicExponent() : null;
    }

    private interface Preparation<T> {
        T run() throws GeneralSecurityException;
    }

    private static <T> T prepare(Preparation<T> preparation) throws InvalidKeyException {
        try {
            return preparation.run();
        } catch (InvalidKeyException e) {
            throw e;
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new InvalidKeyException("the RSA engine cannot take this key: " + e.getMessage(), e);
        }
    }
}
