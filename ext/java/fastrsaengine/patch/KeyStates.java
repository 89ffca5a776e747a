package fastrsaengine.patch;

import fastrsaengine.engines.KeyChecks;
import fastrsaengine.engines.PreparedPublicKey;
import fastrsaengine.engines.RsaEngine;
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
 * Per-key engine state (converted numbers, native handles, blinding pairs), kept on the Ruby key
 * object itself as a hidden variable: it lives and dies with the key, and threads sharing the key
 * share it without a lock. It is rebuilt when the key's Java key or the active engine changes
 * (set_key, set_factors, or a switch of backend). An engine's refusal is kept too, so a key it
 * declines goes straight to stock on later calls.
 */
final class KeyStates {
    private static final String PRIVATE_STATE = "fast_rsa_engine_private";
    private static final String PUBLIC_STATE = "fast_rsa_engine_public";

    private KeyStates() {
    }

    /** What one engine made of one Java key; {@code operations} is null where the engine declined it. */
    private static final class KeyState {
        final Object source;
        final RsaEngine engine;
        final Object operations;

        KeyState(Object source, RsaEngine engine, Object operations) {
            this.source = source;
            this.engine = engine;
            this.operations = operations;
        }
    }

    /** How an engine readies one kind of key; throws or returns null to leave the key to stock. */
    private interface Preparer<K> {
        Object prepare(RsaEngine engine, K key) throws GeneralSecurityException;
    }

    /** The engine's private-key operations for this key, or null for stock (engine off, no private key, declined). */
    static PrivateKeyOperations privateOperations(IRubyObject self) {
        if (!(self instanceof PKeyRSA)) return null;
        PKeyRSA key = (PKeyRSA) self;
        PrivateKey privateKey = key.getPrivateKey();
        if (!(privateKey instanceof RSAPrivateKey)) return null;
        return (PrivateKeyOperations) cached(self, PRIVATE_STATE, (RSAPrivateKey) privateKey,
            (engine, k) -> new PrivateKeyOperations(KeyChecks.prepare(engine, k, publicExponent(k, key.getPublicKey()))));
    }

    /** The key's e: a CRT key carries it; a key of n and d alone takes it from its public half, if that matches. */
    private static BigInteger publicExponent(RSAPrivateKey privateKey, PublicKey publicKey) {
        if (privateKey instanceof RSAPrivateCrtKey && ((RSAPrivateCrtKey) privateKey).getPublicExponent() != null) {
            return ((RSAPrivateCrtKey) privateKey).getPublicExponent();
        }
        boolean matches = publicKey instanceof RSAPublicKey && ((RSAPublicKey) publicKey).getModulus().equals(privateKey.getModulus());
        return matches ? ((RSAPublicKey) publicKey).getPublicExponent() : null;
    }

    /** The engine's public-key operations for this key, or null for stock (engine off or no faster, no public key). */
    static PublicKeyOperations publicOperations(IRubyObject self) {
        if (!(self instanceof PKeyRSA)) return null;
        PublicKey publicKey = ((PKeyRSA) self).getPublicKey();
        if (!(publicKey instanceof RSAPublicKey)) return null;
        return (PublicKeyOperations) cached(self, PUBLIC_STATE, (RSAPublicKey) publicKey, (engine, k) -> {
            PreparedPublicKey prepared = KeyChecks.preparePublic(engine, k);
            return prepared == null ? null : new PublicKeyOperations(prepared);
        });
    }

    private static <K> Object cached(IRubyObject self, String variable, K source, Preparer<K> preparer) {
        RsaEngine engine = ActiveEngine.get();
        if (engine == null) return null;
        Object cached = self.getInternalVariables().getInternalVariable(variable);
        if (cached instanceof KeyState) {
            KeyState state = (KeyState) cached;
            if (state.source == source && state.engine == engine) return state.operations;
        }
        KeyState state = new KeyState(source, engine, prepare(engine, source, preparer));
        self.getInternalVariables().setInternalVariable(variable, state);
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
