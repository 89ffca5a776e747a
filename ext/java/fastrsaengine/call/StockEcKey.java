package fastrsaengine.call;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import org.jruby.Ruby;
import org.jruby.RubyClass;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.jruby.ext.openssl.PKeyEC;
import org.jruby.ext.openssl.SecurityHelper;
import org.jruby.ext.openssl.impl.PKey;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * An OpenSSL::PKey::EC object made from a key's PKCS#8 as stock's {@code EC.new(der)} makes one from
 * DER, without the three PEM readers stock tries first (half the time of a key generation).
 *
 * <p>Two of jruby-openssl's insides, both the same from 0.15.3 to 0.16.x: the public parser
 * {@code impl.PKey.readECPrivateKey(KeyFactory, PrivateKeyInfo)}, the one {@code EC#initialize}
 * reaches for SEC1 DER (its byte[] overload wraps it in a PrivateKeyInfo), with stock's key factory
 * (the Bouncy Castle keys, the private one wrapped with its curve's name); and PKeyEC's package-private
 * constructor {@code (Ruby, RubyClass, PrivateKey, PublicKey)}, the one {@code OpenSSL::PKey.read}
 * uses, which sets the same three fields as initialize does (public key, private key, curve name).
 * There is no public way to make an EC object from Java keys. Where the constructor is missing,
 * {@link #of} throws IllegalStateException: the start-up check then leaves EC with stock.
 */
public final class StockEcKey {
    private static final Constructor<?> CONSTRUCTOR = constructor();

    private StockEcKey() {
    }

    /** A new object of the class (EC or a subclass of it, as stock's EC.generate makes) holding the key. */
    public static IRubyObject of(Ruby runtime, RubyClass ecClass, PrivateKeyInfo pkcs8) {
        try {
            KeyPair pair = PKey.readECPrivateKey(SecurityHelper.getKeyFactory("EC"), pkcs8);
            return holding(runtime, ecClass, pair.getPrivate(), pair.getPublic());
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("EC key not made as stock makes it", e);
        }
    }

    /**
     * A new object of the class holding these Java keys as they are, as {@code OpenSSL::PKey.read}
     * makes one: a private key of an unnamed curve leaves the object's curve name unset.
     */
    public static IRubyObject holding(Ruby runtime, RubyClass ecClass, PrivateKey privateKey, PublicKey publicKey) {
        if (CONSTRUCTOR == null) throw new IllegalStateException("jruby-openssl's PKeyEC has no (Ruby, RubyClass, PrivateKey, PublicKey) constructor");
        try {
            return (IRubyObject) CONSTRUCTOR.newInstance(runtime, ecClass, privateKey, publicKey);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("EC key not made as stock makes it", e);
        }
    }

    private static Constructor<?> constructor() {
        try {
            Constructor<?> constructor = PKeyEC.class.getDeclaredConstructor(Ruby.class, RubyClass.class, PrivateKey.class, PublicKey.class);
            constructor.setAccessible(true);
            return constructor;
        } catch (ReflectiveOperationException | RuntimeException moved) {
            return null;
        }
    }
}
