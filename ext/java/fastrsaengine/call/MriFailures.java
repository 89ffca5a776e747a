package fastrsaengine.call;

import java.util.HashMap;
import java.util.Map;

/**
 * What MRI raises when OpenSSL's RSA computation fails inside a patched method, where it has no
 * more particular reason: the error class and OpenSSL's words, the function that failed and its
 * outer reason "RSA lib" (as MRI 3.1 with OpenSSL 3.0 shows them: a key whose numbers do not
 * agree, a block the key cannot hold). Errors answers with it where all Java has to say is about
 * Java itself (a cast, an index, BigInteger's arithmetic). The structure methods, named as
 * {@link Call} names them, fail with their structure's error class ({@link #structureError}).
 */
final class MriFailures {
    private static final String PKEY_ERROR = "OpenSSL::PKey::PKeyError";
    private static final String RSA_ERROR = "OpenSSL::PKey::RSAError";
    private static final String EC_ERROR = "OpenSSL::PKey::ECError";

    /** The class and message for a method name; a name not listed gets {@link #OTHER}. */
    private static final Map<String, String[]> BY_METHOD = new HashMap<>();
    private static final String[] OTHER = {RSA_ERROR, "RSA lib"};
    /** The structure methods' error classes, by method. */
    private static final Map<String, String> STRUCTURE_ERRORS = new HashMap<>();

    static {
        failure("sign", PKEY_ERROR, "EVP_DigestSign: RSA lib");
        failure("sign_raw", PKEY_ERROR, "EVP_PKEY_sign: RSA lib");
        failure("sign_pss", RSA_ERROR, "RSA lib");
        failure("private_encrypt", RSA_ERROR, "EVP_PKEY_sign: RSA lib");
        failure("private_decrypt", RSA_ERROR, "EVP_PKEY_decrypt");
        failure("decrypt", PKEY_ERROR, "EVP_PKEY_decrypt");
        failure("public_encrypt", RSA_ERROR, "EVP_PKEY_encrypt: RSA lib");
        failure("encrypt", PKEY_ERROR, "EVP_PKEY_encrypt: RSA lib");
        failure("public_decrypt", RSA_ERROR, "EVP_PKEY_verify_recover: RSA lib");
        failure("verify", PKEY_ERROR, "EVP_DigestVerify");
        failure("verify_raw", PKEY_ERROR, "EVP_PKEY_verify");
        failure("verify_pss", RSA_ERROR, "EVP_DigestVerify");
        failure("generate", PKEY_ERROR, "EVP_PKEY_keygen: RSA lib");
        // RSA.new(source): a source that does not read as a key (KeyLoading.METHOD).
        failure("load", RSA_ERROR, "Neither PUB key nor PRIV key: unsupported");
        failure("generate_key", PKEY_ERROR, "EVP_PKEY_keygen: RSA lib");
        // OpenSSL::PKey::EC's methods, as EcMethods names them (MRI defines dsa_*_asn1 and
        // dh_compute_key in Ruby over sign_raw, verify_raw and derive, whose functions they name).
        failure("ec_sign", PKEY_ERROR, "EVP_DigestSign");
        failure("ec_verify", PKEY_ERROR, "EVP_DigestVerify");
        failure("ec_sign_raw", PKEY_ERROR, "EVP_PKEY_sign");
        failure("ec_verify_raw", PKEY_ERROR, "EVP_PKEY_verify");
        failure("ec_dsa_sign_asn1", EC_ERROR, "EVP_PKEY_sign");
        failure("ec_dsa_verify_asn1", EC_ERROR, "EVP_PKEY_verify");
        failure("ec_dh_compute_key", PKEY_ERROR, "EVP_PKEY_derive");
        failure("ec_derive", PKEY_ERROR, "EVP_PKEY_derive");
        failure("ec_generate", EC_ERROR, "EC_KEY_generate_key");
        // MRI's words for the failures jruby-openssl meets in Java: a signer certificate that was
        // never signed (OpenSSL fails encoding the structure: "illegal zero content"), an envelope
        // another key cannot open ("bad decrypt"); X509_sign and X509_CRL_sign are the functions
        // MRI names. A PKCS#7 or OCSP signer's certificate with another key's public half reads
        // as OpenSSL checks it.
        structure("certificate_sign", "OpenSSL::X509::CertificateError", "X509_sign: RSA lib");
        structure("request_sign", "OpenSSL::X509::RequestError", "RSA lib");
        structure("crl_sign", "OpenSSL::X509::CRLError", "X509_CRL_sign: RSA lib");
        structure("ocsp_basic_response_sign", "OpenSSL::OCSP::OCSPError", "illegal zero content");
        structure("ocsp_request_sign", "OpenSSL::OCSP::OCSPError", "illegal zero content");
        // The checks of a structure's signature, where stock fails in Java (a CRL checked with an EC
        // key read without its point): the structure's error with OpenSSL's words for a key it cannot
        // verify with, as MRI raises it when X509_verify and its kin fail.
        structure("certificate_verify", "OpenSSL::X509::CertificateError", "EVP lib");
        structure("request_verify", "OpenSSL::X509::RequestError", "EVP lib");
        structure("crl_verify", "OpenSSL::X509::CRLError", "EVP lib");
        // OCSP::BasicResponse#verify of a response with nothing in it (stock fails in Java; MRI 3.1
        // crashes in OCSP_basic_verify): the structure's error, naming the function.
        structure("ocsp_verify", "OpenSSL::OCSP::OCSPError", "OCSP_basic_verify: no response data");
        structure("pkcs7_sign", "OpenSSL::PKCS7::PKCS7Error", "illegal zero content");
        structure("pkcs7_decrypt", "OpenSSL::PKCS7::PKCS7Error", "bad decrypt");
    }

