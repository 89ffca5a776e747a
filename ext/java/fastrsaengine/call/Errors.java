package fastrsaengine.call;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.jruby.Ruby;
import org.jruby.RubyBoolean;
import org.jruby.RubyClass;
import org.jruby.RubyString;
import org.jruby.exceptions.RaiseException;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The one place where failures become Ruby errors: the classes MRI raises, with stock
 * jruby-openssl's messages where stock has one. No Java exception reaches Ruby from a patched method.
 */
public final class Errors {
    /**
     * The JVM's words in a message: a Java class's name ("java.lang.IllegalArgumentException: ...",
     * "class org.jruby.RubyFloat cannot be cast ..."), an index it refused ("Index 5 out of bounds
     * for length 5", "arraycopy: ..."), BigInteger's arithmetic ("BigInteger: modulus not positive"),
     * or an array size alone ("-12").
     */
    private static final Pattern JAVA_WORDS = Pattern.compile("\\b(?:java|javax|jdk|sun)\\.[a-z]\\w*\\.\\w|\\borg\\.(?:jruby|bouncycastle)\\.\\w"
        + "|cannot be cast|out of bounds for |\\Aarraycopy: |\\ABigInteger\\b|\\A-?\\d+\\z");

    /** A JVM's cast refusal: the class of the object given, and the class stock needed. */
    private static final Pattern CAST = Pattern.compile("\\Aclass (\\S+) cannot be cast to class (\\S+)");

    /** The JVM's words for a private key that is not there (a public key given to decrypt). */
    private static final Pattern NO_PRIVATE_KEY = Pattern.compile("\\bjava\\.security\\.PrivateKey\\.\\w+\\(\\)\" because \"\\w+\" is null");

    /**
     * A key's PEM in a message: stock's X509::CRL#sign names the key it refuses for a digest (RSA with
     * DSS1, DSA with MD5) by the key's PEM, private key included.
     */
    private static final Pattern PEM_BLOCK = Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----(.*?)-----END \\1-----\n?", Pattern.DOTALL);

    /** The Java failures turned into Ruby errors in this JVM: a test's way to tell the gem's error from stock's own. */
    private static final LongAdder REPAIRS = new LongAdder();

    private Errors() {
    }

    static RaiseException rsaError(Ruby runtime, String message) {
        return raise(runtime, "OpenSSL::PKey::RSAError", message);
    }

    public static RaiseException pkeyError(Ruby runtime, String message) {
        return raise(runtime, "OpenSSL::PKey::PKeyError", message);
    }

    /**
     * OpenSSL's refusal of one option pair (EVP_PKEY_CTX_ctrl_str), as MRI words it: the key and
     * value inspected, and OpenSSL's reason where it gives one (null: none).
     */
    public static RaiseException refusedOption(Ruby runtime, RubyString name, RubyString value, String reason) {
        String call = "EVP_PKEY_CTX_ctrl_str(ctx, " + inspect(runtime, name) + ", " + inspect(runtime, value) + ")";
        return pkeyError(runtime, reason == null ? call : call + ": " + reason);
    }

    /** A failure of an OpenSSL function, as MRI words it: the function, and OpenSSL's reason. */
    public static RaiseException functionFailed(Ruby runtime, String function, String reason) {
        return pkeyError(runtime, function + ": " + reason);
    }

    /**
     * An RSA public-key method refused for a key beyond OpenSSL's limits (PublicKeyLimits), as MRI
     * words it: the encryptions name the reason, public_decrypt its generic failure.
     */
    public static RaiseException publicKeyRefused(Ruby runtime, String method, String reason) {
        if ("public_decrypt".equals(method)) return mriFailure(runtime, method);
        return raise(runtime, MriFailures.of(method)[0], "EVP_PKEY_encrypt: " + reason);
    }

    /** SSLv23 padding, which OpenSSL 3 no longer has. */
    public static RaiseException unknownPaddingType(Ruby runtime) {
        return rsaError(runtime, "EVP_PKEY_encrypt: unknown padding type");
    }

    public static RaiseException invalidDigestLength(Ruby runtime) {
        return pkeyError(runtime, "invalid digest length");
    }

    /** A PSS salt length below -3 (-1 to -3 name lengths), when signing. */
    public static RaiseException invalidSaltLength(Ruby runtime) {
        return rsaError(runtime, "invalid salt length");
    }

    public static RaiseException failedPairwiseCheck(Ruby runtime) {
        return rsaError(runtime, "key generation failed its pairwise consistency check");
    }

