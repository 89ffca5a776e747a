package fastrsaengine.structures.resigning;

import fastrsaengine.structures.JopensslSeams;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encodable;
import org.jruby.RubyString;
import org.jruby.RubyTime;
import org.jruby.ext.openssl.PKey;
import org.jruby.ext.openssl.X509Cert;
import org.jruby.ext.openssl.X509Name;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * What X509::Certificate#sign reads of a certificate object, as it stands ({@link JopensslSeams},
 * item 14): the objects it reads by identity, since a setter puts another object in place, and by
 * value what can change inside one (the instant of a Time, a Name's built form, which every change
 * of the Name empties, an extension's criticality, a Ruby String it holds as its value). Two equal
 * inputs make the same to-be-signed bytes with the same key algorithm and digest.
 */
final class CertificateInputs {
    private final Object[] objects;
    private final Object[] values;

    private CertificateInputs(List<Object> objects, List<Object> values) {
        this.objects = objects.toArray();
        this.values = values.toArray();
    }

    /**
     * The inputs of a certificate, or null where one can change unseen: an extension whose value is
     * made of OpenSSL::ASN1 objects (stock encodes them anew on each sign), an extension list
     * changed by another thread while read, or a field of another kind than stock's sign takes.
     */
    static CertificateInputs of(X509Cert certificate) {
        List<Object> objects = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        if (!name(certificate.subject(), objects) || !name(certificate.issuer(), objects)) return null;
        values.add(JopensslSeams.certificateSerial(certificate));
        values.add(instant(certificate.not_before()));
        values.add(instant(certificate.not_after()));
        Object publicKey = JopensslSeams.certificatePublicKey(certificate);
        objects.add(publicKey);
        objects.add(publicKey instanceof PKey ? ((PKey) publicKey).getPublicKey() : null);
        return extensions(certificate, objects, values) ? new CertificateInputs(objects, values) : null;
    }

    boolean same(CertificateInputs other) {
        if (other == null || objects.length != other.objects.length || !Arrays.equals(values, other.values)) return false;
        for (int i = 0; i < objects.length; i++) if (objects[i] != other.objects[i]) return false;
        return true;
    }

    /** A Name and its built form; false for anything else stock's sign would take (it fails there). */
    private static boolean name(IRubyObject name, List<Object> objects) {
        if (!(name instanceof X509Name)) return false;
        objects.add(name);
        objects.add(JopensslSeams.nameBuilt(name));
        return true;
    }

    private static Object instant(IRubyObject time) {
        return time instanceof RubyTime ? (Object) ((RubyTime) time).getJavaDate().getTime() : time;
    }

    private static boolean extensions(X509Cert certificate, List<Object> objects, List<Object> values) {
        List<?> extensions;
        try {
            extensions = JopensslSeams.certificateExtensions(certificate);
        } catch (ConcurrentModificationException changedWhileRead) { // stock's list is not thread-safe: the next sign reads it again
            return false;
        }
        for (Object extension : extensions) {
            Object[] parts = JopensslSeams.extensionParts((IRubyObject) extension);
            Object value = parts[1];
            if (!(value instanceof ASN1Encodable || value instanceof byte[] || value instanceof RubyString || value instanceof String)) return false;
            objects.add(extension);
            objects.add(parts[0]);
            objects.add(value);
            values.add(parts[2]);
            values.add(value instanceof RubyString ? ((RubyString) value).getByteList().dup() : null); // a ByteList equals by content
        }
        return true;
    }
}
