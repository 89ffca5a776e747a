package fastrsaengine.structures;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.jruby.exceptions.RaiseException;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The length of the content key of a PKCS#7 envelope: what OpenSSL expects its recipients' blocks
 * to hold (PKCS7_dataDecode's fixed key length). The cipher is the one jruby-openssl names for the
 * envelope's content encryption algorithm (OpenSSL::Cipher of its short name), so the length is
 * the one stock then decrypts the content with. Some have none known, and then no envelope of
 * theirs opens, with MRI's one answer ("decrypt error") whatever its recipients hold: a cipher
 * jruby-openssl does not name (OpenSSL does not know it either); RC2, whose key length the
 * algorithm's parameters choose and which stock cannot decrypt an envelope with (nor MRI's
 * OpenSSL 3 without its legacy provider); and an authenticated mode such as GCM, which PKCS#7
 * has no parameters for (stock fails on its tag with a Java exception, OpenSSL refuses it).
 */
final class ContentKeys {
    private static final Map<String, Integer> BY_ALGORITHM = new ConcurrentHashMap<>();
    static final int UNKNOWN = 0;

    private ContentKeys() {
    }

    /** The content key length of an envelope whose content cipher is algorithm; UNKNOWN where none is known. */
    static int length(ThreadContext context, ASN1ObjectIdentifier algorithm) {
        return BY_ALGORITHM.computeIfAbsent(algorithm.getId(), oid -> keyLength(context, oid));
    }

    private static int keyLength(ThreadContext context, String oid) {
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
