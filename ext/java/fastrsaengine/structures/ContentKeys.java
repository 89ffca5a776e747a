package fastrsaengine.structures;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.pkcs.ContentInfo;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.jruby.exceptions.RaiseException;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The length of the content key of a PKCS#7 envelope: what OpenSSL expects its recipients' blocks
 * to hold (PKCS7_dataDecode's fixed key length). The cipher is the one jruby-openssl names for the
 * envelope's content encryption algorithm (OpenSSL::Cipher of its short name), so the length is
 * the one stock then decrypts the content with. RC2, whose key length the algorithm's parameters
 * choose, and any cipher jruby-openssl does not name have none known.
 */
final class ContentKeys {
    private static final Map<String, Integer> BY_ALGORITHM = new ConcurrentHashMap<>();
    private static final int UNKNOWN = 0;

    private ContentKeys() {
    }

    /** The content key length of the enveloped data in der; 0 where it is not known, or der is no envelope. */
    static int length(ThreadContext context, byte[] der) {
        ASN1ObjectIdentifier algorithm = contentAlgorithm(der);
        return algorithm == null ? UNKNOWN : BY_ALGORITHM.computeIfAbsent(algorithm.getId(), oid -> keyLength(context, oid));
    }

    private static ASN1ObjectIdentifier contentAlgorithm(byte[] der) {
        try {
            ContentInfo info = ContentInfo.getInstance(der);
            if (!PKCSObjectIdentifiers.envelopedData.equals(info.getContentType())) return null;
            // EnvelopedData: version, recipientInfos, encryptedContentInfo (contentType, contentEncryptionAlgorithm, ...)
            ASN1Encodable encryptedContentInfo = ASN1Sequence.getInstance(info.getContent()).getObjectAt(2);
            return AlgorithmIdentifier.getInstance(ASN1Sequence.getInstance(encryptedContentInfo).getObjectAt(1)).getAlgorithm();
        } catch (IllegalArgumentException | IllegalStateException | ClassCastException | ArrayIndexOutOfBoundsException notAnEnvelope) {
            return null;
        }
    }

    private static int keyLength(ThreadContext context, String oid) {
        try {
            IRubyObject name = context.runtime.getClassFromPath("OpenSSL::ASN1::ObjectId").callMethod(context, "new", context.runtime.newString(oid))
                .callMethod(context, "sn");
            if (name.asJavaString().toUpperCase().startsWith("RC2")) return UNKNOWN;
            return (int) context.runtime.getClassFromPath("OpenSSL::Cipher").callMethod(context, "new", name).callMethod(context, "key_len").convertToInteger().getLongValue();
        } catch (RaiseException noCipherStockNames) {
            return UNKNOWN;
        }
    }
}
