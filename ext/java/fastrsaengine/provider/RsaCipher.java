package fastrsaengine.provider;

import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.padding.PublicKeyOperations;
import java.io.ByteArrayOutputStream;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import javax.crypto.spec.SecretKeySpec;

/**
 * RSA as the JDK's SunJCE names it: "RSA", "RSA/ECB/PKCS1Padding", "RSA/ECB/OAEPPadding" (with an
 * OAEPParameterSpec), "RSA/ECB/OAEPWith&lt;digest&gt;AndMGF1Padding" (MGF1 with SHA-1, as SunJCE) and
 * "RSA/ECB/NoPadding". A private key decrypts (or encrypts with type 1 padding), a public key
 * encrypts (or opens type 1 blocks); the padding layer pads and the engine computes. Unwrapping
 * with other parameters (JSSE's TLS premaster spec) is refused at init, so JSSE decrypts instead.
 */
final class RsaCipher extends CipherSpi {
    private enum Padding { NONE, PKCS1, OAEP }

    private final EngineSource source;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private Padding padding = Padding.PKCS1;
    private DigestAlgorithm oaepDigest = DigestAlgorithm.SHA1, mgf1Digest = DigestAlgorithm.SHA1;
    private byte[] label = new byte[0];
    private int mode;
    private ProviderKeys.Prepared<PrivateKeyOperations> privateKey;
    private ProviderKeys.Prepared<PublicKeyOperations> publicKey;
    private int modulusBytes;

    RsaCipher(EngineSource source) {
        this.source = source;
    }

    @Override
    protected void engineSetMode(String name) throws NoSuchAlgorithmException {
        if (!name.equalsIgnoreCase("ECB") && !name.equalsIgnoreCase("NONE")) throw new NoSuchAlgorithmException("unsupported mode " + name);
    }

    @Override
    protected void engineSetPadding(String name) throws NoSuchPaddingException {
        String upper = name.toUpperCase(Locale.ROOT);
        if (upper.equals("NOPADDING")) padding = Padding.NONE;
        else if (upper.equals("PKCS1PADDING")) padding = Padding.PKCS1;
        else if (upper.equals("OAEPPADDING")) padding = Padding.OAEP;
        else if (upper.startsWith("OAEPWITH") && upper.endsWith("ANDMGF1PADDING")) {
            DigestAlgorithm digest = DigestAlgorithm.forFetchName(upper.substring(8, upper.length() - 14));
            if (digest == null || digest.length() == 0) throw new NoSuchPaddingException("unsupported padding " + name);
            padding = Padding.OAEP;
            oaepDigest = digest;
        } else {
            throw new NoSuchPaddingException("unsupported padding " + name);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException cannotHappenWithoutParameters) {
            throw new InvalidKeyException(cannotHappenWithoutParameters.getMessage());
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params != null) readOaepParameters(params);
        boolean privateKeyOperation = opmode == Cipher.DECRYPT_MODE || opmode == Cipher.UNWRAP_MODE
            ? !(key instanceof java.security.interfaces.RSAPublicKey)
            : key instanceof java.security.interfaces.RSAPrivateKey;
        privateKey = privateKeyOperation ? ProviderKeys.privateKey(source, key) : null;
        publicKey = privateKeyOperation ? null : ProviderKeys.publicKey(source, key);
        modulusBytes = privateKeyOperation ? privateKey.operations.modulusBytes() : publicKey.operations.modulusBytes();
        if (padding == Padding.OAEP && !(privateKeyOperation ? isDecrypting(opmode) : !isDecrypting(opmode))) {
            throw new InvalidKeyException("OAEP encrypts with a public key and decrypts with a private key");
        }
        mode = opmode;
        buffer.reset();
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        try {
            engineInit(opmode, key, params == null ? null : params.getParameterSpec(OAEPParameterSpec.class), random);
        } catch (java.security.spec.InvalidParameterSpecException e) {
            throw new InvalidAlgorithmParameterException(e.getMessage());
        }
    }

    private void readOaepParameters(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (padding != Padding.OAEP || !(params instanceof OAEPParameterSpec)) {
            throw new InvalidAlgorithmParameterException("unsupported parameters for this padding");
        }
        OAEPParameterSpec oaep = (OAEPParameterSpec) params;
        DigestAlgorithm digest = DigestAlgorithm.forFetchName(oaep.getDigestAlgorithm());
        DigestAlgorithm mgf1 = oaep.getMGFParameters() instanceof MGF1ParameterSpec
            ? DigestAlgorithm.forFetchName(((MGF1ParameterSpec) oaep.getMGFParameters()).getDigestAlgorithm()) : null;
        if (digest == null || mgf1 == null || !"MGF1".equalsIgnoreCase(oaep.getMGFAlgorithm()) || !(oaep.getPSource() instanceof PSource.PSpecified)) {
            throw new InvalidAlgorithmParameterException("unsupported OAEP parameters");
        }
        oaepDigest = digest;
        mgf1Digest = mgf1;
        label = ((PSource.PSpecified) oaep.getPSource()).getValue();
    }

