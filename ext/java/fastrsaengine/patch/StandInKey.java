package fastrsaengine.patch;

import fastrsaengine.engines.PlainPrivateKey;
import java.math.BigInteger;
import java.security.PrivateKey;
import java.security.interfaces.RSAPublicKey;
import org.jruby.RubyClass;
import org.jruby.ext.openssl.PKeyRSA;

/**
 * What stock's structure code is handed in place of the caller's RSA key: an OpenSSL::PKey::RSA
 * with the caller's public key, whose private key is the encoding key, n and exponent 1. A PKCS#1
 * v1.5 signature made with that by any provider (Bouncy Castle's, the JDK's SunRsaSign: both compute
 * m^d mod n for a key without CRT numbers, and check nothing) is the encoded message itself, and a
 * decryption opens a block as given. Every call site the gem routes reads the signing key through
 * {@link PKeyRSA#getPrivateKey()} (see {@link JopensslSeams}), so stock builds, hashes and pads as it
 * always has and leaves the encoded message where the signature goes; the engine supplies the one
 * exponentiation afterwards. It lives for one call and is never given to the caller.
 */
@SuppressWarnings("unchecked") // PKey's raw toJava, inherited as it is
final class StandInKey extends PKeyRSA {
    private static final long serialVersionUID = 1L;
    private final transient PlainPrivateKey encodingKey;

    StandInKey(PKeyRSA real) {
        super(real.getRuntime(), (RubyClass) real.getRuntime().getClassFromPath("OpenSSL::PKey::RSA"), null,
            (RSAPublicKey) real.getPublicKey());
        this.encodingKey = new PlainPrivateKey(((RSAPublicKey) real.getPublicKey()).getModulus(), BigInteger.ONE);
    }

    @Override
    public PrivateKey getPrivateKey() {
        return encodingKey;
    }
}
