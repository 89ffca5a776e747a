package fastrsaengine.patch;

import fastrsaengine.engines.BackendContext;
import fastrsaengine.engines.BackendUnavailableException;
import fastrsaengine.engines.Backends;
import fastrsaengine.engines.RsaEngine;
import fastrsaengine.padding.EngineOperations;
import java.nio.file.Paths;
import java.util.Map;
import org.jruby.Ruby;
import org.jruby.RubyArray;
import org.jruby.RubyHash;
import org.jruby.RubyString;
import org.jruby.anno.JRubyMethod;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * FastRsaEngine::Native, what the Ruby shim drives: choosing the backend and describing it.
 * The public API (FastRsaEngine.backend and friends, the FAST_RSA_ENGINE variable) is Ruby's.
 */
public final class Control {
    private static final String STOCK = "stock";
    private static final String AUTO = "auto";
    private static volatile Backends backends;

    private Control() {
    }

    /** Points the backends at the gem's jar folder; once per JVM, before anything else. */
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
     * Makes a backend, "auto" (the fastest that runs) or "stock" active; raises
     * FastRsaEngine::UnavailableBackendError saying why not, and then changes nothing.
     */
    @JRubyMethod(name = "select", module = true)
    public static IRubyObject select(ThreadContext context, IRubyObject self, IRubyObject name) {
        String wanted = name.asJavaString();
        ActiveEngine.set(STOCK.equals(wanted) ? null : engine(context, wanted));
        return current(context, self);
    }

    /** Raw RSA operations the engines performed in this JVM (stock's are not counted). */
    @JRubyMethod(name = "engine_operations", module = true)
    public static IRubyObject engineOperations(ThreadContext context, IRubyObject self) {
        return context.runtime.newFixnum(EngineOperations.performed());
    }

    /** Yields to the block, stock's method ({@code Native.stock { super }}), Java exceptions repaired as for every patched method. */
    @JRubyMethod(name = "stock", module = true)
    public static IRubyObject stock(ThreadContext context, IRubyObject self, Block stock) {
        return Stock.call(context, stock);
    }

    @JRubyMethod(name = "current", module = true)
    public static IRubyObject current(ThreadContext context, IRubyObject self) {
        RsaEngine engine = ActiveEngine.get();
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
            return AUTO.equals(name) ? backends().fastest() : backends().engine(name);
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
