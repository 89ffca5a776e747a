package fastrsaengine.call;

import fastrsaengine.engines.BackendContext;
import fastrsaengine.engines.BackendUnavailableException;
import fastrsaengine.engines.Backends;
import fastrsaengine.engines.rsa.RsaEngine;
import fastrsaengine.engines.rsa.Split;
import fastrsaengine.padding.EngineOperations;
import java.nio.file.Paths;
import java.util.Map;
import org.jruby.Ruby;
import org.jruby.RubyArray;
import org.jruby.RubyHash;
import org.jruby.RubyModule;
import org.jruby.RubyString;
import org.jruby.anno.JRubyMethod;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * FastRsaEngine::Native, what the Ruby shim drives: choosing the backend of this runtime
 * ({@link RuntimeEngine}), describing it, and its counters. The backends themselves load once per
 * JVM, on first use. The public API (FastRsaEngine.backend and friends, the FAST_RSA_ENGINE
 * variable) is Ruby's.
 */
public final class Control {
    private static final String STOCK = "stock";
    private static final String AUTO = "auto";
    private static volatile Backends backends;

    private Control() {
    }

    /** Gives one runtime's extension modules their state: each runtime chooses its own backend. */
    public static void attachRuntimeState(RubyModule... modules) {
        RuntimeEngine.attach(modules);
    }

    /** Points the backends at the gem's jar folder; the first runtime's call decides for the JVM. */
    @JRubyMethod(name = "configure", module = true)
    public static IRubyObject configure(ThreadContext context, IRubyObject self, IRubyObject jarDirectory) {
        synchronized (Control.class) {
            if (backends == null) {
                backends = new Backends(new BackendContext(Paths.get(jarDirectory.asJavaString()), Control.class.getClassLoader()));
            }
        }
        return context.nil;
    }

    /** The native backends' names, fastest first, whether or not they load here. */
    @JRubyMethod(name = "backend_names", module = true)
    public static IRubyObject backendNames(ThreadContext context, IRubyObject self) {
        return strings(context.runtime, Backends.names());
    }

    /** The native backends that load and pass their self-test here, fastest first. */
    @JRubyMethod(name = "available", module = true)
    public static IRubyObject available(ThreadContext context, IRubyObject self) {
        return strings(context.runtime, backends().available());
    }

    /**
     * Makes a backend active in this runtime, loading only what it needs: a backend by name, "stock",
     * or "auto", the fastest that runs, else stock ({@link #tried} says why). A backend that cannot run
     * raises FastRsaEngine::UnavailableBackendError saying why, and changes nothing.
     */
    @JRubyMethod(name = "select", module = true)
    public static IRubyObject select(ThreadContext context, IRubyObject self, IRubyObject name) {
        String wanted = name.asJavaString();
        RuntimeEngine.of(self).use(STOCK.equals(wanted) ? null : AUTO.equals(wanted) ? fastestOrStock() : engine(context, wanted));
        return current(context, self);
    }

    private static RsaEngine fastestOrStock() {
        try {
            return backends().fastest();
        } catch (BackendUnavailableException noneRunsHere) {
            return null;
        }
    }

    /** What was tried so far, without loading anything: {name => "available" or why not}. */
    @JRubyMethod(name = "tried", module = true)
    public static IRubyObject tried(ThreadContext context, IRubyObject self) {
        RubyHash tried = RubyHash.newHash(context.runtime);
        backends().tried().forEach((name, outcome) -> tried.fastASet(context.runtime.newString(name), context.runtime.newString(outcome)));
        return tried;
    }

    /** This runtime's counters ({@link Stats}). */
    @JRubyMethod(name = "stats", module = true)
    public static IRubyObject stats(ThreadContext context, IRubyObject self) {
        return RuntimeEngine.of(self).stats().toHash(context.runtime);
    }

    @JRubyMethod(name = "reset_stats", module = true)
    public static IRubyObject resetStats(ThreadContext context, IRubyObject self) {
        RuntimeEngine.of(self).stats().reset();
        return context.nil;
    }

    /** Raw RSA operations the engines performed in this JVM (stock's are not counted). */
    @JRubyMethod(name = "engine_operations", module = true)
    public static IRubyObject engineOperations(ThreadContext context, IRubyObject self) {
        return context.runtime.newFixnum(EngineOperations.performed());
    }

