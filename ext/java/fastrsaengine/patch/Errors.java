package fastrsaengine.patch;

import org.jruby.Ruby;
import org.jruby.RubyClass;
import org.jruby.exceptions.RaiseException;

/** The Ruby exceptions the patch raises: the classes MRI and stock jruby-openssl raise. */
final class Errors {
    private Errors() {
    }

    static RaiseException rsaError(Ruby runtime, String message) {
        return raise(runtime, "OpenSSL::PKey::RSAError", message);
    }

    static RaiseException pkeyError(Ruby runtime, String message) {
        return raise(runtime, "OpenSSL::PKey::PKeyError", message);
    }

    static RaiseException unavailableBackend(Ruby runtime, String message) {
        return raise(runtime, "FastRsaEngine::UnavailableBackendError", message);
    }

    private static RaiseException raise(Ruby runtime, String className, String message) {
        RubyClass errorClass = (RubyClass) runtime.getClassFromPath(className);
        return RaiseException.from(runtime, errorClass, message == null ? "" : message);
    }
}
