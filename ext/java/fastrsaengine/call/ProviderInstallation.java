package fastrsaengine.call;

import fastrsaengine.engines.rsa.RsaEngine;
import fastrsaengine.call.Stats.Outcome;
import fastrsaengine.provider.EngineSource;
import fastrsaengine.provider.FastRsaEngineProvider;
import java.security.Provider;
import java.security.Security;
import org.jruby.anno.JRubyMethod;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * FastRsaEngine.install_provider and friends, on FastRsaEngine::Native: the JCA provider
 * ({@link FastRsaEngineProvider}) registered JVM-wide at the position asked, running through this
 * runtime's engine (its backend as switched later) and counted in this runtime's stats as
 * {@code provider_<operation>}. Only ever done when asked; one provider of that name per JVM.
 */
public final class ProviderInstallation {
    private ProviderInstallation() {
    }

    /** Registers the provider at a position (1 is first); the position it got, or nil when one was already installed. */
    @JRubyMethod(name = "install_provider", module = true)
    public static IRubyObject install(ThreadContext context, IRubyObject module, IRubyObject position, IRubyObject version) {
        RuntimeEngine runtime = RuntimeEngine.of(module);
        int at = Security.insertProviderAt(new FastRsaEngineProvider(source(runtime), version.asJavaString()), (int) position.convertToInteger().getLongValue());
        return at < 0 ? context.nil : context.runtime.newFixnum(at);
    }

    /** Removes it; true when one was installed. */
    @JRubyMethod(name = "uninstall_provider", module = true)
    public static IRubyObject uninstall(ThreadContext context, IRubyObject module) {
        boolean installed = installed() != null;
        Security.removeProvider(FastRsaEngineProvider.NAME);
        return context.runtime.newBoolean(installed);
    }

    /** Its position among the JVM's providers (1 is first), or nil. */
    @JRubyMethod(name = "provider_position", module = true)
    public static IRubyObject position(ThreadContext context, IRubyObject module) {
        Provider[] providers = Security.getProviders();
        for (int i = 0; i < providers.length; i++) {
            if (providers[i].getName().equals(FastRsaEngineProvider.NAME)) return context.runtime.newFixnum(i + 1);
        }
        return context.nil;
    }

    private static Provider installed() {
        return Security.getProvider(FastRsaEngineProvider.NAME);
    }

    private static EngineSource source(RuntimeEngine runtime) {
        return new EngineSource() {
            @Override
            public RsaEngine engine() {
                return runtime.engine();
            }

            @Override
            public void count(String operation, boolean byEngine) {
                runtime.stats().count("provider_" + operation, byEngine ? Outcome.ENGINE : Outcome.BACKEND_STOCK);
            }
        };
    }
}
