package fastrsaengine.patch;

import java.security.PrivateKey;
import java.security.interfaces.RSAPublicKey;
import org.jruby.RubyClass;
import org.jruby.ext.openssl.PKeyRSA;

/**
 * What stock's structure code is handed in place of the caller's RSA key: an OpenSSL::PKey::RSA
 * with the caller's public key, whose private key is the {@link EncodingKey}. Every call site that
 * the gem routes reads the signing key through {@link PKeyRSA#getPrivateKey()} (see
 * {@link JopensslSeams}), so stock does all its work with it and leaves the encoded message where the
 * signature goes. It lives for one call and is never given to the caller.
 */
@SuppressWarnings("unchecked") // PKey's raw toJava, inherited as it is
final class StandInKey extends PKeyRSA {
    private static final long serialVersionUID = 1L;
    private final transient EncodingKey encodingKey;

    StandInKey(PKeyRSA real) {
        super(real.getRuntime(), (RubyClass) real.getRuntime().getClassFromPath("OpenSSL::PKey::RSA"), null,
            (RSAPublicKey) real.getPublicKey());
        this.encodingKey = new EncodingKey(((RSAPublicKey) real.getPublicKey()).getModulus());
    }

    @Override
    public PrivateKey getPrivateKey() {
        return encodingKey;
    }
}
