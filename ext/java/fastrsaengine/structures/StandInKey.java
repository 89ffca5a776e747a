package fastrsaengine.structures;

import fastrsaengine.engines.rsa.PlainPrivateKey;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.RSAKeyGenParameterSpec;
import java.security.spec.RSAPublicKeySpec;
import org.jruby.Ruby;
import org.jruby.RubyClass;
import org.jruby.ext.openssl.PKeyRSA;

/**
 * What stock's structure code is handed in place of the caller's RSA key: an OpenSSL::PKey::RSA
 * with the caller's public key, whose private key has exponent 1. A PKCS#1 v1.5 signature made with
 * that by any provider (Bouncy Castle's, the JDK's SunRsaSign: both compute m^d mod n for a key
 * without CRT numbers, and check nothing) is the encoded message itself, and a decryption opens a
 * block as given. Every call site the gem routes reads the key through {@link PKeyRSA#getPrivateKey()}
 * (see {@link JopensslSeams}), so stock builds, hashes and pads as it always has and leaves the
 * encoded message where the signature goes; the engine supplies the one exponentiation afterwards.
 * It lives for one call and is never given to the caller.
 */
@SuppressWarnings("unchecked") // PKey's raw toJava, inherited as it is
final class StandInKey extends PKeyRSA {
    private static final long serialVersionUID = 1L;
    /**
     * The modulus a signing stand-in has when the caller's is longer: 768 bits, the product of the
     * first two primes above 2^383 + 2^382 (the 2^383 + 2^382 + 17 and + 95). Its 96 bytes hold the
     * DigestInfo of every digest stock signs with, padded (SHA-512's needs 94), and the provider's
     * work on it (the JDK blinds even an exponent of 1: multiplications, squarings and reductions
     * modulo n per signature, a fifth of an EC key's re-signing) costs less than at 1024 bits: EC
     * re-signing ran 1.10x ±4% as fast as with 1024 (bin/benchmark --baseline, 22 rounds). A
     * product of two large primes, as a key's is: Bouncy Castle refuses a prime modulus or one with
     * a small factor, the JDK one below 512 bits, and the JDK's random blinding factor is then
     * invertible.
     */
    static final BigInteger SIGNING_MODULUS = prime(17).multiply(prime(95));

    private final transient PlainPrivateKey encodingKey;

    /**
     * The public key a stand-in in place of an EC key holds (stock's structure code reads the
     * structure's public key, never the signing key's): the signing modulus's, with F4.
     */
    private static final RSAPublicKey SIGNING_PUBLIC_KEY = signingPublicKey();

    private StandInKey(Ruby runtime, RSAPublicKey publicKey, BigInteger modulus) {
        super(runtime, (RubyClass) runtime.getClassFromPath("OpenSSL::PKey::RSA"), null, publicKey);
        this.encodingKey = new PlainPrivateKey(modulus, BigInteger.ONE);
    }

    /**
     * For signing: stock's signature is then the encoded message at the stand-in's size, whose
     * DigestInfo the engine signs at the key's ({@code PrivateKeyOperations#signEncodedMessage}).
     */
    static StandInKey forSigning(PKeyRSA real) {
        BigInteger n = modulusOf(real);
        return new StandInKey(real.getRuntime(), (RSAPublicKey) real.getPublicKey(), n.bitLength() > SIGNING_MODULUS.bitLength() ? SIGNING_MODULUS : n);
    }

    /**
     * For a structure stock signs with an EC key through the JDK's SunEC (certificates, CRLs: see
     * {@link EcStructureSigner}): an RSA stand-in at the signing modulus, with which stock builds the
     * structure as it would with the EC key but for the signature algorithm it names.
     */
    static StandInKey inPlaceOfEcKey(Ruby runtime) {
        return new StandInKey(runtime, SIGNING_PUBLIC_KEY, SIGNING_MODULUS);
    }

    /** For decryption: the caller's modulus, so a block the engine opened passes through unchanged. */
    static StandInKey forDecryption(PKeyRSA real) {
        return new StandInKey(real.getRuntime(), (RSAPublicKey) real.getPublicKey(), modulusOf(real));
    }

    private static RSAPublicKey signingPublicKey() {
        try {
            return (RSAPublicKey) KeyFactory.getInstance("RSA").generatePublic(new RSAPublicKeySpec(SIGNING_MODULUS, RSAKeyGenParameterSpec.F4));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK makes no RSA public key", e);
        }
    }

    private static BigInteger prime(int aboveBase) {
        return BigInteger.ONE.shiftLeft(383).add(BigInteger.ONE.shiftLeft(382)).add(BigInteger.valueOf(aboveBase));
    }

    private static BigInteger modulusOf(PKeyRSA real) {
        return ((RSAPublicKey) real.getPublicKey()).getModulus();
    }

    @Override
    public PrivateKey getPrivateKey() {
        return encodingKey;
    }
}
