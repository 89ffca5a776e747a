package fastrsaengine.rsa;

import java.math.BigInteger;
import java.security.PublicKey;
import java.security.interfaces.RSAPublicKey;

/**
 * OpenSSL's limits on an RSA public key, checked before any arithmetic (rsa_ossl_public_encrypt and
 * _decrypt): a modulus of at most OPENSSL_RSA_MAX_MODULUS_BITS (16,384), and above
 * OPENSSL_RSA_SMALL_MODULUS_BITS (3,072) an exponent of at most OPENSSL_RSA_MAX_PUBEXP_BITS (64).
 * Stock has none: a 16,384-bit key with an exponent as long costs it seconds a verification, a cheap
 * way to burn a server's CPU with a certificate or JWT carrying one. MRI refuses such a key at once:
 * its verifications answer false, its encryptions raise; so does the gem, on every backend.
 */
public final class PublicKeyLimits {
    private static final int MAX_MODULUS_BITS = 16_384, SMALL_MODULUS_BITS = 3_072, MAX_EXPONENT_BITS = 64;

    private PublicKeyLimits() {
    }

    /** OpenSSL's reason for refusing the key ("modulus too large", "bad e value"), or null for a key within its limits or no RSA key. */
    public static String refusal(PublicKey key) {
        if (!(key instanceof RSAPublicKey)) return null;
        BigInteger n = ((RSAPublicKey) key).getModulus(), e = ((RSAPublicKey) key).getPublicExponent();
        if (n == null || e == null) return null;
        if (n.bitLength() > MAX_MODULUS_BITS) return "modulus too large";
        return n.bitLength() > SMALL_MODULUS_BITS && e.bitLength() > MAX_EXPONENT_BITS ? "bad e value" : null;
    }
}
