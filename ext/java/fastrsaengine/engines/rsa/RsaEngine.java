package fastrsaengine.engines.rsa;

import fastrsaengine.engines.ec.EcEngine;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Map;

/**
 * The seam between the Ruby-facing patch and a native library: one raw RSA
 * private-key primitive. Padding, digests and Ruby errors live above it, written
 * once for every backend; a backend only turns a key into a {@link PreparedKey}.
 */
public interface RsaEngine {

    /** The name users select it by: {@code FastRsaEngine.backend = :gmp}. */
    String name();

    /** What {@code FastRsaEngine.info} shows: library, version, where it was loaded from. */
    Map<String, String> describe();

    /**
     * Converts a key once into the backend's own form. The result is cached per Ruby
     * key object and shared by every thread using that key. Called through {@link KeyChecks}
     * only, which hands over keys whose numbers it has checked: an {@link java.security.interfaces.RSAPrivateCrtKey}
     * has consistent CRT numbers; any other key is to run as n and d.
     *
     * @param publicExponent the key's e, for blinding
     */
    PreparedKey prepare(RSAPrivateKey privateKey, BigInteger publicExponent) throws GeneralSecurityException;

    /**
     * One CRT half's raw exponentiation, {@code input^exponent mod prime} for inputs below the prime, in
     * constant time, neither blinded nor checked: {@link SplitCrtKey} blinds, joins and checks the two
     * halves it runs on two cores. Null, the default, keeps this backend's keys whole.
     */
    default PreparedKey prepareHalf(BigInteger prime, BigInteger exponent) throws GeneralSecurityException {
        return null;
    }

    /**
     * The public-key operation for this key, for backends whose {@code s^e mod n} beats the
     * JDK's BigInteger.modPow, which stock uses (measured side by side: see the README);
     * null, the default, leaves public-key operations to stock.
     */
    default PreparedPublicKey preparePublic(RSAPublicKey publicKey) throws GeneralSecurityException {
        return null;
    }

    /**
     * A new key pair from the backend's library, for backends whose key generation beats stock's
     * (measured: see the README); null, the default, leaves key generation to stock.
     *
     * @throws GeneralSecurityException when the library does not take these parameters: stock then decides
     */
    default KeyPair generateKeyPair(int bits, BigInteger publicExponent) throws GeneralSecurityException {
        return null;
    }

    /**
     * The same library's engine for elliptic curves, self-tested once when the backend loaded; null,
     * the default, leaves EC to stock while this backend is active.
     */
    default EcEngine ec() {
        return null;
    }
}