    /**
     * What MRI's rb_check_type names as expected, for the jruby-openssl class stock casts an
     * argument to; and how it names the class given, for JRuby's core classes (a value of another
     * class goes unnamed).
     */
    private static final Map<String, String> EXPECTED = pairs("org.jruby.ext.openssl.X509Cert", "OpenSSL/X509",
        "org.jruby.ext.openssl.PKey", "OpenSSL/EVP_PKEY", "org.jruby.ext.openssl.Digest", "OpenSSL/Digest", "org.jruby.RubyArray", "Array",
        "org.jruby.RubyString", "String");
    private static final Map<String, String> GIVEN = pairs("org.jruby.RubyNil", "nil", "org.jruby.RubyBoolean$True", "true",
        "org.jruby.RubyBoolean$False", "false", "org.jruby.RubyFixnum", "Integer", "org.jruby.RubyBignum", "Integer", "org.jruby.RubyFloat", "Float",
        "org.jruby.RubyString", "String", "org.jruby.RubySymbol", "Symbol", "org.jruby.RubyArray", "Array", "org.jruby.RubyHash", "Hash");

    private static Map<String, String> pairs(String... keysAndValues) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) map.put(keysAndValues[i], keysAndValues[i + 1]);
        return map;
    }

    private MriFailures() {
    }

    private static void failure(String method, String errorClass, String message) {
        BY_METHOD.put(method, new String[] {errorClass, message});
    }

    private static void structure(String method, String errorClass, String message) {
        failure(method, errorClass, message);
        STRUCTURE_ERRORS.put(method, errorClass);
    }

    /** Whether a method is OpenSSL::PKey::EC's: every Java failure of it is MRI's failure for it. */
    static boolean isEc(String method) {
        return method != null && method.startsWith("ec_");
    }

    /** The error class of a structure method's failures; null for a method of OpenSSL::PKey::RSA. */
    static String structureError(String method) {
        return method == null ? null : STRUCTURE_ERRORS.get(method);
    }

    /** MRI's name of the type stock cast an argument to (a Java class name), or null. */
    static String expectedType(String javaClass) {
        return EXPECTED.get(javaClass);
    }

    /**
     * MRI's name of a JRuby core value's type (a Java class name), or null. JRuby represents some
     * values by subclasses of the core class (RubyFixnum$ShortFixnum, RubyArrayOneObject...).
     */
    static String rubyType(String javaClass) {
        String exact = GIVEN.get(javaClass);
        if (exact != null) return exact;
        String outer = javaClass.replaceFirst("\\$.*", "");
        return GIVEN.get(outer.startsWith("org.jruby.specialized.RubyArray") ? "org.jruby.RubyArray" : outer);
    }

    /** {error class path, message} for the patched method of that name (null: none known). */
    static String[] of(String method) {
        return method == null ? OTHER : BY_METHOD.getOrDefault(method, OTHER);
    }
}
