package fastrsaengine.provider;

import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import java.io.ByteArrayOutputStream;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.interfaces.RSAKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.security.spec.MGF1ParameterSpec;
import java.util.Locale;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.CryptoException;
import org.bouncycastle.crypto.DataLengthException;

/**
 * Cipher RSA, with the modes and paddings SunJCE takes (the provider registers SunJCE's own lists,
 * {@link JdkServices}). Every check is SunJCE's own: beside the engine's side this keeps SunJCE's
 * instance of the same transformation (its twin) at the same key and parameters, so init and the
 * getters throw and answer as the JDK alone does, and its reading of the OAEP parameters is the
 * one used. The padding layer pads and the engine computes; where that declines for a reason known
 * from public values (input too long, a block past the modulus, a key too long to wrap), the whole
 * call is asked of the twin, which throws the JDK's exception or gives the JDK's answer. A private-key
 * decryption whose padding does not check is never asked again (that would time the padding check):
 * it throws the JDK's words for it ({@link JdkDecryptionFailure}). Keys, parameters (JSSE's TLS
 * premaster spec) and digests the engine does not take leave the whole operation to the twin. Input
 * past the limit leaves SunJCE's cipher refusing every doFinal until init; so does this one (jdkDoFinal).
 */
final class RsaCipher extends CipherSpi {
    private enum Padding { NONE, PKCS1, OAEP }

    private final EngineSource source;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private String transformation = "RSA";
    private Cipher jdk;
    private boolean jdkComputes;
    private Padding padding;
    private AlgorithmParameterSpec parameters;
    private DigestAlgorithm oaepDigest, mgf1Digest;
    private byte[] label;
    private boolean decrypting;
    private ProviderKeys.Prepared<PrivateKeyOperations> privateKey;
    private ProviderKeys.Prepared<PublicKeyOperations> publicKey;

    RsaCipher(EngineSource source) {
        this.source = source;
    }

    @Override
    protected void engineSetMode(String mode) {
        transformation = "RSA/" + mode;
    }

    /** Makes the twin for the whole transformation (the JCA sets the mode first, and only as SunJCE lists them). */
    @Override
    protected void engineSetPadding(String name) throws NoSuchPaddingException {
        transformation = (transformation.contains("/") ? transformation : "RSA/ECB") + "/" + name;
        try {
            jdk = Cipher.getInstance(transformation, JdkServices.provider(JdkServices.CIPHERS));
        } catch (NoSuchAlgorithmException e) {
            throw (NoSuchPaddingException) new NoSuchPaddingException(e.getMessage()).initCause(e);
        }
    }

    private Cipher jdk() {
        if (jdk == null) {
            try {
                jdk = Cipher.getInstance(transformation, JdkServices.provider(JdkServices.CIPHERS));
            } catch (GeneralSecurityException offeredOnlyWhereTheJdkHasIt) {
                throw new IllegalStateException(offeredOnlyWhereTheJdkHasIt);
            }
        }
        return jdk;
    }

