package fastrsaengine.provider;

import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.spec.AlgorithmParameterSpec;

/**
 * A signature whose every check is the JDK's own: beside the engine's side it keeps SunRsaSign's
 * instance of the same algorithm (its twin) at the same key and parameters, so init, setParameter
 * and getParameters throw and answer exactly as the JDK alone does, at the same call. The engine
 * signs and verifies; where its side declines for a public reason (a signature of the wrong
 * length, parameters missing, a key too small for the encoding), the same call is asked of the twin,
 * whose exception the caller gets. A key or parameters the engine does not take leave the whole
 * operation to the twin, so nothing the JDK does is refused here.
 */
abstract class JdkCheckedSignature extends SignatureSpi {
    protected final EngineSource source;
    private final Signature jdk;
    /** Whether the engine takes the key, and the parameters: where it does not, the twin computes. */
    private boolean keyTaken, parametersTaken = true;
    private ProviderKeys.Prepared<PrivateKeyOperations> signing;
    private ProviderKeys.Prepared<PublicKeyOperations> verifying;

    JdkCheckedSignature(EngineSource source, String algorithm) {
        this.source = source;
        try {
            this.jdk = Signature.getInstance(algorithm, JdkServices.provider("Signature"));
        } catch (NoSuchAlgorithmException offeredOnlyWhereTheJdkHasIt) {
            throw new IllegalStateException(offeredOnlyWhereTheJdkHasIt);
        }
    }

    // --- What the engine's side does; each is reached only once the twin took the same call.

    /** Takes parameters the twin accepted; false when the engine does not do them (the twin then computes). */
    protected abstract boolean takeParameters(AlgorithmParameterSpec parameters);

    /** Starts a new message. */
    protected abstract void reset();

    /** Hashes data; false where the engine's side declines (PSS without parameters): the twin is then asked, and refuses. */
    protected abstract boolean update(byte[] data, int offset, int length);

    /** The signature, or null where the engine's side declines for a public reason (the twin is then asked). */
    protected abstract byte[] sign(PrivateKeyOperations key) throws SignatureException;

    /** The verdict, or null where the engine's side declines for a public reason (the twin is then asked). */
    protected abstract Boolean verify(PublicKeyOperations key, byte[] signature) throws SignatureException;

    // --- The JCA's calls.

    @Override
    protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
        engineInitSign(key, null);
    }

    @Override
    protected void engineInitSign(PrivateKey key, SecureRandom random) throws InvalidKeyException {
        if (random == null) jdk.initSign(key);
        else jdk.initSign(key, random);
        verifying = null;
        signing = ProviderKeys.privateKeyOrNull(source, key);
        keyTaken = signing != null;
        reset();
    }

    @Override
    protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
        jdk.initVerify(key);
        signing = null;
        verifying = ProviderKeys.publicKeyOrNull(source, key);
        keyTaken = verifying != null;
        reset();
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec parameters) throws InvalidAlgorithmParameterException {
        jdk.setParameter(parameters);
        parametersTaken = takeParameters(parameters);
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return jdk.getParameters();
    }

    @Override
    @Deprecated
    @SuppressWarnings("deprecation")
    protected void engineSetParameter(String param, Object value) {
        jdk.setParameter(param, value);
    }

    @Override
    @Deprecated
    @SuppressWarnings("deprecation")
    protected Object engineGetParameter(String param) {
        return jdk.getParameter(param);
    }

    @Override
    protected void engineUpdate(byte b) throws SignatureException {
        engineUpdate(new byte[] {b}, 0, 1);
    }

    @Override
    protected void engineUpdate(byte[] data, int offset, int length) throws SignatureException {
        if (jdkComputes() || !update(data, offset, length)) jdk.update(data, offset, length);
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
        if (jdkComputes()) return jdk.sign();
        byte[] signature = sign(signing.operations);
        if (signature != null) {
            source.count(countedAs("sign"), signing.byEngine);
            return signature;
        }
        jdk.sign(); // the JDK refuses it before reading the message (the engine's side never gives it one)
        throw new SignatureException("the JDK signed what the engine's padding refused");
    }

    @Override
    protected boolean engineVerify(byte[] signature) throws SignatureException {
        if (jdkComputes()) return jdk.verify(signature);
        Boolean verdict = verify(verifying.operations, signature);
        if (verdict != null) {
            source.count(countedAs("verify"), verifying.byEngine);
            return verdict;
        }
        jdk.verify(signature); // as for sign: refused before the message is read
        throw new SignatureException("the JDK took a signature the engine's side refused");
    }

    /** The name stats counts an operation under (provider_sign, provider_verify_pss...). */
    protected abstract String countedAs(String operation);

    private boolean jdkComputes() {
        return !keyTaken || !parametersTaken;
    }
}