    /** Java failures the gem turned into Ruby errors in this JVM: the fuzzer's way to tell the gem's error from stock's own. */
    @JRubyMethod(name = "java_repairs", module = true)
    public static IRubyObject javaRepairs(ThreadContext context, IRubyObject self) {
        return context.runtime.newFixnum(Errors.repairs());
    }

    /**
     * Yields to the block, stock's method ({@code Native.stock(:generate) { super }}), Java
     * exceptions repaired as for the patched method named (RSA.new(bits) is "generate").
     */
    @JRubyMethod(name = "stock", module = true)
    public static IRubyObject stock(ThreadContext context, IRubyObject self, IRubyObject method, Block stock) {
        return Stock.call(context, method.asJavaString(), stock);
    }

    /** Whether the split is on in this JVM ({@link Split}: its helper threads are the JVM's, shared by every runtime). */
    @JRubyMethod(name = "split?", module = true)
    public static IRubyObject split(ThreadContext context, IRubyObject self) {
        return context.runtime.newBoolean(Split.isOn());
    }

    /** Turns the split on (where the JVM has a second core) or off, for the JVM; answers whether it is on. */
    @JRubyMethod(name = "split_on", module = true)
    public static IRubyObject turnSplit(ThreadContext context, IRubyObject self, IRubyObject wanted) {
        Split.turn(wanted.isTrue());
        return context.runtime.newBoolean(Split.isOn());
    }

    /** What the split does here, for FastRsaEngine.info. */
    @JRubyMethod(name = "describe_split", module = true)
    public static IRubyObject describeSplit(ThreadContext context, IRubyObject self) {
        return context.runtime.newString(Split.describe());
    }

    /** Whether this runtime's backend has an EC engine (self-tested when the backend loaded). */
    @JRubyMethod(name = "ec?", module = true)
    public static IRubyObject ec(ThreadContext context, IRubyObject self) {
        RsaEngine engine = RuntimeEngine.of(self).engine();
        return context.runtime.newBoolean(engine != null && engine.ec() != null);
    }

    /** Turns EC's engine path on once its start-up check passed (FastRsaEngine::Startup), or off where it failed. */
    @JRubyMethod(name = "ec_applied=", module = true)
    public static IRubyObject setEcApplied(ThreadContext context, IRubyObject self, IRubyObject applied) {
        RuntimeEngine.of(self).applyEc(applied.isTrue());
        return applied;
    }

    /**
     * Leaves a structure method to stock's computation whatever the backend: one patched with :stock at
     * require whose end-to-end check failed with the engine later (FastRsaEngine::Startup).
     */
    @JRubyMethod(name = "leave_to_stock", module = true)
    public static IRubyObject leaveToStock(ThreadContext context, IRubyObject self, IRubyObject method) {
        RuntimeEngine.of(self).leaveToStock(method.asJavaString());
        return context.nil;
    }

    @JRubyMethod(name = "current", module = true)
    public static IRubyObject current(ThreadContext context, IRubyObject self) {
        RsaEngine engine = RuntimeEngine.of(self).engine();
        return context.runtime.newString(engine == null ? STOCK : engine.name());
    }

    /** What a backend is: library, version, origin; raises like select when it cannot load. */
    @JRubyMethod(name = "describe", module = true)
    public static IRubyObject describe(ThreadContext context, IRubyObject self, IRubyObject name) {
        RubyHash info = RubyHash.newHash(context.runtime);
        for (Map.Entry<String, String> entry : engine(context, name.asJavaString()).describe().entrySet()) {
            info.fastASet(context.runtime.newSymbol(entry.getKey()), context.runtime.newString(entry.getValue()));
        }
        return info;
    }

    private static RsaEngine engine(ThreadContext context, String name) {
        try {
            return backends().engine(name);
        } catch (BackendUnavailableException e) {
            throw Errors.unavailableBackend(context.runtime, e.getMessage());
        }
    }

    private static Backends backends() {
        Backends configured = backends;
        if (configured == null) throw new IllegalStateException("FastRsaEngine::Native.configure was not called");
        return configured;
    }

    private static RubyArray<?> strings(Ruby runtime, Iterable<String> values) {
        RubyArray<?> array = runtime.newArray();
        for (String value : values) array.append(RubyString.newString(runtime, value));
        return array;
    }
}
