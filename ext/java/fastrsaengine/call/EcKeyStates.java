package fastrsaengine.call;

import fastrsaengine.engines.ec.EcCurve;
import fastrsaengine.engines.ec.EcEngine;
import fastrsaengine.engines.ec.EcKeyChecks;
import fastrsaengine.engines.ec.PreparedEcKey;
import fastrsaengine.engines.ec.PreparedEcPublicKey;
import fastrsaengine.engines.shared.WeakIdentityCache;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECPoint;
import org.jruby.ext.openssl.PKeyEC;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * Per-key EC engine state, kept beside the key as RSA's is ({@code KeyStates}): keyed weakly by the
 * Java keys a Ruby EC key holds (jruby-openssl replaces them on private_key= and public_key=), one
 * engine's, made again after a switch of backend; a key the engine declines (a curve it lacks,
 * numbers that disagree) is remembered and goes straight to stock.
 */
public final class EcKeyStates {
    private static final WeakIdentityCache<Object, State> PRIVATE = new WeakIdentityCache<>();
    private static final WeakIdentityCache<Object, State> PUBLIC = new WeakIdentityCache<>();

    private EcKeyStates() {
    }

    /** A key as the engine holds it, with its curve. */
    public static final class Prepared<K> {
        public final EcCurve curve;
        public final K key;

        Prepared(EcCurve curve, K key) {
            this.curve = curve;
            this.key = key;
        }
    }

    /** What one engine made of one Java key; {@code prepared} null where it declined. */
    private static final class State {
        final EcEngine engine;
        /** The public key the private key was checked against: another one means check again. */
        final Object publicSource;
        final Prepared<?> prepared;

        State(EcEngine engine, Object publicSource, Prepared<?> prepared) {
            this.engine = engine;
            this.publicSource = publicSource;
            this.prepared = prepared;
        }
    }

    private interface Preparer {
        Prepared<?> prepare() throws GeneralSecurityException;
    }

    /**
     * The engine's private key for this Ruby key, or null for stock (not an EC key, no private part, a
     * curve the engine lacks, numbers that disagree). The Java keys are read once.
     */
    public static Prepared<PreparedEcKey> privateKey(EcEngine engine, IRubyObject self) {
        if (!(self instanceof PKeyEC)) return null;
        PrivateKey privateKey = ((PKeyEC) self).getPrivateKey();
        if (!(privateKey instanceof ECPrivateKey)) return null;
        return privateKey(engine, (ECPrivateKey) privateKey, ((PKeyEC) self).getPublicKey());
    }

    /**
     * The same for the Java keys a Ruby key held (the TLS provider's, given jruby-openssl's SSL's
     * key): the private key, checked against its public half where it has one.
     */
    @SuppressWarnings("unchecked")
    public static Prepared<PreparedEcKey> privateKey(EcEngine engine, ECPrivateKey key, PublicKey publicKey) {
        return (Prepared<PreparedEcKey>) cached(PRIVATE, engine, key, publicKey, () -> {
            EcCurve curve = EcCurve.of(key.getParams());
            return curve == null ? null : new Prepared<>(curve, EcKeyChecks.prepare(engine, curve, key.getS(), pointOf(publicKey)));
        });
    }

    /**
     * The engine's public key for this Ruby key, or null for stock (no public point, a curve the engine
     * lacks). A private key without its point (stock reads none from a key written without it) verifies
     * with the point the engine computes from the scalar, as OpenSSL computes it when it loads such a key.
     */
    @SuppressWarnings("unchecked")
    public static Prepared<PreparedEcPublicKey> publicKey(EcEngine engine, IRubyObject self) {
        if (!(self instanceof PKeyEC)) return null;
        PublicKey publicKey = ((PKeyEC) self).getPublicKey();
        return publicKey instanceof ECPublicKey ? publicKey(engine, (ECPublicKey) publicKey) : publicKeyOfScalar(engine, self);
    }

    /**
     * The engine's public key for a Java key that is no Ruby key's (an OCSP signer certificate's), or
     * null for stock (a curve the engine lacks, a point it refuses).
     */
    @SuppressWarnings("unchecked")
    public static Prepared<PreparedEcPublicKey> publicKey(EcEngine engine, ECPublicKey key) {
        return (Prepared<PreparedEcPublicKey>) cached(PUBLIC, engine, key, null, () -> {
            EcCurve curve = EcCurve.of(key.getParams());
            return curve == null ? null : new Prepared<>(curve, EcKeyChecks.preparePublic(engine, curve, key.getW()));
        });
    }

    @SuppressWarnings("unchecked")
    private static Prepared<PreparedEcPublicKey> publicKeyOfScalar(EcEngine engine, IRubyObject self) {
        Prepared<PreparedEcKey> privateKey = privateKey(engine, self);
        if (privateKey == null) return null;
        return (Prepared<PreparedEcPublicKey>) cached(PUBLIC, engine, privateKey, null, () -> {
            ECPoint point = EcKeyChecks.publicPoint(engine, privateKey.curve, privateKey.key);
            return new Prepared<>(privateKey.curve, EcKeyChecks.preparePublic(engine, privateKey.curve, point));
        });
    }

    /** The curve and point of a Ruby EC key's public half, or null: derive's peer. */
    public static Peer peerOf(IRubyObject peer) {
        PublicKey publicKey = peer instanceof PKeyEC ? ((PKeyEC) peer).getPublicKey() : null;
        if (!(publicKey instanceof ECPublicKey)) return null;
        ECPublicKey key = (ECPublicKey) publicKey;
        EcCurve curve = EcCurve.of(key.getParams());
        return curve == null ? null : new Peer(curve, key.getW());
    }

    /** A peer's point and the curve it claims. */
    public static final class Peer {
        public final EcCurve curve;
        public final ECPoint point;

        Peer(EcCurve curve, ECPoint point) {
            this.curve = curve;
            this.point = point;
        }
    }

    private static ECPoint pointOf(PublicKey publicKey) {
        return publicKey instanceof ECPublicKey ? ((ECPublicKey) publicKey).getW() : null;
    }

    private static Prepared<?> cached(WeakIdentityCache<Object, State> cache, EcEngine engine, Object source, Object publicSource, Preparer preparer) {
        State state = cache.get(source);
        if (state != null && state.engine == engine && state.publicSource == publicSource) return state.prepared;
        state = new State(engine, publicSource, prepare(preparer));
        cache.put(source, state);
        return state.prepared;
    }

    /** A key the engine refuses ({@link EcKeyChecks}) or its library cannot take is stock's, decided once. */
    private static Prepared<?> prepare(Preparer preparer) {
        try {
            return preparer.prepare();
        } catch (GeneralSecurityException | RuntimeException refused) {
            return null;
        }
    }
}
