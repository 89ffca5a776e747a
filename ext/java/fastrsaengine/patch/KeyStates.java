package fastrsaengine.patch;

import fastrsaengine.engines.BackendUnavailableException;
import fastrsaengine.engines.RsaEngine;
import fastrsaengine.padding.PrivateKeyOperations;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import org.jruby.ext.openssl.PKeyRSA;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * Per-key engine state (converted numbers, native handles, blinding pair), kept on the Ruby key
 * object itself as a hidden variable: it lives and dies with the key, and threads sharing the key
 * share it without a lock. It is rebuilt when the key's Java key or the active engine changes
 * (set_key, set_factors, or a switch of backend).
 */
final class KeyStates {
    private static final String VARIABLE = "fast_rsa_engine_state";

    private KeyStates() {
    }

    private static final class KeyState {
        final PrivateKey source;
        final RsaEngine engine;
        final PrivateKeyOperations operations;

        KeyState(PrivateKey source, RsaEngine engine, PrivateKeyOperations operations) {
            this.source = source;
            this.engine = engine;
            this.operations = operations;
        }
    }

    /** The engine's operations for this key, or null when stock must handle it (engine off, no private key). */
    static PrivateKeyOperations operations(IRubyObject self) {
        RsaEngine engine = ActiveEngine.get();
        if (engine == null || !(self instanceof PKeyRSA)) return null;
        PKeyRSA key = (PKeyRSA) self;
        PrivateKey privateKey = key.getPrivateKey();
        if (!(privateKey instanceof RSAPrivateKey)) return null;

        Object cached = self.getInternalVariables().getInternalVariable(VARIABLE);
        if (cached instanceof KeyState) {
            KeyState state = (KeyState) cached;
            if (state.source == privateKey && state.engine == engine) return state.operations;
        }
        KeyState state = prepare(engine, (RSAPrivateKey) privateKey, key.getPublicKey());
        if (state == null) return null;
        self.getInternalVariables().setInternalVariable(VARIABLE, state);
        return state.operations;
    }

    /** A key the engine refuses to convert is left to stock, which raises or copes as it always has. */
    private static KeyState prepare(RsaEngine engine, RSAPrivateKey privateKey, PublicKey publicKey) {
        RSAPublicKey rsaPublicKey = publicKey instanceof RSAPublicKey ? (RSAPublicKey) publicKey : null;
        try {
            return new KeyState(privateKey, engine, new PrivateKeyOperations(engine.prepare(privateKey, rsaPublicKey)));
        } catch (GeneralSecurityException | BackendUnavailableException | IllegalArgumentException refused) {
            return null;
        }
    }
}
