package fastrsaengine.patch;

import java.util.HashMap;
import java.util.Map;

/**
 * What MRI raises when OpenSSL's RSA computation fails inside a patched method, where it has no
 * more particular reason: the error class and OpenSSL's words, the function that failed and its
 * outer reason "RSA lib" (as MRI 3.1 with OpenSSL 3.0 shows them: a key whose numbers do not
 * agree, a block the key cannot hold). Errors answers with it where all Java has to say is about
 * Java itself (a cast, an index, BigInteger's arithmetic).
 */
final class MriFailures {
    private static final String PKEY_ERROR = "OpenSSL::PKey::PKeyError";
    private static final String RSA_ERROR = "OpenSSL::PKey::RSAError";

    /** The class and message for a method name; a name not listed gets {@link #OTHER}. */
    private static final Map<String, String[]> BY_METHOD = new HashMap<>();
    private static final String[] OTHER = {RSA_ERROR, "RSA lib"};

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
        failure("initialize", PKEY_ERROR, "EVP_PKEY_keygen: RSA lib");
        failure("generate_key", PKEY_ERROR, "EVP_PKEY_keygen: RSA lib");
    }

    private MriFailures() {
    }

    private static void failure(String method, String errorClass, String message) {
        BY_METHOD.put(method, new String[] {errorClass, message});
    }

    /** {error class path, message} for the patched method of that name (null: none known). */
    static String[] of(String method) {
        return method == null ? OTHER : BY_METHOD.getOrDefault(method, OTHER);
    }
}
