package fastrsaengine.structures;

import java.security.GeneralSecurityException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Cipher;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.nist.NISTObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.jruby.exceptions.RaiseException;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * What the gem knows of a PKCS#7 envelope's content cipher, by its OID.
 *
 * <p>The length of its content key: what OpenSSL expects its recipients' blocks
 * to hold (PKCS7_dataDecode's fixed key length). The cipher is the one jruby-openssl names for the
 * envelope's content encryption algorithm (OpenSSL::Cipher of its short name), so the length is
 * the one stock then decrypts the content with. Some have none known, and then no envelope of
 * theirs opens, with MRI's one answer ("decrypt error") whatever its recipients hold: a cipher
 * jruby-openssl does not name (OpenSSL does not know it either); RC2, whose key length the
 * algorithm's parameters choose and which stock cannot decrypt an envelope with (nor MRI's
 * OpenSSL 3 without its legacy provider); and an authenticated mode such as GCM, which PKCS#7
 * has no parameters for (stock fails on its tag with a Java exception, OpenSSL refuses it).
 *
 * <p>The JDK cipher the gem deciphers the content with, for the ciphers apps encrypt with: the one
 * jruby-openssl names for the OID (EVP.getCipher), CBC with PKCS#7's padding (RFC 2315 10.3).
 */
final class ContentCiphers {
    private static final Map<String, Integer> KEY_LENGTHS = new ConcurrentHashMap<>();
    static final int UNKNOWN = 0;

    /**
     * A JCA transformation and the algorithm of its key, with one Cipher of it per thread: the JCA's
     * lookup of a provider costs about as much as deciphering a short content, and init resets a
     * Cipher whatever its last use left.
     */
    static final class JdkCipher {
        final String keyAlgorithm;
        private final ThreadLocal<Cipher> perThread;

        private JdkCipher(String transformation, String keyAlgorithm) {
            this.keyAlgorithm = keyAlgorithm;
            this.perThread = ThreadLocal.withInitial(() -> newCipher(transformation));
        }

        /** This thread's Cipher of the transformation, to init before each use. */
        Cipher cipher() {
            return perThread.get();
        }

        private static Cipher newCipher(String transformation) {
            try {
                return Cipher.getInstance(transformation);
            } catch (GeneralSecurityException everyJdkHasIt) { // AES and DESede in CBC are in every JDK (Java SE's required ciphers)
                throw new IllegalStateException(everyJdkHasIt);
            }
        }
    }

    private static final JdkCipher AES_CBC = new JdkCipher("AES/CBC/PKCS5Padding", "AES");
    private static final Map<ASN1ObjectIdentifier, JdkCipher> DECIPHERED = new HashMap<>();

    static {
        DECIPHERED.put(NISTObjectIdentifiers.id_aes128_CBC, AES_CBC);
        DECIPHERED.put(NISTObjectIdentifiers.id_aes192_CBC, AES_CBC);
        DECIPHERED.put(NISTObjectIdentifiers.id_aes256_CBC, AES_CBC);
        DECIPHERED.put(PKCSObjectIdentifiers.des_EDE3_CBC, new JdkCipher("DESede/CBC/PKCS5Padding", "DESede"));
    }

    private ContentCiphers() {
    }

    /** The JDK cipher the gem deciphers content of this cipher with; null where stock deciphers it. */
    static JdkCipher jdkCipher(ASN1ObjectIdentifier algorithm) {
        return DECIPHERED.get(algorithm);
    }

    /** The content key length of an envelope whose content cipher is algorithm; UNKNOWN where none is known. */
    static int keyLength(ThreadContext context, ASN1ObjectIdentifier algorithm) {
        return KEY_LENGTHS.computeIfAbsent(algorithm.getId(), oid -> keyLengthStockNames(context, oid));
    }

    private static int keyLengthStockNames(ThreadContext context, String oid) {
        try {
            IRubyObject name = context.runtime.getClassFromPath("OpenSSL::ASN1::ObjectId").callMethod(context, "new", context.runtime.newString(oid))
                .callMethod(context, "sn");
            if (name.asJavaString().toUpperCase().startsWith("RC2")) return UNKNOWN;
            IRubyObject cipher = context.runtime.getClassFromPath("OpenSSL::Cipher").callMethod(context, "new", name);
            if (cipher.respondsTo("authenticated?") && cipher.callMethod(context, "authenticated?").isTrue()) return UNKNOWN;
            return (int) cipher.callMethod(context, "key_len").convertToInteger().getLongValue();
        } catch (RaiseException noCipherStockNames) {
            return UNKNOWN;
        }
    }
}
