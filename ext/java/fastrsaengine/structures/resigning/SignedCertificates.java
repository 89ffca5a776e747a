package fastrsaengine.structures.resigning;

import fastrsaengine.engines.shared.WeakIdentityCache;
import fastrsaengine.structures.JopensslSeams;
import java.security.cert.X509Certificate;
import org.jruby.RubyString;
import org.jruby.ext.openssl.Digest;
import org.jruby.ext.openssl.X509Cert;
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
public final class SignedCertificates {
    private static final WeakIdentityCache<IRubyObject, Signed> LAST = new WeakIdentityCache<>();
    /** Whether this jruby-openssl's certificate holds what its sign reads where the gem reads it. */
    private static final boolean KEPT = JopensslSeams.certificateSignInputsReadable();

    private SignedCertificates() {
    }

    /** What the engine's last sign of a certificate left: the DER, and the JCA certificate it holds. */
    public static final class Signed {
        private final CertificateInputs inputs;
        private final IRubyObject key;
        private final String digest;
        public final byte[] der;
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
    public static Signed unchanged(IRubyObject certificate, IRubyObject key, IRubyObject digest) {
        Signed last = KEPT && certificate instanceof X509Cert ? LAST.get(certificate) : null;
        if (last == null || last.key != key || !last.digest.equals(digestName(digest))) return null;
        if (JopensslSeams.certificateHeld(certificate) != last.held) return null;
        return last.inputs.same(CertificateInputs.of((X509Cert) certificate)) ? last : null;
    }

    /** Keeps what the engine's sign of a certificate left (stock built it from the object as it stands). */
    public static void keep(IRubyObject certificate, IRubyObject key, IRubyObject digest, byte[] der) {
        String name = digestName(digest);
        CertificateInputs inputs = KEPT && name != null && certificate instanceof X509Cert ? CertificateInputs.of((X509Cert) certificate) : null;
        if (inputs != null) LAST.put(certificate, new Signed(inputs, key, name, der, JopensslSeams.certificateHeld(certificate)));
    }

    /** Keeps what a sign of the kept bytes left: the inputs were as they are. */
    public static void keepAgain(IRubyObject certificate, Signed last, byte[] der) {
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
}