    /** rb_check_type's words: nil, true and false by name, anything else by its class. */
    public static RaiseException wrongArgumentType(Ruby runtime, IRubyObject value, String expected) {
        String type = value.isNil() || value instanceof RubyBoolean ? value.inspect().asJavaString() : value.getMetaClass().getRealClass().getName();
        return runtime.newTypeError("wrong argument type " + type + " (expected " + expected + ")");
    }

    /** GetPrivPKeyPtr's refusal of a key with no private half. */
    public static RaiseException privateKeyNeeded(Ruby runtime) {
        return runtime.newArgumentError("private key is needed");
    }

    /** ossl_evp_get_digestbyname's refusal of a name OpenSSL does not know, with OpenSSL's reason. */
    public static RaiseException unsupportedDigest(Ruby runtime, RubyString name) {
        return runtime.newRuntimeError("Unsupported digest algorithm (" + name.asJavaString() + ").: unknown object name");
    }

    /** ossl_x509_ary2sk's refusal of an element that is no certificate, in MRI's words (sic). */
    public static RaiseException notCertificateInArray(Ruby runtime) {
        return raise(runtime, "OpenSSL::OpenSSLError", "object in array not of class ##type##");
    }

    /** StringValueCStr: OpenSSL reads C strings, so MRI refuses a NUL byte. */
    public static RaiseException nulByte(Ruby runtime) {
        return runtime.newArgumentError("string contains null byte");
    }

    /** EVP_PKEY_keygen's refusal of the parameters set, as MRI words it. */
    public static RaiseException keygenFailure(Ruby runtime, String reason) {
        return functionFailed(runtime, "EVP_PKEY_keygen", reason);
    }

    private static String inspect(Ruby runtime, RubyString string) {
        return new String(RubyString.inspect(runtime, string.getByteList()).getBytes(), StandardCharsets.UTF_8);
    }

    static RaiseException unavailableBackend(Ruby runtime, String message) {
        return raise(runtime, "FastRsaEngine::UnavailableBackendError", message);
    }

    /**
     * A Java exception from the engine, the paddings or stock, as a Ruby error, for the patched method
     * of that name (as {@link Call} names it: the method really called, never a Ruby frame's name,
     * which is "initialize" for RSA.new and "sign" for every structure's sign). A Java exception
     * becomes OpenSSL::PKey::RSAError, the class MRI raises for RSA failures; a padding that does not
     * check reads alike whatever went wrong (no oracle), as stock's JCA cipher reports it. The
     * messages are Bouncy Castle's, stock's or the engine's, none of which carries key material. A
     * Ruby error stock raised keeps its class (what callers rescue) and its message, unless the
     * message speaks Java ({@link #speaksJava}): then it gets MRI's words for the method. A
     * structure method's Java exception fails as MRI's does for the structure: a Java cast of an
     * argument as MRI's TypeError, anything else as the structure's error ({@link MriFailures#structureError}).
     * (DIFFERENCES.md: java-exception, java-words.)
     */
    public static RaiseException fromJava(Ruby runtime, String method, Exception e) {
        if (e instanceof RaiseException && showsKey((RaiseException) e)) return withoutKeys(runtime, (RaiseException) e);
        boolean javaWords = speaksJava(e);
        if (e instanceof RaiseException && !javaWords) return (RaiseException) e;
        REPAIRS.increment();
        if (e instanceof RaiseException) return reworded(runtime, (RaiseException) e, MriFailures.of(method)[1]);
        if (MriFailures.structureError(method) != null) return structureFailure(runtime, method, e);
        if (javaWords || MriFailures.isEc(method)) return mriFailure(runtime, method);
        if (e instanceof InvalidCipherTextException) return rsaError(runtime, "unable to decrypt block");
        return rsaError(runtime, e.getMessage());
    }

    private static boolean showsKey(RaiseException stocks) {
        return PEM_BLOCK.matcher(stocks.getException().getMessageAsJavaString()).find();
    }

    /**
     * Stock's Ruby error with each key's PEM in its words replaced by the key's algorithm ("RSA", "DSA",
     * "EC"), as stock's certificate and request name a key they refuse: no key material in a message.
     * (DIFFERENCES.md: key-in-message.)
     */
    private static RaiseException withoutKeys(Ruby runtime, RaiseException stocks) {
        Matcher block = PEM_BLOCK.matcher(stocks.getException().getMessageAsJavaString());
        StringBuffer words = new StringBuffer();
        while (block.find()) block.appendReplacement(words, Matcher.quoteReplacement(keyAlgorithm(block.group(1), block.group(2))));
        block.appendTail(words);
        return reworded(runtime, stocks, words.toString());
    }

