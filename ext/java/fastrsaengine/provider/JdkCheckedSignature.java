package fastrsaengine.provider;

import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.PrivateKey;
import java.security.ProviderException;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.SignatureException;
import java.security.spec.AlgorithmParameterSpec;

/**
 * A signature whose every check is the JDK's own: beside the engine's side it keeps SunRsaSign's
 * instance of the same algorithm (its twin) at the same key and parameters, so init, setParameter
 * and getParameters throw and answer exactly as the JDK alone does, at the same call. The engine
 * signs and verifies; where its side declines for a public reason (a signature of the wrong
 * length, parameters missing, a key too small for the encoding), the same call is asked of the twin,
 * whose exception the caller gets. A key or parameters the engine does not take leave the whole
 * operation to the twin, so nothing the JDK does is refused here.
 *
 * The twin never sees the message the engine's side hashes, so where the JDK's object answers by
 * what it was given (SunRsaSign's RSASSA-PSS refuses new parameters once data is given), the twin
 * is asked as if it had been given some; and where the JDK's object, refusing a call, changes all
 * the same (it takes those parameters but its message digest; a PKCS#1 signature keeps a key it
 * refused), this side follows, so a caller who catches the exception and goes on gets what the
 * JDK's object does next.
 */
abstract class JdkCheckedSignature extends TwinnedSignature {
    private static final byte[] NO_DATA = new byte[0];

    protected final EngineSource source;
    /** Whether the engine takes the key, and the parameters: where it does not, the twin computes. */
    private boolean keyTaken, parametersTaken = true;
    private ProviderKeys.Prepared<PrivateKeyOperations> signing;
    private ProviderKeys.Prepared<PublicKeyOperations> verifying;
    /** The twin's key and randomness, to start it again (see setParameterMidMessage). */
    private Key key;
    private SecureRandom random;
    /** Whether data was given since init, sign or verify: even none (an update of no bytes) begins a message, as SunRsaSign counts it. */
    private boolean messageBegun;
    /**
     * Whether the JDK's object goes on with a message begun here that this side can no longer
     * finish (a key it refused and kept; parameters it took but the engine lacks): the twin then
     * answers, with its exceptions, but never with a result that leaves out that message's beginning.
     */
    private boolean messageLost;

    JdkCheckedSignature(EngineSource source, String algorithm) {
        super(JdkServices.SIGNATURES, algorithm);
        this.source = source;
    }

    // --- What the engine's side does; each is reached only once the twin took the same call.

    /** Takes parameters the twin accepted; false when the engine does not do them (the twin then computes). */
    protected abstract boolean takeParameters(AlgorithmParameterSpec parameters);

    /** Starts a new message. */
    protected abstract void reset();

    /** Hashes data; false where the engine's side declines (PSS without parameters): the twin is then asked, and refuses. */
    protected abstract boolean update(byte[] data, int offset, int length);

    /**
     * After the twin refused these parameters once a message had begun, having taken them all the
     * same (SunRsaSign's RSASSA-PSS: "Cannot set parameters during operations"): goes on as the
     * JDK's object does. False where the engine cannot (the twin then computes).
     */
    protected abstract boolean keepMessageWith(AlgorithmParameterSpec parameters);

    /** What the JDK's object keeps of a key it refused at init. */
    protected enum RefusedKey {
        /** Nothing: it is as it was (it checks a key before it takes it). */
        LEFT,
        /** The key, with a new message begun: the twin, which kept it too, computes until the next init. */
        KEPT,
        /** The key, and the message begun before: the twin computes, but never finishes that message. */
        KEPT_WITH_MESSAGE
    }

