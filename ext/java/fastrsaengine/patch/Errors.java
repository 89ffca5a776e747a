package fastrsaengine.patch;

import java.nio.charset.StandardCharsets;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.jruby.Ruby;
import org.jruby.RubyClass;
import org.jruby.RubyString;
import org.jruby.exceptions.RaiseException;

/**
 * The one place where failures become Ruby errors: the classes MRI raises, with stock
 * jruby-openssl's messages where stock has one. No Java exception reaches Ruby from a patched method.
 */
final class Errors {
    private Errors() {
    }

    static RaiseException rsaError(Ruby runtime, String message) {
        return raise(runtime, "OpenSSL::PKey::RSAError", message);
    }

    static RaiseException pkeyError(Ruby runtime, String message) {
        return raise(runtime, "OpenSSL::PKey::PKeyError", message);
    }

    /**
     * OpenSSL's refusal of one option pair (EVP_PKEY_CTX_ctrl_str), as MRI words it: the key and
     * value inspected, and OpenSSL's reason where it gives one (null: none).
     */
    static RaiseException refusedOption(Ruby runtime, RubyString name, RubyString value, String reason) {
        String call = "EVP_PKEY_CTX_ctrl_str(ctx, " + inspect(runtime, name) + ", " + inspect(runtime, value) + ")";
        return pkeyError(runtime, reason == null ? call : call + ": " + reason);
    }

    private static String inspect(Ruby runtime, RubyString string) {
        return new String(RubyString.inspect(runtime, string.getByteList()).getBytes(), StandardCharsets.UTF_8);
    }

    static RaiseException unavailableBackend(Ruby runtime, String message) {
        return raise(runtime, "FastRsaEngine::UnavailableBackendError", message);
    }

    /**
     * A Java exception from the engine, the paddings or stock, as OpenSSL::PKey::RSAError, the class MRI
     * raises for RSA failures. A padding that does not check reads alike whatever went wrong (no
     * oracle), as stock's JCA cipher reports it. Ruby errors pass unchanged. The messages are Bouncy
     * Castle's, the JDK's or the engine's, none of which carries key material.
     */
    static RaiseException fromJava(Ruby runtime, Exception e) {
        if (e instanceof RaiseException) return (RaiseException) e;
        if (e instanceof InvalidCipherTextException) return rsaError(runtime, "unable to decrypt block");
        return rsaError(runtime, e.getMessage());
    }

    private static RaiseException raise(Ruby runtime, String className, String message) {
        RubyClass errorClass = (RubyClass) runtime.getClassFromPath(className);
        return RaiseException.from(runtime, errorClass, message == null ? "" : message);
    }
}
