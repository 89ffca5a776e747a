package fastrsaengine.rsa;

import fastrsaengine.call.Errors;
import org.jruby.RubyArray;
import org.jruby.RubyProc;
import org.jruby.anno.JRubyMethod;
import org.jruby.exceptions.RaiseException;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * RSA.new(source [, pass phrase]): stock reads the key, and answers as it always has, but for one
 * repair. Given a key of another type (EC, DSA, Ed25519...), stock raises RSAError naming the
 * Java class it read ("Neither PUB key nor PRIV key: (invalid key type
 * org.jruby.ext.openssl.impl.ECPrivateKeyWithName)"), where MRI names the key's type ("incorrect
 * pkey type: id-ecPublicKey"). The class is kept, as callers rescue it (`RSA.new(pem) rescue
 * RSAError` then `EC.new(pem)` is how a key of unknown type is loaded); the words are MRI's, with
 * the type OpenSSL::PKey.read names for the same source (its oid, OpenSSL's short name).
 */
public final class KeyLoading {
    /** The patched method's name for {@link Errors} (and MriFailures' table): RSA.new given a key, not a size. */
    static final String METHOD = "load";
    private static final String RSA_TYPE = "rsaEncryption";

    private KeyLoading() {
    }

    /** RSA.new(source [, pass phrase]) read by stock ({@code Native.load_stock(args, block) { super }}), on FastRsaEngine::Native. */
    @JRubyMethod(name = "load_stock", module = true)
    public static IRubyObject loadStock(ThreadContext context, IRubyObject self, IRubyObject args, IRubyObject passphrase, Block stock) {
        return stock(context, ((RubyArray<?>) args).toJavaArray(), passphrase, stock);
    }

    private static IRubyObject stock(ThreadContext context, IRubyObject[] source, IRubyObject passphrase, Block stock) {
        try {
            return stock.yieldSpecific(context);
        } catch (RaiseException stockRefused) {
            String type = Errors.speaksJava(stockRefused) ? typeOf(context, source, passphrase) : null;
            if (type == null) throw Errors.fromJava(context.runtime, METHOD, stockRefused);
            throw Errors.reworded(context.runtime, stockRefused, "incorrect pkey type: " + type);
        } catch (RuntimeException e) {
            throw Errors.fromJava(context.runtime, METHOD, e);
        }
    }

    /**
     * The type of key the source holds, as OpenSSL names it, read with the same pass phrase (or
     * block); null where it is RSA after all or stock cannot read it as any key: then the failure
     * was not the key's type, and MRI's words for a key that does not read apply. Given neither,
     * it reads with an empty pass phrase: an encrypted key stock asked the terminal for is not
     * asked for again (its words are then the general ones).
     */
    private static String typeOf(ThreadContext context, IRubyObject[] source, IRubyObject passphrase) {
        Block block = passphrase.isNil() ? Block.NULL_BLOCK : ((RubyProc) passphrase).getBlock();
        IRubyObject[] given = source.length == 1 && !block.isGiven() ? new IRubyObject[] {source[0], context.runtime.newString("")} : source;
        try {
            IRubyObject key = context.runtime.getClassFromPath("OpenSSL::PKey").callMethod(context, "read", given, block);
            String type = key.callMethod(context, "oid").asJavaString();
            return RSA_TYPE.equals(type) ? null : type;
        } catch (RaiseException notAKeyStockReads) {
            return null;
        }
    }
}
