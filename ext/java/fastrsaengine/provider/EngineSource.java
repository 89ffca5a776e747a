package fastrsaengine.provider;

import fastrsaengine.engines.ec.EcEngine;
import fastrsaengine.engines.ec.PreparedEcKey;
import fastrsaengine.engines.rsa.RsaEngine;
import java.security.Key;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.ECPrivateKey;

/**
 * Where a provider's operations run, which keys it takes there, and where they are counted: the
 * engine of the JRuby runtime that installed it (its backend as switched at run time), and that
 * runtime's FastRsaEngine.stats.
 */
public interface EngineSource {
    /** The active engine; null while the backend is stock (the JDK's arithmetic then answers). */
    RsaEngine engine();

    /**
     * Whether the engine takes this key at all: every key for the opt-in provider; for the TLS
     * provider only the keys of jruby-openssl's SSL sockets, while a native backend is active. A key
     * not claimed is the JDK's: its provider selection passes it on, and a service asked by name
     * leaves it to the JDK's twin.
     */
    boolean claims(Key key);

    /** The engine's ECDSA for a key it claims, or null where the JDK's computes (no EC engine, a curve it lacks). */
    default PreparedEcKey ecKey(ECPrivateKey key) {
        return null;
    }

    /** The active backend's EC engine, or null (none, or the backend is stock). */
    default EcEngine ecEngine() {
        return null;
    }

    /**
     * Whether this thread is in an SSL socket's handshake of the runtime that installed the provider:
     * the TLS provider makes key shares only there, the JDK's generator everywhere else.
     */
    default boolean handshaking() {
        return false;
    }

    /** Keeps a key pair made for a handshake's key exchange, so that the provider claims its agreement. */
    default void holdEphemeral(PrivateKey key, PublicKey publicKey) {
    }

    /** Counts one operation of the provider's, answered by the engine or by the JDK's arithmetic. */
    void count(String operation, boolean byEngine);
}
