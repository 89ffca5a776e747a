package fastrsaengine.structures;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.cert.CertificateException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ocsp.BasicOCSPResponse;
import org.bouncycastle.cert.X509CRLHolder;
import org.bouncycastle.pkcs.PKCS10CertificationRequest;
import org.jruby.RubyClass;
import org.jruby.RubyString;
import org.jruby.ext.openssl.OCSPBasicResponse;
import org.jruby.ext.openssl.SecurityHelper;
import org.jruby.ext.openssl.X509CRL;
import org.jruby.ext.openssl.X509Cert;
import org.jruby.ext.openssl.X509Extension;
import org.jruby.ext.openssl.X509Name;
import org.jruby.ext.openssl.X509Request;
import org.jruby.ext.openssl.X509Store;
import org.jruby.ext.openssl.X509StoreContext;
import org.jruby.ext.openssl.x509store.Store;
import org.jruby.ext.openssl.x509store.StoreContext;
import org.jruby.ext.openssl.x509store.X509AuxCertificate;
import org.jruby.ext.openssl.impl.ASN1Registry;
import org.jruby.ext.openssl.impl.PKCS10Request;
import org.jruby.ext.openssl.impl.SignerInfoWithPkey;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * Every dependency of the structure methods ({@link StructureMethods}) on how jruby-openssl works
 * inside, each with why; lib/fast_rsa_engine/startup_check.rb exercises each method that relies on
 * them at require, and a jruby-openssl where one moved leaves that method to stock with one warning.
 * <ol>
 * <li>{@code PKeyRSA}'s public constructor {@code (Ruby, RubyClass, RSAPrivateCrtKey, RSAPublicKey)}
 *     and its overridable {@code getPrivateKey()}: X509::Certificate#sign, X509::Request#sign,
 *     X509::CRL#sign, OCSP::BasicResponse#sign, OCSP::Request#sign, PKCS7.sign and PKCS7#decrypt
 *     (0.15.3 to 0.16.x) all read the caller's key through {@code PKey#getPrivateKey()} and hand it
 *     to a JCA provider (the JDK's, or Bouncy Castle's by name) that the gem cannot choose; the
 *     {@link StandInKey} is how the engine takes part.</li>
 * <li>Those providers compute m^d mod n for a private key without CRT numbers and check nothing,
 *     so with the stand-in's key of exponent 1 a signature is the encoded message and a decryption opens a
 *     block as given (and the start-up check would see otherwise).</li>
 * <li>OCSP::BasicResponse's and OCSP::Request's {@code initialize(der)}, run again on a signed
 *     object, set from the DER the one field their sign sets (the BC structure every reader reads),
 *     and nothing else: how a signed OCSP message gets its engine signature after stock signed it.</li>
 * <li>X509::Certificate's {@code initialize(der)} would not do: it sets every field again from
 *     the DER (the signature algorithm by another name, {@code RSA-SHA1} for {@code
 *     sha1WithRSAEncryption}; the extensions in the DER's order, critical ones first; the times
 *     in UTC), where stock's sign sets two, the private fields {@code cert} (the JCA certificate,
 *     which {@code to_der}, {@code to_text}'s signature and {@code verify} read) and {@code sig_alg}
 *     (the name {@code signature_algorithm} answers: the registry's name of the algorithm's OID, else
 *     the OID), and leaves the caller's fields as they were. The engine sets both, the certificate
 *     made from the DER as stock's sign makes it (its CertificateFactory).</li>
 * <li>X509::Request's sign sets its private field {@code request} (an {@code
 *     org.jruby.ext.openssl.impl.PKCS10Request}, public) to one holding the request it signed in
 *     the private field {@code signedRequest} (read by {@code to_der}, {@code signature_algorithm}
 *     and {@code verify}); the engine's signed request is put there, and the caller's subject,
 *     public key and attributes stay the objects they were (its {@code initialize(der)} would
 *     make new ones).</li>
 * <li>X509::CRL's {@code initialize(der)} would not do either: it leaves the CRL that sign built
 *     ({@code crlHolder}, which {@code to_der}, {@code verify} and the rest read first) as it was,
 *     and makes new revoked entries where stock keeps the caller's. sign leaves the CRL it built in
 *     the private field {@code crlHolder} (and {@code crl}, the JCA's copy, empty, to be made from it
 *     when asked for); there is no public way to set it, so the CRL the engine signed is put there.</li>
 * <li>PKCS7.sign's result holds its signed data in the private field {@code p7}, whose class
 *     ({@code org.jruby.ext.openssl.impl.PKCS7}, public) lists the signers with a public getter and
 *     setter of each one's encrypted digest: the engine's signature is set there, on the object
 *     stock returns. Reading it back from DER instead (to_der, then a parse) cost a fifth of the
 *     call, and lost what stock keeps beside the DER (the data argument, in {@code @data}).</li>
 * <li>X509::Certificate's {@code verify} answers false while the private field {@code changed} is
 *     true (a field set since the certificate was read or signed), and otherwise checks the JCA
 *     certificate in {@code cert} (0.14 to 0.16): the engine checks the same one, and only then.</li>
 * <li>X509::Request's {@code verify} checks the request held in item 5's {@code signedRequest}
 *     (none: false), and X509::CRL's, like the certificate's, answers false while its private field
 *     {@code changed} is true and otherwise checks the JCA CRL in {@code crl}, made from {@code
 *     crlHolder} on first read (0.14 to 0.16): the engine checks the same ones, and only once they
 *     are there.</li>
 * <li>PKCS7#verify (0.14 to 0.16) runs {@code org.jruby.ext.openssl.impl.PKCS7.verify} on item 7's
 *     structure with the data given or held in {@code @data}, and checks each signer's signature
 *     ({@code signatureVerify}: the content's digest against the messageDigest attribute, then the
 *     signature over the attributes' encoding, named from the signer's digest and key) unless the
 *     flags hold {@code PKCS7::NOSIGS}. The engine finds the signers with its public {@code
 *     getSigners}, checks the same, and where it finds every one good calls stock's with NOSIGS.</li>
 * <li>OCSP::BasicResponse#verify (0.14 to 0.16) finds the signer's certificate with its private
 *     {@code findSignerCert} (the responder's name among the certificates given, as its private
 *     {@code convertRubyCerts} lists them, then unless OCSP::NOINTERN among the response's own) and
 *     checks the signature of the response its public {@code getASN1BCOCSPResp} holds with that
 *     certificate's key, unless the flags hold OCSP::NOSIGS; then, unless OCSP::NOVERIFY (or
 *     OCSP::TRUSTOTHER without OCSP::NOINTERN), its answer is the signer's chain's alone. Where the
 *     signature alone answers, the engine finds the signer with stock's own methods, checks the same
 *     signature, and where it is good answers true.</li>
 * <li>X509::Certificate's, X509::Request's and X509::CRL's {@code initialize(der)} read the DER
 *     through Bouncy Castle into items 8 and 9's objects, which keep values, not bytes (their
 *     encoding is Bouncy Castle's DER, or for a request its own spelling less any long-form length),
 *     and X509::Request's {@code version=} only warns that it has no effect: OpenSSL checks the bytes
 *     it read, and a request's version set since. The gem's initialize and version= run stock's and
 *     then note, beside stock's object, the DER given where it differs and the version set
 *     (verification/GivenEncodings, ChangedRequests). Stock's CSR and OCSP::BasicResponse readers
 *     cannot take a signature BIT STRING whose unused bits are set (a RequestError, a Java
 *     ClassCastException); the gem's read it again with them cleared, as OpenSSL's reader does.
 *     The structure methods' own reads (items 3 and 4) call the class's own initialize, below the gem's
 *     prepended one ({@link #reinitialize}).</li>
 * <li>X509::StoreContext (0.14 to 0.16) keeps its check in the private field {@code storeContext},
 *     an {@code org.jruby.ext.openssl.x509store.StoreContext} (public), set up by its initialize
 *     with the certificate to check and the untrusted ones (package fields {@code cert} and {@code
 *     untrusted}, each the Ruby certificate's JCA certificate wrapped in an {@code X509AuxCertificate},
 *     whose package field {@code cert} is that JCA certificate), its public {@code getStore()} and
 *     {@code getParam()}; its verify leaves the chain it built in the private {@code chain} (null
 *     until then: a second verify is refused) with {@code num_untrusted}, and the last depth it
 *     checked in {@code error_depth}, {@code current_cert} and {@code current_issuer}, which {@code
 *     chain}, {@code current_cert}, {@code error_depth} and X509::Store#verify read. Where the gem's
 *     check answers (fastrsaengine/chains), it leaves those fields as stock's verify leaves them.
 *     OCSP::BasicResponse#verify checks its signer's chain with such a check of its own, on the
 *     store an X509::Store holds in its private field {@code store}, with the purpose OCSP helper.</li>
 * <li>X509::Certificate's {@code sign} (0.15.3 to 0.16.x) builds what it signs from the object's
 *     private fields {@code subject} and {@code issuer} (X509::Names, each building its Bouncy
 *     Castle name once, into its private field {@code name}, which every change of the Name
 *     empties), {@code serial}, {@code not_before}, {@code not_after}, {@code public_key} (the key's
 *     {@code getPublicKey()}) and the list {@code extensions} (each X509::Extension's private {@code
 *     objectID}, {@code value} and {@code critical}), with the key's algorithm and the digest, and
 *     from nothing else; it sets {@code cert}, {@code sig_alg} and {@code changed} (false). The
 *     gem's sign of a certificate it signed before compares those with what they were then
 *     ({@link SignedCertificates}).</li>
 * </ol>
 * The private fields and methods are looked up once; where one is missing the method that needs it raises
 * IllegalStateException, which the start-up check turns into that method staying stock's.
 */
public final class JopensslSeams {
    private JopensslSeams() {
    }

    /** A new object of the class, read from DER by the stock class's own initialize. */
    static IRubyObject parse(ThreadContext context, String stockClass, RubyClass ofClass, byte[] der) {
        IRubyObject fresh = ofClass.allocate();
        reinitialize(context, stockClass, fresh, der);
        return fresh;
    }

    /**
     * An OCSP message signed in place, reading its DER back with the stock class's own initialize
     * (item 3 above): the class's own method, below the gem's prepended one (which notes what it reads).
     */
    static void reinitialize(ThreadContext context, String stockClass, IRubyObject self, byte[] der) {
        RubyClass base = (RubyClass) context.runtime.getClassFromPath(stockClass);
        base.getMethodLocation().searchMethod("initialize").call(context, self, base, "initialize", RubyString.newStringNoCopy(context.runtime, der));
    }

    /**
     * A certificate signed in place, holding the DER as stock's sign holds what it built (item 4
     * above): the JCA certificate, and the signature algorithm's name as stock's sign names it.
     */
    static void holdCertificate(IRubyObject certificate, byte[] der) {
        try {
            X509Certificate signed = (X509Certificate) SecurityHelper.getCertificateFactory("X.509").generateCertificate(new ByteArrayInputStream(der));
            String name = ASN1Registry.o2a(new ASN1ObjectIdentifier(signed.getSigAlgOID()));
            Fields.write(Fields.CERTIFICATE, "X509::Certificate", certificate, signed);
            Fields.write(Fields.SIGNATURE_ALGORITHM, "X509::Certificate", certificate, certificate.getRuntime().newString(name != null ? name : signed.getSigAlgOID()));
        } catch (CertificateException notDer) {
            throw new IllegalStateException("the certificate signed is no DER", notDer);
        }
    }

    /** The JCA certificate a certificate holds, changed since or not (items 4 and 14 above); null for none. */
    public static X509Certificate certificateHeld(IRubyObject certificate) {
        return (X509Certificate) Fields.read(Fields.CERTIFICATE, "X509::Certificate", certificate);
    }

    /** A certificate signed again as it was, left as stock's sign leaves it: nothing changed since (item 14 above). */
    static void holdSignedAgain(IRubyObject certificate) {
        Fields.write(Fields.CHANGED, "X509::Certificate", certificate, false);
    }

    /** Whether this jruby-openssl holds every field item 14 names: else the gem signs each certificate as stock builds it. */
    static boolean certificateSignInputsReadable() {
        return Fields.SERIAL != null && Fields.PUBLIC_KEY != null && Fields.EXTENSIONS != null && Fields.NAME_BUILT != null
            && Fields.EXTENSION_OID != null && Fields.EXTENSION_VALUE != null && Fields.EXTENSION_CRITICAL != null;
    }

    /** The serial a certificate's sign writes (item 14 above). */
    static Object certificateSerial(IRubyObject certificate) {
        return Fields.read(Fields.SERIAL, "X509::Certificate", certificate);
    }

    /** The public key a certificate's sign writes, null until set or read (item 14 above). */
    static Object certificatePublicKey(IRubyObject certificate) {
        return Fields.read(Fields.PUBLIC_KEY, "X509::Certificate", certificate);
    }

    /** The extensions a certificate's sign writes, in a list of their own (item 14 above). */
    static List<?> certificateExtensions(IRubyObject certificate) {
        return new ArrayList<>((List<?>) Fields.read(Fields.EXTENSIONS, "X509::Certificate", certificate));
    }

    /** A Name's Bouncy Castle form as built, null until built again after a change (item 14 above). */
    static Object nameBuilt(IRubyObject name) {
        return Fields.read(Fields.NAME_BUILT, "X509::Name", name);
    }

    /** What a sign writes of an extension: its OID, value and criticality (item 14 above). */
    static Object[] extensionParts(IRubyObject extension) {
        return new Object[] {
            Fields.read(Fields.EXTENSION_OID, "X509::Extension", extension),
            Fields.read(Fields.EXTENSION_VALUE, "X509::Extension", extension),
            Fields.read(Fields.EXTENSION_CRITICAL, "X509::Extension", extension)
        };
    }

    /** A CSR signed in place, holding the DER as stock's sign holds what it built (item 5 above). */
    static void holdRequest(IRubyObject request, byte[] der) {
        Object held = Fields.read(Fields.REQUEST, "X509::Request", request);
        if (held == null) throw new IllegalStateException("jruby-openssl's X509::Request holds no request after sign");
        try {
            Fields.write(Fields.SIGNED_REQUEST, "PKCS10Request", held, new PKCS10CertificationRequest(der));
        } catch (IOException notDer) {
            throw new IllegalStateException("the request signed is no DER", notDer);
        }
    }

    /** A CRL signed in place, holding the DER as stock's sign holds what it built (item 6 above). */
    static void holdCrl(IRubyObject crl, byte[] der) {
        try {
            Fields.write(Fields.CRL_HOLDER, "X509::CRL", crl, new X509CRLHolder(der));
        } catch (IOException notDer) {
            throw new IllegalStateException("the CRL signed is no DER", notDer);
        }
    }

    /** The JCA certificate stock's verify checks; null where it answers false without a check (item 8 above). */
    public static X509Certificate certificateAsRead(IRubyObject certificate) {
        if (Boolean.TRUE.equals(Fields.read(Fields.CHANGED, "X509::Certificate", certificate))) return null;
        return (X509Certificate) Fields.read(Fields.CERTIFICATE, "X509::Certificate", certificate);
    }

    /** The request stock's verify checks; null where it has none (item 9 above). */
    public static PKCS10CertificationRequest requestAsRead(IRubyObject request) {
        Object held = Fields.read(Fields.REQUEST, "X509::Request", request);
        return held == null ? null : (PKCS10CertificationRequest) Fields.read(Fields.SIGNED_REQUEST, "PKCS10Request", held);
    }

    /** The JCA CRL stock's verify checks; null where it answers false without a check, or makes it first (item 9 above). */
    public static java.security.cert.X509CRL crlAsRead(IRubyObject crl) {
        if (Boolean.TRUE.equals(Fields.read(Fields.CRL_CHANGED, "X509::CRL", crl))) return null;
        return (java.security.cert.X509CRL) Fields.read(Fields.CRL, "X509::CRL", crl);
    }

    /** The signers of the PKCS#7 signed data of a PKCS7 (item 7 above); null for another type. */
    static Collection<SignerInfoWithPkey> signers(IRubyObject pkcs7) {
        return pkcs7(pkcs7).getSignerInfo();
    }

    /** The structure a PKCS7 holds (item 7 above), which its verify checks (item 10). */
    public static org.jruby.ext.openssl.impl.PKCS7 pkcs7(IRubyObject pkcs7) {
        return (org.jruby.ext.openssl.impl.PKCS7) Fields.read(Fields.PKCS7_DATA, "PKCS7", pkcs7);
    }

    /** The basic response an OCSP::BasicResponse holds (item 11 above); null for one made empty. */
    public static BasicOCSPResponse ocspResponse(IRubyObject response) {
        return ((OCSPBasicResponse) response).getASN1BCOCSPResp();
    }

    /**
     * The certificate OCSP::BasicResponse#verify checks the response's signature with, found by its
     * own private methods (item 11 above), or null where it finds none (and answers false).
     */
    public static Certificate ocspSigner(ThreadContext context, IRubyObject response, IRubyObject certificates, int flags) {
        Object given = Methods.call(Methods.OCSP_CERTIFICATES, "OCSP::BasicResponse", response, certificates);
        return (Certificate) Methods.call(Methods.OCSP_SIGNER, "OCSP::BasicResponse", response, context, ocspResponse(response), given, flags);
    }

    /** The check an X509::StoreContext holds (item 13 above). */
    public static StoreContext storeContext(IRubyObject storeContext) {
        return (StoreContext) Fields.read(Fields.STORE_CONTEXT, "X509::StoreContext", storeContext);
    }

    /** The store an X509::Store holds, which its store contexts check against (item 13 above). */
    public static Store store(IRubyObject store) {
        return (Store) Fields.read(Fields.STORE, "X509::Store", store);
    }

    /** The certificate a store context checks, as its initialize wrapped it (item 13 above); null for none. */
    public static X509AuxCertificate certificateToCheck(StoreContext check) {
        return (X509AuxCertificate) Fields.read(Fields.CONTEXT_CERTIFICATE, "StoreContext", check);
    }

    /** The untrusted certificates a store context was given (item 13 above); null for none. */
    @SuppressWarnings("unchecked")
    public static List<X509AuxCertificate> untrusted(StoreContext check) {
        return (List<X509AuxCertificate>) Fields.read(Fields.CONTEXT_UNTRUSTED, "StoreContext", check);
    }

    /** The JCA certificate an X509AuxCertificate wraps: a Ruby certificate's own (item 13 above). */
    public static X509Certificate wrapped(X509AuxCertificate certificate) {
        return (X509Certificate) Fields.read(Fields.AUX_CERTIFICATE, "X509AuxCertificate", certificate);
    }

    /**
     * A store context left as stock's verify leaves it when the chain verifies (item 13 above): the
     * chain (the certificate, the untrusted ones it took, the trusted one last; a self-signed one
     * trusted alone), the leaf the last depth checked, its issuer current.
     */
    public static void holdVerifiedChain(StoreContext check, List<X509AuxCertificate> chain) {
        holdChain(check, chain, 0);
    }

    /**
     * A store context left as OpenSSL's verify leaves it when it refuses the chain it built at a
     * depth, no callback set (item 13 above): the chain, the error, the certificate at that depth
     * current.
     */
    public static void holdRefusedChain(StoreContext check, List<X509AuxCertificate> chain, int error, int depth) {
        holdChain(check, chain, depth);
        check.setError(error);
    }

    /** The chain built, the certificate at the depth last checked current, its issuer (or itself, at the top) current issuer. */
    private static void holdChain(StoreContext check, List<X509AuxCertificate> chain, int depth) {
        Fields.write(Fields.CONTEXT_CHAIN, "StoreContext", check, new ArrayList<>(chain));
        Fields.write(Fields.CONTEXT_UNTRUSTED_COUNT, "StoreContext", check, chain.size() - 1);
        Fields.write(Fields.CONTEXT_DEPTH, "StoreContext", check, depth);
        Fields.write(Fields.CONTEXT_CURRENT, "StoreContext", check, chain.get(depth));
        Fields.write(Fields.CONTEXT_CURRENT_ISSUER, "StoreContext", check, chain.get(Math.min(depth + 1, chain.size() - 1)));
    }

    /** The private methods of item 11, each null where this jruby-openssl has none of that name and shape. */
    private static final class Methods {
        static final Method OCSP_CERTIFICATES = find(OCSPBasicResponse.class, "convertRubyCerts", IRubyObject.class);
        static final Method OCSP_SIGNER = find(OCSPBasicResponse.class, "findSignerCert", ThreadContext.class, BasicOCSPResponse.class, List.class, int.class);

        private static Method find(Class<?> owner, String name, Class<?>... parameters) {
            try {
                Method method = owner.getDeclaredMethod(name, parameters);
                method.setAccessible(true);
                return method;
            } catch (ReflectiveOperationException | RuntimeException moved) { // RuntimeException: a module that refuses access
                return null;
            }
        }

        /** The method's result; its own failures (a Ruby error, a Java exception of stock's) as they are. */
        static Object call(Method method, String owner, Object target, Object... args) {
            if (method == null) throw new IllegalStateException("jruby-openssl's " + owner + " verifies otherwise");
            try {
                return method.invoke(target, args);
            } catch (IllegalAccessException refused) {
                throw new IllegalStateException(refused);
            } catch (InvocationTargetException failed) {
                Throwable cause = failed.getCause();
                if (cause instanceof RuntimeException) throw (RuntimeException) cause;
                if (cause instanceof Error) throw (Error) cause;
                throw new IllegalStateException(cause);
            }
        }
    }

    /** The private fields of items 4 to 9, 13 and 14, each null where this jruby-openssl has none of that name. */
    private static final class Fields {
        static final Field CERTIFICATE = find(X509Cert.class, "cert");
        static final Field SIGNATURE_ALGORITHM = find(X509Cert.class, "sig_alg");
        static final Field CHANGED = find(X509Cert.class, "changed");
        static final Field REQUEST = find(X509Request.class, "request");
        static final Field SIGNED_REQUEST = find(PKCS10Request.class, "signedRequest");
        static final Field CRL_HOLDER = find(X509CRL.class, "crlHolder");
        static final Field CRL = find(X509CRL.class, "crl");
        static final Field CRL_CHANGED = find(X509CRL.class, "changed");
        static final Field PKCS7_DATA = find(org.jruby.ext.openssl.PKCS7.class, "p7");
        static final Field STORE_CONTEXT = find(X509StoreContext.class, "storeContext");
        static final Field STORE = find(X509Store.class, "store");
        static final Field CONTEXT_CERTIFICATE = find(StoreContext.class, "cert");
        static final Field CONTEXT_UNTRUSTED = find(StoreContext.class, "untrusted");
        static final Field CONTEXT_CHAIN = find(StoreContext.class, "chain");
        static final Field CONTEXT_UNTRUSTED_COUNT = find(StoreContext.class, "num_untrusted");
        static final Field CONTEXT_DEPTH = find(StoreContext.class, "error_depth");
        static final Field CONTEXT_CURRENT = find(StoreContext.class, "current_cert");
        static final Field CONTEXT_CURRENT_ISSUER = find(StoreContext.class, "current_issuer");
        static final Field AUX_CERTIFICATE = find(X509AuxCertificate.class, "cert");
        static final Field SERIAL = find(X509Cert.class, "serial");
        static final Field PUBLIC_KEY = find(X509Cert.class, "public_key");
        static final Field EXTENSIONS = find(X509Cert.class, "extensions");
        static final Field NAME_BUILT = find(X509Name.class, "name");
        static final Field EXTENSION_OID = find(X509Extension.class, "objectID");
        static final Field EXTENSION_VALUE = find(X509Extension.class, "value");
        static final Field EXTENSION_CRITICAL = find(X509Extension.class, "critical");

        private static Field find(Class<?> owner, String name) {
            try {
                Field field = owner.getDeclaredField(name);
                field.setAccessible(true);
                return field;
            } catch (ReflectiveOperationException | RuntimeException moved) { // RuntimeException: a module that refuses access
                return null;
            }
        }

        static Object read(Field field, String owner, Object target) {
            try {
                return present(field, owner).get(target);
            } catch (IllegalAccessException refused) {
                throw new IllegalStateException(refused);
            }
        }

        static void write(Field field, String owner, Object target, Object value) {
            try {
                present(field, owner).set(target, value);
            } catch (IllegalAccessException refused) {
                throw new IllegalStateException(refused);
            }
        }

        private static Field present(Field field, String owner) {
            if (field == null) throw new IllegalStateException("jruby-openssl's " + owner + " holds its signed form otherwise");
            return field;
        }
    }
}