    // --- init: the twin's first, then the engine's side takes what it can.

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        jdk().init(opmode, key, random);
        take(opmode, key, null);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        jdk().init(opmode, key, params, random);
        take(opmode, key, params);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        jdk().init(opmode, key, params, random);
        take(opmode, key, params == null ? null : jdk.getParameters() == null ? null : oaepParameters());
    }

    /** After the twin accepted the key and parameters: the engine's side, or the twin for what it does not take. */
    private void take(int opmode, Key key, AlgorithmParameterSpec params) {
        buffer.reset();
        decrypting = opmode == Cipher.DECRYPT_MODE || opmode == Cipher.UNWRAP_MODE;
        parameters = params;
        padding = paddingOf(transformation);
        publicKey = key instanceof RSAPublicKey ? ProviderKeys.publicKeyOrNull(source, key) : null;
        privateKey = key instanceof RSAPublicKey ? null : ProviderKeys.privateKeyOrNull(source, key);
        boolean keyTaken = publicKey != null || privateKey != null;
        boolean parametersTaken = padding == Padding.OAEP ? takeOaep() : params == null; // else JSSE's TLS premaster spec
        jdkComputes = !keyTaken || !parametersTaken;
    }

    private static Padding paddingOf(String transformation) {
        String name = transformation.toUpperCase(Locale.ROOT);
        if (name.endsWith("/NOPADDING")) return Padding.NONE;
        return name.contains("/OAEP") ? Padding.OAEP : Padding.PKCS1;
    }

    /** The OAEP parameters as SunJCE read them (its defaults included); false where the padding layer lacks a digest. */
    private boolean takeOaep() {
        OAEPParameterSpec oaep = oaepParameters();
        oaepDigest = DigestAlgorithm.forFetchName(oaep.getDigestAlgorithm());
        mgf1Digest = oaep.getMGFParameters() instanceof MGF1ParameterSpec
            ? DigestAlgorithm.forFetchName(((MGF1ParameterSpec) oaep.getMGFParameters()).getDigestAlgorithm()) : null;
        if (!(oaep.getPSource() instanceof PSource.PSpecified)) return false;
        label = ((PSource.PSpecified) oaep.getPSource()).getValue();
        return oaepDigest != null && mgf1Digest != null && oaepDigest.length() > 0 && mgf1Digest.length() > 0;
    }

    private OAEPParameterSpec oaepParameters() {
        try {
            return jdk.getParameters().getParameterSpec(OAEPParameterSpec.class);
        } catch (InvalidParameterSpecException sunJceGivesOaepParametersForOaep) {
            throw new IllegalStateException(sunJceGivesOaepParametersForOaep);
        }
    }

    // --- The data.

    @Override
    protected byte[] engineUpdate(byte[] input, int offset, int length) {
        if (jdkComputes) return orEmpty(jdk.update(input, offset, length));
        buffer.write(input, offset, length);
        return new byte[0];
    }

    @Override
    protected int engineUpdate(byte[] input, int offset, int length, byte[] output, int outputOffset) throws ShortBufferException {
        if (jdkComputes) return jdk.update(input, offset, length, output, outputOffset);
        buffer.write(input, offset, length);
        return 0;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int offset, int length) throws IllegalBlockSizeException, BadPaddingException {
        if (jdkComputes) return input == null ? jdk.doFinal() : jdk.doFinal(input, offset, length);
        if (input != null) buffer.write(input, offset, length);
        byte[] data = buffer.toByteArray();
        buffer.reset();
        byte[] result = compute(data);
        return result != null ? result : jdkDoFinal(data);
    }

    /**
     * The twin's answer for data the engine's side refused. Data past its limit SunJCE refuses,
     * and then every doFinal until init (its buffer stays past the limit, whatever is given next):
     * the twin, holding that state, answers everything until init (take). Were a JDK to forget it,
     * the twin would answer as that JDK does all the same.
     */
    private byte[] jdkDoFinal(byte[] data) throws IllegalBlockSizeException, BadPaddingException {
        try {
            return jdk.doFinal(data);
        } catch (IllegalBlockSizeException pastTheLimit) {
            jdkComputes = true;
            throw pastTheLimit;
        }
    }

    @Override
    protected int engineDoFinal(byte[] input, int offset, int length, byte[] output, int outputOffset)
            throws IllegalBlockSizeException, BadPaddingException, ShortBufferException {
        if (jdkComputes || output.length - outputOffset < jdk.getOutputSize(0)) {
            return jdk.doFinal(input, offset, length, output, outputOffset); // SunJCE's result, or its ShortBufferException
        }
        byte[] result = engineDoFinal(input, offset, length);
        System.arraycopy(result, 0, output, outputOffset, result.length);
        return result.length;
    }

    private static byte[] orEmpty(byte[] bytes) {
        return bytes == null ? new byte[0] : bytes;
    }

    /** The engine's result; null where the input is refused for a reason known from public values (the twin is asked). */
    private byte[] compute(byte[] data) throws BadPaddingException {
        if (decrypting && privateKey != null) return decryptWithPrivateKey(data);
        try {
            if (decrypting) return decryptWithPublicKey(data);
            return privateKey != null ? encryptWithPrivateKey(data) : encryptWithPublicKey(data);
        } catch (CryptoException | DataLengthException refusedForAPublicReason) {
            return null; // input, public key and padding are all public: the JDK's own answer or exception
        }
    }

    private byte[] decryptWithPrivateKey(byte[] data) throws BadPaddingException {
        PrivateKeyOperations key = privateKey.operations;
        if (!key.isBelowModulus(data)) return null; // refused before any private-key operation, as the JDK refuses it
        byte[] plain;
        try {
            switch (padding) {
                case NONE: plain = key.decryptRaw(data); break;
                case OAEP: plain = key.decryptOaep(data, oaepDigest, mgf1Digest, label); break;
                default: plain = key.decryptPkcs1(data); break;
            }
        } catch (CryptoException | DataLengthException paddingDoesNotCheck) {
            throw JdkDecryptionFailure.of(transformation, parameters);
        }
        source.count("private_decrypt", privateKey.byEngine);
        return plain;
    }

    private byte[] decryptWithPublicKey(byte[] data) throws CryptoException {
        PublicKeyOperations key = publicKey.operations;
        if (!key.isBelowModulus(data)) return null;
        byte[] plain = padding == Padding.NONE ? key.decryptRaw(data) : key.decryptPkcs1(data);
        source.count("public_decrypt", publicKey.byEngine);
        return plain;
    }

    private byte[] encryptWithPrivateKey(byte[] data) {
        PrivateKeyOperations key = privateKey.operations;
        byte[] block = padding == Padding.NONE ? leftPadded(data, key.modulusBytes()) : data;
        if (padding == Padding.NONE && !key.isBelowModulus(block)) return null;
        byte[] encrypted = padding == Padding.NONE ? key.encryptRaw(block) : key.signDigestInfo(block);
        source.count("private_encrypt", privateKey.byEngine);
        return encrypted;
    }

    private byte[] encryptWithPublicKey(byte[] data) {
        PublicKeyOperations key = publicKey.operations;
        byte[] encrypted;
        switch (padding) {
            case NONE:
                byte[] block = leftPadded(data, key.modulusBytes());
                if (!key.isBelowModulus(block)) return null;
                encrypted = key.encryptRaw(block);
                break;
            case OAEP: encrypted = key.encryptOaep(data, oaepDigest, mgf1Digest, label); break;
            default: encrypted = key.encryptPkcs1(data); break;
        }
        source.count("public_encrypt", publicKey.byEngine);
        return encrypted;
    }

    /** NoPadding takes fewer than k bytes as SunJCE does: as a number, zeros in front. */
    private static byte[] leftPadded(byte[] data, int modulusBytes) {
        if (data.length >= modulusBytes) return data;
        byte[] block = new byte[modulusBytes];
        System.arraycopy(data, 0, block, modulusBytes - data.length, data.length);
        return block;
    }

    // --- Keys wrapped and unwrapped.

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] encoded = key.getEncoded();
        if (jdkComputes || encoded == null || encoded.length == 0) return jdk.wrap(key);
        try {
            byte[] wrapped = compute(encoded);
            return wrapped != null ? wrapped : jdk.wrap(key);
        } catch (BadPaddingException notThrownWhenEncrypting) {
            throw new IllegalStateException(notThrownWhenEncrypting);
        }
    }

    /** Secret keys only: SunJCE builds other types of keys with its own factories, so the twin unwraps those. */
    @Override
    protected Key engineUnwrap(byte[] wrapped, String algorithm, int type) throws InvalidKeyException, NoSuchAlgorithmException {
        if (jdkComputes || type != Cipher.SECRET_KEY || "TlsRsaPremasterSecret".equals(algorithm)) return jdk.unwrap(wrapped, algorithm, type);
        byte[] encoded;
        try {
            encoded = compute(wrapped);
        } catch (BadPaddingException paddingDoesNotCheck) {
            throw JdkDecryptionFailure.unwrapping(transformation, parameters);
        }
        return encoded != null ? new SecretKeySpec(encoded, algorithm) : jdk.unwrap(wrapped, algorithm, type);
    }

    // --- What the JCA asks about it: the twin's answers.

    @Override
    protected int engineGetBlockSize() {
        return jdk().getBlockSize();
    }

    @Override
    protected int engineGetOutputSize(int inputLength) {
        return jdk().getOutputSize(inputLength);
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        if (key instanceof RSAKey) return ((RSAKey) key).getModulus().bitLength();
        throw new InvalidKeyException("not an RSA key");
    }

    @Override
    protected byte[] engineGetIV() {
        return jdk().getIV();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return jdk().getParameters();
    }
}
