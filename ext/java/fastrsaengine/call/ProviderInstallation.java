package fastrsaengine.call;

import fastrsaengine.engines.ec.EcEngine;
import fastrsaengine.engines.ec.PreparedEcKey;
import fastrsaengine.engines.rsa.RsaEngine;
import fastrsaengine.call.Stats.Outcome;
import fastrsaengine.provider.EngineSource;
import fastrsaengine.provider.FastRsaEngineProvider;
import fastrsaengine.provider.TlsKeys;
import java.security.Key;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.security.interfaces.ECPrivateKey;
import org.jruby.anno.JRubyMethod;
import org.jruby.ext.openssl.PKey;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The gem's JCA providers ({@link FastRsaEngineProvider}) on FastRsaEngine::Native, each registered
 * JVM-wide, one of each name per JVM, running through this runtime's engine (its backend as
 * switched later):
 *
 * <ul>
 * <li>FastRsaEngine.install_provider and friends: the opt-in provider at the position asked, for
 * every RSA key, counted as {@code provider_<operation>}; only ever installed when asked.
 * <li>The TLS provider, installed first at require (unless FAST_RSA_ENGINE_TLS=off) by the first
 * runtime of the JVM to load the gem: the signatures of the keys this runtime's SSL sockets hold
 * (hold_tls_key), while a native backend is active, counted as {@code tls_<operation>}.
 * </ul>
 */
public final class ProviderInstallation {
    private ProviderInstallation() {
    }

    /** Registers the provider at a position (1 is first); the position it got, or nil when one was already installed. */
    @JRubyMethod(name = "install_provider", module = true)
    public static IRubyObject install(ThreadContext context, IRubyObject module, IRubyObject position, IRubyObject version) {
        RuntimeEngine runtime = RuntimeEngine.of(module);
        FastRsaEngineProvider provider = FastRsaEngineProvider.optIn(source(runtime, "provider_", key -> true), version.asJavaString());
        int at = Security.insertProviderAt(provider, (int) position.convertToInteger().getLongValue());
        return at < 0 ? context.nil : context.runtime.newFixnum(at);
    }

    /** Removes it; true when one was installed. */
    @JRubyMethod(name = "uninstall_provider", module = true)
    public static IRubyObject uninstall(ThreadContext context, IRubyObject module) {
        boolean installed = Security.getProvider(FastRsaEngineProvider.NAME) != null;
        Security.removeProvider(FastRsaEngineProvider.NAME);
        return context.runtime.newBoolean(installed);
    }

    /** Its position among the JVM's providers (1 is first), or nil. */
    @JRubyMethod(name = "provider_position", module = true)
    public static IRubyObject position(ThreadContext context, IRubyObject module) {
        return positionOf(context, FastRsaEngineProvider.NAME);
    }

    /**
     * Registers the TLS provider first among the JVM's for this runtime's SSL keys; true when it is
     * this runtime's, false when another runtime of the JVM installed it before (this runtime's
     * handshakes then stay with the JDK's providers).
     */
    @JRubyMethod(name = "install_tls", module = true)
    public static IRubyObject installTls(ThreadContext context, IRubyObject module, IRubyObject version) {
        RuntimeEngine runtime = RuntimeEngine.of(module);
        if (runtime.tlsKeys() != null) return context.runtime.getTrue();
        TlsKeys keys = new TlsKeys();
        EngineSource source = source(runtime, "tls_", key -> runtime.engine() != null && keys.holds(key), keys);
        boolean installed = Security.insertProviderAt(FastRsaEngineProvider.forTls(source, version.asJavaString()), 1) > 0;
        if (installed) runtime.routeTls(keys);
        return context.runtime.newBoolean(installed);
    }

    /** The TLS provider's position among the JVM's providers (1 is first), or nil. */
    @JRubyMethod(name = "tls_position", module = true)
    public static IRubyObject tlsPosition(ThreadContext context, IRubyObject module) {
        return positionOf(context, FastRsaEngineProvider.TLS_NAME);
    }

    /** Whether this runtime's SSL keys go to the TLS provider (it installed it). */
    @JRubyMethod(name = "tls_routed?", module = true)
    public static IRubyObject tlsRouted(ThreadContext context, IRubyObject module) {
        return context.runtime.newBoolean(RuntimeEngine.of(module).tlsKeys() != null);
    }

    /** Holds an SSL socket's Ruby key (nil, or a key without its private half: nothing to hold). */
    @JRubyMethod(name = "hold_tls_key", module = true)
    public static IRubyObject holdTlsKey(ThreadContext context, IRubyObject module, IRubyObject key) {
        TlsKeys keys = RuntimeEngine.of(module).tlsKeys();
        if (keys != null && key instanceof PKey) {
            PrivateKey privateKey = ((PKey) key).getPrivateKey();
            if (privateKey != null) keys.hold(privateKey, ((PKey) key).getPublicKey());
        }
        return context.nil;
    }

    /** Runs the block (an SSLSocket's connect or accept, stock's) as a handshake of this runtime's SSL sockets: its key shares are the provider's. */
    @JRubyMethod(name = "tls_handshake", module = true)
    public static IRubyObject tlsHandshake(ThreadContext context, IRubyObject module, Block block) {
        TlsKeys keys = RuntimeEngine.of(module).tlsKeys();
        return keys == null ? block.yieldSpecific(context) : keys.handshake(() -> block.yieldSpecific(context));
    }

    private static IRubyObject positionOf(ThreadContext context, String name) {
        Provider[] providers = Security.getProviders();
        for (int i = 0; i < providers.length; i++) {
            if (providers[i].getName().equals(name)) return context.runtime.newFixnum(i + 1);
        }
        return context.nil;
    }

    private interface Claim {
        boolean of(Key key);
    }

    private static EngineSource source(RuntimeEngine runtime, String countedAs, Claim claim) {
        return source(runtime, countedAs, claim, null);
    }

    /** @param tlsKeys where an EC key's public half is read (the TLS provider's ECDSA); null for a provider without EC */
    private static EngineSource source(RuntimeEngine runtime, String countedAs, Claim claim, TlsKeys tlsKeys) {
        return new EngineSource() {
            @Override
            public RsaEngine engine() {
                return runtime.engine();
            }

            @Override
            public boolean claims(Key key) {
                return claim.of(key);
            }

            @Override
            public PreparedEcKey ecKey(ECPrivateKey key) {
                EcEngine engine = runtime.ecEngine();
                if (tlsKeys == null || engine == null) return null;
                EcKeyStates.Prepared<PreparedEcKey> prepared = EcKeyStates.privateKey(engine, key, tlsKeys.publicKeyOf(key));
                return prepared == null ? null : prepared.key;
            }

            @Override
            public EcEngine ecEngine() {
                return runtime.ecEngine();
            }

            @Override
            public boolean handshaking() {
                return tlsKeys != null && tlsKeys.handshaking() && runtime.engine() != null;
            }

            /** Made by the engine or by X25519's own code, not read from a Ruby key: nothing to check it against. */
            @Override
            public void holdEphemeral(PrivateKey key, PublicKey publicKey) {
                if (tlsKeys != null) tlsKeys.hold(key, null);
            }

            @Override
            public void count(String operation, boolean byEngine) {
                runtime.stats().count(countedAs + operation, byEngine ? Outcome.ENGINE : Outcome.BACKEND_STOCK);
            }
        };
    }
}
