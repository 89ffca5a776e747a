package fastrsaengine.call;

import fastrsaengine.engines.ec.EcEngine;
import fastrsaengine.engines.rsa.RsaEngine;
import fastrsaengine.provider.TlsKeys;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jruby.RubyModule;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * One JRuby runtime's engine: the backend its calls go through (null for stock jruby-openssl) and
 * its counters. A JVM may host several runtimes (jruby-rack's pool, ScriptingContainer), and each
 * chooses for itself; only the backends' libraries, which load once per JVM, are shared
 * ({@link Control}). Kept on the extension's modules, where every method finds it through the
 * module it is called on. The engine is read once per call ({@link Call}) without a lock; a switch
 * lets calls already running finish on the engine they started with.
 */
final class RuntimeEngine {
    private static final String VARIABLE = "fast_rsa_engine_runtime";

    private volatile RsaEngine engine;
    /** Whether EC keys go through the engine: once the start-up check passed EC's methods (Ruby's StartupCheck.ec). */
    private volatile boolean ecApplied;
    /**
     * Structure methods patched with the backend :stock at require whose end-to-end check then failed
     * with a native engine (Ruby's Startup.apply_structures): each computes as with :stock.
     */
    private final Set<String> leftToStock = ConcurrentHashMap.newKeySet();
    private final Stats stats = new Stats();
    /** The keys of this runtime's SSL sockets, where the JVM's TLS provider is this runtime's; null otherwise. */
    private volatile TlsKeys tlsKeys;

    private RuntimeEngine() {
    }

    /** Gives the modules of one runtime their shared state. */
    static void attach(RubyModule... modules) {
        RuntimeEngine state = new RuntimeEngine();
        for (RubyModule module : modules) module.getInternalVariables().setInternalVariable(VARIABLE, state);
    }

    static RuntimeEngine of(IRubyObject module) {
        return (RuntimeEngine) module.getInternalVariables().getInternalVariable(VARIABLE);
    }

    RsaEngine engine() {
        return engine;
    }

    /** The engine of a call of the patched method of that name: none where the method is left to stock. */
    RsaEngine engineFor(String method) {
        return leftToStock.contains(method) ? null : engine;
    }

    void leaveToStock(String method) {
        leftToStock.add(method);
    }

    void use(RsaEngine newEngine) {
        engine = newEngine;
    }

    /** The active backend's EC engine while EC is applied; null for stock. */
    EcEngine ecEngine() {
        RsaEngine active = engine;
        return active == null || !ecApplied ? null : active.ec();
    }

    TlsKeys tlsKeys() {
        return tlsKeys;
    }

    void routeTls(TlsKeys keys) {
        tlsKeys = keys;
    }

    boolean ecApplied() {
        return ecApplied;
    }

    void applyEc(boolean applied) {
        ecApplied = applied;
    }

    Stats stats() {
        return stats;
    }
}
