package fastrsaengine.call;

import fastrsaengine.engines.rsa.KeyChecks;
import fastrsaengine.engines.rsa.PreparedPublicKey;
import fastrsaengine.engines.rsa.RsaEngine;
import fastrsaengine.engines.shared.WeakIdentityCache;
import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import org.jruby.ext.openssl.PKeyRSA;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * Per-key engine state (converted numbers, native handles, blinding pairs), kept beside the key,
 * never on it: a frozen key works, and nothing of the gem shows on the key object. It is keyed by
 * the Java key objects a Ruby RSA key holds (jruby-openssl replaces them on set_key and
 * set_factors, so a changed key gets new state), weakly: the state goes with the key. Threads
 * sharing a key share its state without a lock. State is one engine's, made again after a switch
 * of backend. An engine's refusal is kept too, so a key it declines goes straight to stock later.
 */
public final class KeyStates {
    private static final WeakIdentityCache<Object, KeyState> PRIVATE = new WeakIdentityCache<>();
    private static final WeakIdentityCache<Object, KeyState> PUBLIC = new WeakIdentityCache<>();

    private KeyStates() {
    }

    /** What one engine made of one Java key; {@code operations} is null where the engine declined it. */
    private static final class KeyState {
        final RsaEngine engine;
        final Object operations;

        KeyState(RsaEngine engine, Object operations) {
            this.engine = engine;
            this.operations = operations;
        }
    }

    /** How an engine readies one kind of key; throws or returns null to leave the key to stock. */
    private interface Preparer<K> {
        Object prepare(RsaEngine engine, K key) throws GeneralSecurityException;
    }

    /**
     * The engine's private-key operations for this key, or null for stock (no private key, declined).
     * The key's Java keys are read once, so a concurrent set_key cannot mix two keys' numbers.
     */
    public static PrivateKeyOperations privateOperations(RsaEngine engine, IRubyObject self) {
        if (!(self instanceof PKeyRSA)) return null;
        PKeyRSA key = (PKeyRSA) self;
        PrivateKey privateKey = key.getPrivateKey();
        if (!(privateKey instanceof RSAPrivateKey)) return null;
        PublicKey publicKey = key.getPublicKey();
        return (PrivateKeyOperations) cached(PRIVATE, engine, (RSAPrivateKey) privateKey,
            (e, k) -> new PrivateKeyOperations(KeyChecks.prepare(e, k, publicExponent(k, publicKey))));
    }

    /** The key's e: a CRT key carries it; a key of n and d alone takes it from its public half, if that matches. */
    private static BigInteger publicExponent(RSAPrivateKey privateKey, PublicKey publicKey) {
        if (privateKey instanceof RSAPrivateCrtKey && ((RSAPrivateCrtKey) privateKey).getPublicExponent() != null) {
            return ((RSAPrivateCrtKey) privateKey).getPublicExponent();
        }
        boolean matches = publicKey instanceof RSAPublicKey && ((RSAPublicKey) publicKey).getModulus().equals(privateKey.getModulus());
        return matches ? ((RSAPublicKey) publicKey).getPublicExponent() : null;
    }

    /** The engine's public-key operations for this key, or null for stock (engine no faster, no public key). */
    public static PublicKeyOperations publicOperations(RsaEngine engine, IRubyObject self) {
        return self instanceof PKeyRSA ? publicOperations(engine, ((PKeyRSA) self).getPublicKey()) : null;
    }

    /**
     * The engine's public-key operations for a Java key that is no Ruby key's (a PKCS#7 signer
     * certificate's, which Bouncy Castle's certificate keeps as one object), or null for stock.
     */
    public static PublicKeyOperations publicOperations(RsaEngine engine, PublicKey publicKey) {
        if (!(publicKey instanceof RSAPublicKey)) return null;
        return (PublicKeyOperations) cached(PUBLIC, engine, (RSAPublicKey) publicKey, (e, k) -> {
            PreparedPublicKey prepared = KeyChecks.preparePublic(e, k);
            return prepared == null ? null : new PublicKeyOperations(prepared);
        });
    }

    private static <K> Object cached(WeakIdentityCache<Object, KeyState> cache, RsaEngine engine, K source, Preparer<K> preparer) {
        KeyState state = cache.get(source);
        if (state != null && state.engine == engine) return state.operations;
        state = new KeyState(engine, prepare(engine, source, preparer));
        cache.put(source, state);
        return state.operations;
    }

    /**
     * A key the engine refuses ({@link KeyChecks}) or its library cannot take is left to stock, which
     * raises or copes as it always has; the refusal is kept with the key, so it is decided once.
     */
    private static <K> Object prepare(RsaEngine engine, K key, Preparer<K> preparer) {
        try {
            return preparer.prepare(engine, key);
        } catch (GeneralSecurityException | RuntimeException refused) {
            return null;
        }
    }
}
