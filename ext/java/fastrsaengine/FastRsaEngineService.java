package fastrsaengine;

import fastrsaengine.patch.Control;
import fastrsaengine.patch.RsaPatch;
import org.jruby.Ruby;
import org.jruby.RubyClass;
import org.jruby.RubyModule;
import org.jruby.runtime.load.BasicLibraryService;

/**
 * The extension's entry point, loaded by lib/fast_rsa_engine/jruby.rb after 'openssl':
 * defines FastRsaEngine::Native (backend control) and prepends FastRsaEngine::RsaPatch
 * to OpenSSL::PKey::RSA. With no backend selected the patch passes every call to stock.
 */
public final class FastRsaEngineService implements BasicLibraryService {

    @Override
    public boolean basicLoad(Ruby runtime) {
        RubyModule fastRsaEngine = runtime.defineModule("FastRsaEngine");
        fastRsaEngine.defineModuleUnder("Native").defineAnnotatedMethods(Control.class);

        RubyModule patch = fastRsaEngine.defineModuleUnder("RsaPatch");
        patch.defineAnnotatedMethods(RsaPatch.class);
        RubyClass rsa = (RubyClass) runtime.getClassFromPath("OpenSSL::PKey::RSA");
        rsa.prependModule(patch);
        return true;
    }
}
