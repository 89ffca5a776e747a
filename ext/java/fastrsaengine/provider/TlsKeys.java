package fastrsaengine.provider;

import fastrsaengine.engines.shared.WeakIdentityCache;
import java.security.Key;
import java.security.PrivateKey;
import java.security.PublicKey;

/**
 * The keys of one JRuby runtime's SSL sockets: for each OpenSSL::SSL::SSLSocket made, its context's
 * Ruby key (the Ruby shim's TlsPatch), as the Java private key jruby-openssl's key manager hands
 * JSSE, by identity and weakly, with its public half (an EC key is checked against it once); and the
 * ephemeral keys of the handshakes' key exchange made while a thread runs an SSLSocket's connect or
 * accept (handshake). The TLS provider claims these keys and no other, so every other caller of
 * the JVM's providers keeps the JDK's.
 */
public final class TlsKeys {
    /** The keys of the runtime whose SSLSocket this thread is in connect or accept of; null outside. */
    private static final ThreadLocal<TlsKeys> HANDSHAKING = new ThreadLocal<>();

    private final WeakIdentityCache<Key, Held> held = new WeakIdentityCache<>();

    /** What runs an SSLSocket's connect or accept: JSSE makes its handshake's key shares on this thread meanwhile. */
    public interface Handshake<T, E extends Throwable> {
        T run() throws E;
    }

    public <T, E extends Throwable> T handshake(Handshake<T, E> handshake) throws E {
        TlsKeys before = HANDSHAKING.get();
        HANDSHAKING.set(this);
        try {
            return handshake.run();
        } finally {
            if (before == null) HANDSHAKING.remove();
            else HANDSHAKING.set(before);
        }
    }

    /** Whether this thread is in a handshake of this runtime's SSL sockets. */
    public boolean handshaking() {
        return HANDSHAKING.get() == this;
    }

    /** A held key's public half; null where the Ruby key has none (an EC key loaded without its point). */
    private static final class Held {
        final PublicKey publicKey;

        Held(PublicKey publicKey) {
            this.publicKey = publicKey;
        }
    }

    public void hold(PrivateKey key, PublicKey publicKey) {
        if (held.get(key) == null) held.put(key, new Held(publicKey));
    }

    public boolean holds(Key key) {
        return held.get(key) != null;
    }

    /** The public half held with a private key; null where it has none or is not held. */
    public PublicKey publicKeyOf(Key key) {
        Held entry = held.get(key);
        return entry == null ? null : entry.publicKey;
    }
}
