package fastrsaengine.patch;

import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PublicKeyOperations;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.util.ByteList;

/** verify read into an engine call, for engines whose public operation beats stock's. */
final class Verifying {
    private Verifying() {
    }

    /** verify(digest, signature, data): PKCS#1 v1.5; true or false, or null for stock (options: PSS). */
    static Boolean verify(ThreadContext context, PublicKeyOperations key, IRubyObject[] args) {
        DigestAlgorithm digest = RubyArgs.digest(context, args[0]);
        byte[] signature = RubyArgs.byteArray(args[1]);
        ByteList data = RubyArgs.bytes(args[2]);
        boolean hasOptions = args.length > 3 && !args[3].isNil();
        if (digest == null || signature == null || data == null || hasOptions) return null;
        return key.verifyPkcs1(digest, signature, data.unsafeBytes(), data.begin(), data.realSize());
    }
}
