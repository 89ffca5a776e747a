package fastrsaengine.provider;

import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import java.security.Key;
import java.security.interfaces.RSAKey;
import java.security.spec.AlgorithmParameterSpec;
import org.bouncycastle.crypto.Digest;

/**
 * SHA-1/224/256/384/512 with RSA, PKCS#1 v1.5: the message is hashed as it streams in; the padding
 * layer pads the DigestInfo and the engine signs it, or verifies a signature as SunRsaSign does
 * (exactly k bytes, opening to the DigestInfo with or without its NULL parameters). Checks and
 * exceptions are SunRsaSign's ({@link JdkCheckedSignature}).
 */
final class Pkcs1Signature extends JdkCheckedSignature {
    private final DigestAlgorithm algorithm;
    private final Digest digest;

    Pkcs1Signature(EngineSource source, String name, DigestAlgorithm algorithm) {
        super(source, name);
        this.algorithm = algorithm;
        this.digest = algorithm.newDigest();
    }

    @Override
    protected boolean takeParameters(AlgorithmParameterSpec parameters) {
        return true; // SunRsaSign takes none but null, which changes nothing
    }

    /** Never asked: SunRsaSign's PKCS#1 signatures take no parameters but null, at any time, and refuse none once data is given. */
    @Override
    protected boolean keepMessageWith(AlgorithmParameterSpec parameters) {
        return true;
    }

    /**
     * SunRsaSign's PKCS#1 signatures take an RSA key before they check it, and keep the one they
     * refuse: they then fail, or sign with it. They refuse PSS parameters before they begin a new
     * message, a key too short for the digest after.
     */
    @Override
    protected RefusedKey refusedKey(Key key) {
        if (!JdkServices.readsAsRsaKey(key)) return RefusedKey.LEFT;
        return hasParameters(key) ? RefusedKey.KEPT_WITH_MESSAGE : RefusedKey.KEPT;
    }

    /** Whether the key has parameters (an RSASSA-PSS key's): RSAKey.getParams, which Java 11 added (this bytecode is Java 8's). */
    private static boolean hasParameters(Key key) {
        try {
            return RSAKey.class.getMethod("getParams").invoke(key) != null;
        } catch (ReflectiveOperationException | IllegalArgumentException java8OrNotAnRsaKey) {
            return false;
        }
    }

    @Override
    protected void reset() {
        digest.reset();
    }

    @Override
    protected boolean update(byte[] data, int offset, int length) {
        digest.update(data, offset, length);
        return true;
    }

    @Override
    protected byte[] sign(PrivateKeyOperations key) {
        return key.signDigestInfo(algorithm.digestInfo(hash()));
    }

    @Override
    protected Boolean verify(PublicKeyOperations key, byte[] signature) {
        byte[] hash = hash();
        if (signature.length != key.modulusBytes()) return null; // SunRsaSign throws before reading the message
        return key.verifyPkcs1HashAsJdk(algorithm, signature, hash);
    }

    @Override
    protected String countedAs(String operation) {
        return operation;
    }

    private byte[] hash() {
        byte[] hash = new byte[digest.getDigestSize()];
        digest.doFinal(hash, 0);
        return hash;
    }
}
