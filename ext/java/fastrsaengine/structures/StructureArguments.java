package fastrsaengine.structures;

import fastrsaengine.call.DigestArgument;
import fastrsaengine.call.Errors;
import fastrsaengine.padding.DigestAlgorithm;
import org.jruby.RubyArray;
import org.jruby.RubyIO;
import org.jruby.RubyNumeric;
import org.jruby.RubyString;
import org.jruby.ext.openssl.Digest;
import org.jruby.ext.openssl.PKey;
import org.jruby.ext.openssl.X509Cert;
import org.jruby.exceptions.RaiseException;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * MRI's checks of a structure method's arguments, in MRI's order, made before stock sees them
 * (ruby/openssl's ossl_ocspbres_sign and ossl_ocspreq_sign, ossl_pkcs7_s_sign, ossl_pkcs7_decrypt,
 * ossl_x509crl_sign, ossl_x509_sign, ossl_x509req_sign). Stock checks the same arguments in another order, casts some without a
 * check (a Java exception), and puts the private key in one message (X509::CRL#sign with "DSS1").
 * Where an argument is one MRI refuses, the caller gets MRI's error for the first of them; what MRI
 * takes goes to stock as given, on every backend, :stock included. (DIFFERENCES.md: java-exception.)
 */
final class StructureArguments {
    /** PKCS7::TEXT. */
    private static final int PKCS7_TEXT = 1;

    private StructureArguments() {
    }

    /**
     * OCSP::BasicResponse#sign and OCSP::Request#sign(cert, key [, certs [, flags [, digest]]]):
     * certificate, key, flags, digest, certificates. A digest given by name, which stock cannot
     * take, is replaced in the arguments by the OpenSSL::Digest of that name.
     *
     * @param method the patched method, as {@link fastrsaengine.call.Call} names it
     */
    static void ocspSign(ThreadContext context, String method, RubyArray<?> args) {
        if (args.size() < 2 || args.size() > 5) return; // stock's ArgumentError, as MRI's
        certificate(context, args.eltInternal(0));
        privateKey(context, args.eltInternal(1));
        if (args.size() > 3) flags(args.eltInternal(3));
        if (args.size() > 4 && args.eltInternal(4) instanceof RubyString) args.store(4, digestByName(context, method, (RubyString) args.eltInternal(4)));
        if (args.size() > 4) DigestArgument.check(context, args.eltInternal(4));
        if (args.size() > 4) digestOpensslKnows(context, args.eltInternal(4));
        if (args.size() > 2) certificates(context, args.eltInternal(2));
    }

    /**
     * An OpenSSL::Digest of a name OpenSSL 3 does not know, which jruby-openssl 0.16.0 makes ("DSS1"):
     * MRI could not have made it, and its Digest.new raises this error for the name; stock's OCSP
     * signing fails on it in Java. (X509::CRL#sign keeps stock's CRLError for it: key-in-message.)
     */
    private static void digestOpensslKnows(ThreadContext context, IRubyObject value) {
        if (!(value instanceof Digest)) return;
        String name = ((Digest) value).getName();
        if (!DigestAlgorithm.isObjectName(name)) throw Errors.unsupportedDigest(context.runtime, context.runtime.newString(name));
    }

    /** PKCS7.sign(cert, key, data [, certs [, flags]]): certificate, key, flags, data, certificates. */
    static void pkcs7Sign(ThreadContext context, IRubyObject[] args) {
        if (args.length < 3 || args.length > 5) return;
        certificate(context, args[0]);
        privateKey(context, args[1]);
        if (args.length > 4) flags(args[4]);
        if (!(args[2] instanceof RubyIO)) args[2].convertToString(); // StringValue: MRI's TypeError
        if (args.length > 3) certificates(context, args[3]);
    }

    /**
     * PKCS7#decrypt(key [, cert [, flags]]): key, certificate, flags. MRI takes a nil certificate
     * as none, where stock casts it (a Java exception): it is dropped from the arguments, with flags
     * that do not matter without it (all but PKCS7::TEXT, which stock takes only with a certificate).
     */
    static void pkcs7Decrypt(ThreadContext context, RubyArray<?> args) {
        if (args.size() < 1 || args.size() > 3) return;
        privateKey(context, args.eltInternal(0));
        if (args.size() > 1 && !args.eltInternal(1).isNil()) certificate(context, args.eltInternal(1));
        if (args.size() > 2) flags(args.eltInternal(2));
        if (args.size() > 1 && args.eltInternal(1).isNil() && (args.size() == 2 || !textFlag(args.eltInternal(2)))) {
            while (args.size() > 1) args.pop(context);
        }
    }

    /** Whether PKCS7#decrypt's flags ask for PKCS7::TEXT (stock then reads the content as text). */
    static boolean textFlag(IRubyObject flags) {
        return !flags.isNil() && (RubyNumeric.num2int(flags) & PKCS7_TEXT) != 0;
    }

    /** X509::Certificate#sign and X509::Request#sign(key, digest): the key (stock reads the digest as MRI does). */
    static void x509Sign(ThreadContext context, IRubyObject key) {
        privateKey(context, key);
    }

    /** X509::CRL#sign(key, digest): key, digest. */
    static void crlSign(ThreadContext context, IRubyObject key, IRubyObject digest) {
        privateKey(context, key);
        DigestArgument.check(context, digest);
    }

    /** GetX509CertPtr. */
    private static void certificate(ThreadContext context, IRubyObject value) {
        if (!(value instanceof X509Cert)) throw Errors.wrongArgumentType(context.runtime, value, "OpenSSL/X509");
    }

    /** GetPrivPKeyPtr. */
    private static void privateKey(ThreadContext context, IRubyObject value) {
        if (!(value instanceof PKey)) throw Errors.wrongArgumentType(context.runtime, value, "OpenSSL/EVP_PKEY");
        if (!value.callMethod(context, "private?").isTrue()) throw Errors.privateKeyNeeded(context.runtime);
    }

    /** NUM2INT, for flags given (nil is none). */
    private static void flags(IRubyObject value) {
        if (!value.isNil()) RubyNumeric.num2int(value);
    }


    /**
     * The OpenSSL::Digest of a name OpenSSL knows, for a method where stock takes no name. Some of
     * OpenSSL's digests jruby-openssl lacks (SHA3, SHA512-256): its Digest.new raises
     * NotImplementedError, a ScriptError that `rescue => e` does not catch, so the caller gets the
     * structure's error with the same words, as stock's other structures report a digest they lack.
     */
    private static IRubyObject digestByName(ThreadContext context, String method, RubyString name) {
        DigestArgument.check(context, name);
        try {
            return context.runtime.getClassFromPath("OpenSSL::Digest").callMethod(context, "new", name);
        } catch (RaiseException stockLacksIt) {
            if (context.runtime.getStandardError().isInstance(stockLacksIt.getException())) throw stockLacksIt;
            throw Errors.structureError(context.runtime, method, stockLacksIt.getException().getMessageAsJavaString());
        }
    }

    /** ossl_x509_ary2sk, for certificates given (nil is none). */
    private static void certificates(ThreadContext context, IRubyObject value) {
        if (value.isNil()) return;
        if (!(value instanceof RubyArray)) throw Errors.wrongArgumentType(context.runtime, value, "Array");
        for (IRubyObject element : ((RubyArray<?>) value).toJavaArray()) {
            if (!(element instanceof X509Cert)) throw Errors.notCertificateInArray(context.runtime);
        }
    }
}