    /** "RSA PRIVATE KEY" names its algorithm; a "PUBLIC KEY" (X.509's) or "PRIVATE KEY" (PKCS#8) holds it. */
    private static String keyAlgorithm(String label, String base64) {
        boolean publicKey = label.equals("PUBLIC KEY");
        if (!publicKey && !label.equals("PRIVATE KEY")) return label.split(" ")[0];
        byte[] der = Base64.getMimeDecoder().decode(base64.trim());
        ASN1ObjectIdentifier oid = publicKey ? SubjectPublicKeyInfo.getInstance(der).getAlgorithm().getAlgorithm()
            : PrivateKeyInfo.getInstance(der).getPrivateKeyAlgorithm().getAlgorithm();
        if (oid.equals(PKCSObjectIdentifiers.rsaEncryption)) return "RSA";
        if (oid.equals(X9ObjectIdentifiers.id_dsa)) return "DSA";
        return oid.equals(X9ObjectIdentifiers.id_ecPublicKey) ? "EC" : oid.getId();
    }

    /** Stock's Ruby error, its class kept, with other words. */
    public static RaiseException reworded(Ruby runtime, RaiseException stocks, String message) {
        return RaiseException.from(runtime, stocks.getException().getMetaClass().getRealClass(), message);
    }

    /**
     * A structure method's Java exception: an argument of the wrong type (stock casts it) as MRI's
     * TypeError; else the structure's error with MRI's words for the method, whatever Java said
     * (jruby-openssl's NullPointerException for an unsigned certificate, Bouncy Castle's "too
     * much data for RSA block" for another key's envelope): the class is what callers rescue.
     */
    private static RaiseException structureFailure(Ruby runtime, String method, Exception e) {
        String message = e.getMessage();
        Matcher cast = message == null ? null : CAST.matcher(message);
        String expected = cast != null && cast.find() ? MriFailures.expectedType(cast.group(2)) : null;
        if (expected != null) {
            String given = MriFailures.rubyType(cast.group(1));
            return runtime.newTypeError("wrong argument type " + (given == null ? "" : given + " ") + "(expected " + expected + ")");
        }
        // MRI's words for a key with no private half (GetPrivPKeyPtr), where the JVM names the missing key.
        if (e instanceof NullPointerException && message != null && NO_PRIVATE_KEY.matcher(message).find()) {
            return privateKeyNeeded(runtime);
        }
        return mriFailure(runtime, method);
    }

    /** How many Java failures the gem has turned into Ruby errors in this JVM ({@code FastRsaEngine::Native.java_repairs}). */
    static long repairs() {
        return REPAIRS.sum();
    }

    /**
     * Whether a failure talks about Java rather than the call: the JVM's arithmetic, casts, array
     * sizes and nulls, and any message (stock's Ruby errors included) in the JVM's words: a Java
     * class's name, an index out of bounds, none at all. (Bouncy Castle's messages in Java's
     * exceptions, "too much data for RSA block", speak of the call, and stay.)
     */
    public static boolean speaksJava(Exception e) {
        if (e instanceof ArithmeticException || e instanceof ClassCastException || e instanceof NegativeArraySizeException
            || e instanceof NullPointerException || e instanceof ArrayStoreException) {
            return true;
        }
        if (e instanceof RaiseException) return JAVA_WORDS.matcher(((RaiseException) e).getException().getMessageAsJavaString()).find();
        return e.getMessage() == null || JAVA_WORDS.matcher(e.getMessage()).find();
    }

    /** The error class of a structure method (as {@link Call} names it), with these words. */
    public static RaiseException structureError(Ruby runtime, String method, String message) {
        return raise(runtime, MriFailures.structureError(method), message);
    }

    /** MRI's error for the patched method of that name. */
    public static RaiseException mriFailure(Ruby runtime, String method) {
        String[] failure = MriFailures.of(method);
        return raise(runtime, failure[0], failure[1]);
    }

    private static RaiseException raise(Ruby runtime, String className, String message) {
        RubyClass errorClass = (RubyClass) runtime.getClassFromPath(className);
        return RaiseException.from(runtime, errorClass, message == null ? "" : message);
    }
}