    protected abstract RefusedKey refusedKey(Key key);

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
        initTwin(key, random);
        verifying = null;
        signing = ProviderKeys.privateKeyOrNull(source, key);
        keyTaken = signing != null;
        started();
    }

    @Override
    protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
        initTwin(key, null);
        signing = null;
        verifying = ProviderKeys.publicKeyOrNull(source, key);
        keyTaken = verifying != null;
        started();
    }

    /** Inits the twin; where it refuses a key the JDK's object keeps all the same, the twin computes from then on. */
    private void initTwin(Key key, SecureRandom random) throws InvalidKeyException {
        try {
            if (key instanceof PublicKey) jdk.initVerify((PublicKey) key);
            else if (random == null) jdk.initSign((PrivateKey) key);
            else jdk.initSign((PrivateKey) key, random);
        } catch (InvalidKeyException refused) {
            RefusedKey kept = refusedKey(key);
            if (kept == RefusedKey.KEPT_WITH_MESSAGE) messageLost |= holdsMessage();
            if (kept == RefusedKey.KEPT) messageEnds(); // the twin begins it again, as the JDK's object did
            if (kept != RefusedKey.LEFT) keyTaken = false;
            throw refused;
        }
        this.key = key;
        this.random = random;
    }

    private void started() {
        messageEnds();
        reset();
    }

    /** Ends the message (init, sign, verify): whether the JDK's object had data the twin never saw. */
    private boolean messageEnds() {
        boolean lost = messageLost;
        messageBegun = false;
        messageLost = false;
        return lost;
    }

    /** Whether this side hashes a message begun, which the twin never saw (where the twin computes, it holds the message itself). */
    private boolean holdsMessage() {
        return messageBegun && !jdkComputes();
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec parameters) throws InvalidAlgorithmParameterException {
        try {
            if (holdsMessage()) setParameterMidMessage(parameters);
            else jdk.setParameter(parameters);
        } catch (ProviderException refusedMidMessage) {
            if (parametersTaken && !keepMessageWith(parameters)) {
                messageLost |= holdsMessage(); // the twin computes from here on, this message included
                parametersTaken = false;
            }
            throw refusedMidMessage;
        }
        parametersTaken = takeParameters(parameters);
    }

    /**
     * Asks the twin with the message begun, as the JDK's object has it (an update of no bytes):
     * what it refuses then is refused here. The twin is then started again (an init with the same
     * key), so that a message this side finishes is not one the twin thinks is still open.
     */
    private void setParameterMidMessage(AlgorithmParameterSpec parameters) throws InvalidAlgorithmParameterException {
        try {
            jdk.update(NO_DATA, 0, 0);
            jdk.setParameter(parameters);
        } catch (SignatureException initialisedAtInit) {
            throw new IllegalStateException(initialisedAtInit);
        } finally {
            restartTwin();
        }
    }

    private void restartTwin() {
        try {
            initTwin(key, random);
        } catch (InvalidKeyException takenAtInitWithTheseParameters) {
            throw new IllegalStateException(takenAtInitWithTheseParameters);
        }
    }


    @Override
    protected void engineUpdate(byte b) throws SignatureException {
        engineUpdate(new byte[] {b}, 0, 1);
    }

    @Override
    protected void engineUpdate(byte[] data, int offset, int length) throws SignatureException {
        if (jdkComputes() || !update(data, offset, length)) jdk.update(data, offset, length);
        messageBegun = true;
    }

    /**
     * A ByteBuffer, even an empty one, as SunRsaSign takes it (its RSASSA-PSS without parameters
     * refuses it with a RuntimeException, not a byte array's SignatureException): the twin's
     * where the engine's side does not take data, else the JCA's copying into byte arrays.
     */
    @Override
    protected void engineUpdate(ByteBuffer data) {
        if (jdkComputes() || !update(NO_DATA, 0, 0)) {
            try {
                jdk.update(data);
            } catch (SignatureException initialisedAtInit) {
                throw new IllegalStateException(initialisedAtInit);
            }
        } else {
            super.engineUpdate(data);
        }
        messageBegun = true;
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
        boolean lost = messageEnds();
        if (jdkComputes()) return whole(jdk.sign(), lost);
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
        boolean lost = messageEnds();
        if (jdkComputes()) return whole(jdk.verify(signature), lost);
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

    /**
     * The twin's result, where the message was all the twin's; where it was lost (messageLost), a
     * result that leaves out the data this side hashed, which the JDK's object signs or verifies
     * with the rest, is refused. An exception of the twin's is the JDK's: it does not depend on the data.
     */
    private <T> T whole(T result, boolean lost) throws SignatureException {
        if (!lost) return result;
        throw new SignatureException("the JDK's " + jdk.getAlgorithm() + " would go on with data given before the refusal, which the FastRsaEngine provider did not keep: init again");
    }
}