    private static boolean isDecrypting(int opmode) {
        return opmode == Cipher.DECRYPT_MODE || opmode == Cipher.UNWRAP_MODE;
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int offset, int length) {
        buffer.write(input, offset, length);
        return new byte[0];
    }

    @Override
    protected int engineUpdate(byte[] input, int offset, int length, byte[] output, int outputOffset) {
        buffer.write(input, offset, length);
        return 0;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int offset, int length) throws IllegalBlockSizeException, BadPaddingException {
        if (input != null) buffer.write(input, offset, length);
        byte[] data = buffer.toByteArray();
        buffer.reset();
        if (data.length > modulusBytes) throw new IllegalBlockSizeException("Data must not be longer than " + modulusBytes + " bytes");
        return isDecrypting(mode) ? decrypt(data) : encrypt(data);
    }

    @Override
    protected int engineDoFinal(byte[] input, int offset, int length, byte[] output, int outputOffset)
            throws IllegalBlockSizeException, BadPaddingException, javax.crypto.ShortBufferException {
        byte[] result = engineDoFinal(input, offset, length);
        if (output.length - outputOffset < result.length) throw new javax.crypto.ShortBufferException("output buffer too short");
        System.arraycopy(result, 0, output, outputOffset, result.length);
        return result.length;
    }

    private byte[] encrypt(byte[] data) throws IllegalBlockSizeException {
        if (privateKey != null) {
            PrivateKeyOperations key = privateKey.operations;
            return Operations.run(source, "private_encrypt", privateKey.byEngine,
                () -> padding == Padding.NONE ? key.encryptRaw(leftPadded(data)) : key.signDigestInfo(data), IllegalBlockSizeException::new);
        }
        PublicKeyOperations key = publicKey.operations;
        return Operations.run(source, "public_encrypt", publicKey.byEngine, () -> {
            switch (padding) {
                case NONE: return key.encryptRaw(leftPadded(data));
                case OAEP: return key.encryptOaep(data, oaepDigest, mgf1Digest, label);
                default: return key.encryptPkcs1(data);
            }
        }, IllegalBlockSizeException::new);
    }

    private byte[] decrypt(byte[] data) throws BadPaddingException {
        if (publicKey != null) {
            PublicKeyOperations key = publicKey.operations;
            return Operations.run(source, "public_decrypt", publicKey.byEngine,
                () -> padding == Padding.NONE ? key.decryptRaw(data) : key.decryptPkcs1(data), BadPaddingException::new);
        }
        PrivateKeyOperations key = privateKey.operations;
        return Operations.run(source, "private_decrypt", privateKey.byEngine, () -> {
            switch (padding) {
                case NONE: return key.decryptRaw(data);
                case OAEP: return key.decryptOaep(data, oaepDigest, mgf1Digest, label);
                default: return key.decryptPkcs1(data);
            }
        }, message -> new BadPaddingException("Decryption error"));
    }

    /** NoPadding takes fewer than k bytes as SunJCE does: as a number, zeros in front. */
    private byte[] leftPadded(byte[] data) {
        if (data.length >= modulusBytes) return data;
        byte[] block = new byte[modulusBytes];
        System.arraycopy(data, 0, block, modulusBytes - data.length, data.length);
        return block;
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] encoded = key.getEncoded();
        if (encoded == null) throw new InvalidKeyException("the key has no encoding");
        return encrypt(encoded);
    }

    @Override
    protected Key engineUnwrap(byte[] wrapped, String algorithm, int type) throws InvalidKeyException, NoSuchAlgorithmException {
        if (type != Cipher.SECRET_KEY) throw new InvalidKeyException("only secret keys unwrap here");
        try {
            return new SecretKeySpec(decrypt(wrapped), algorithm);
        } catch (BadPaddingException e) {
            throw new InvalidKeyException("Unwrapping failed", e);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return 0;
    }

    @Override
    protected int engineGetOutputSize(int inputLength) {
        return modulusBytes;
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        if (key instanceof java.security.interfaces.RSAKey) return ((java.security.interfaces.RSAKey) key).getModulus().bitLength();
        throw new InvalidKeyException("not an RSA key");
    }

    @Override
    protected byte[] engineGetIV() {
        return null;
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        if (padding != Padding.OAEP) return null;
        try {
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("OAEP");
            parameters.init(new OAEPParameterSpec(oaepDigest.opensslName(), "MGF1", new MGF1ParameterSpec(mgf1Digest.opensslName()),
                new PSource.PSpecified(Arrays.copyOf(label, label.length))));
            return parameters;
        } catch (Exception noOaepParametersForThisDigest) {
            return null;
        }
    }
}
