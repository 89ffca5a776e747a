package fastrsaengine.structures;

import fastrsaengine.engines.shared.WeakIdentityCache;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encodable;
import org.jruby.RubyString;
import org.jruby.RubyTime;
import org.jruby.ext.openssl.Digest;
import org.jruby.ext.openssl.PKey;
import org.jruby.ext.openssl.X509Cert;
import org.jruby.ext.openssl.X509Name;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The certificates the engine signed, each with what its sign read ({@link CertificateInputs}), the
 * key and digest it was signed with and the DER it then held. A CA signs one certificate object
 * again (a renewal template, a test fixture): where nothing the sign reads has changed since, with
 * the same key and digest, stock's sign would build the same to-be-signed bytes again, at twice the
 * cost of the engine's signature for P-256 (its builder, the DER read back). The engine signs the
 * kept bytes anew instead, and the object takes the result as it took the first. Anything changed,
 * another key or digest, or a JCA certificate the object holds that the engine did not leave (read
 * from DER, signed by stock since): the sign is stock's build again.
 */
final class SignedCertificates {
    private static final WeakIdentityCache<IRubyObject, Signed> LAST = new WeakIdentityCache<>();
    /** Whether this jruby-openssl's certificate holds what its sign reads where the gem reads it. */
    private static final boolean KEPT = JopensslSeams.certificateSignInputsReadable();

    private SignedCertificates() {
    }

    /** What the engine's last sign of a certificate left: the DER, and the JCA certificate it holds. */
    static final class Signed {
        private final CertificateInputs inputs;
        private final IRubyObject key;
        private final String digest;
        final byte[] der;
        private final X509Certificate held;

        private Signed(CertificateInputs inputs, IRubyObject key, String digest, byte[] der, X509Certificate held) {
            this.inputs = inputs;
            this.key = key;
            this.digest = digest;
            this.der = der;
            this.held = held;
        }
    }

    /**
     * What the engine's last sign of this certificate left, where a sign with this key and digest
     * would build the same to-be-signed bytes; else null.
     */
    static Signed unchanged(IRubyObject certificate, IRubyObject key, IRubyObject digest) {
        Signed last = KEPT && certificate instanceof X509Cert ? LAST.get(certificate) : null;
        if (last == null || last.key != key || !last.digest.equals(digestName(digest))) return null;
        if (JopensslSeams.certificateHeld(certificate) != last.held) return null;
        return last.inputs.same(CertificateInputs.of((X509Cert) certificate)) ? last : null;
    }

    /** Keeps what the engine's sign of a certificate left (stock built it from the object as it stands). */
    static void keep(IRubyObject certificate, IRubyObject key, IRubyObject digest, byte[] der) {
        String name = digestName(digest);
        CertificateInputs inputs = KEPT && name != null && certificate instanceof X509Cert ? CertificateInputs.of((X509Cert) certificate) : null;
        if (inputs != null) LAST.put(certificate, new Signed(inputs, key, name, der, JopensslSeams.certificateHeld(certificate)));
    }

    /** Keeps what a sign of the kept bytes left: the inputs were as they are. */
    static void keepAgain(IRubyObject certificate, Signed last, byte[] der) {
        LAST.put(certificate, new Signed(last.inputs, last.key, last.digest, der, JopensslSeams.certificateHeld(certificate)));
    }

    /**
     * The digest argument as stock's sign names its algorithm from it: a String's text, a
     * Digest's name (compared as given: two spellings are two entries); null for anything else.
     */
    private static String digestName(IRubyObject digest) {
        if (digest instanceof Digest) return "Digest " + ((Digest) digest).getName();
        return digest instanceof RubyString ? "String " + digest.asJavaString() : null;
    }

    /**
     * What X509::Certificate#sign reads of a certificate object, as it stands ({@link JopensslSeams},
     * item 14): the objects it reads by identity, since a setter puts another object in place, and by
     * value what can change inside one (the instant of a Time, a Name's built form, which every change
     * of the Name empties, an extension's criticality, a Ruby String it holds as its value). Two equal
     * inputs make the same to-be-signed bytes with the same key algorithm and digest.
     */
    private static final class CertificateInputs {
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
}
