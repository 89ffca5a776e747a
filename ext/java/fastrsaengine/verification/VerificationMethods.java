package fastrsaengine.verification;

import fastrsaengine.call.Call;
import fastrsaengine.call.EcKeyStates;
import fastrsaengine.call.Errors;
import fastrsaengine.call.KeyStates;
import fastrsaengine.call.Stats.Outcome;
import fastrsaengine.engines.ec.EcEngine;
import fastrsaengine.engines.ec.PreparedEcPublicKey;
import fastrsaengine.padding.PublicKeyOperations;
import fastrsaengine.structures.JopensslSeams;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.jruby.RubyArray;
import org.jruby.anno.JRubyMethod;
import org.jruby.ext.openssl.PKey;
import org.jruby.ext.openssl.PKeyEC;
import org.jruby.ext.openssl.PKeyRSA;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * FastRsaEngine::VerificationMethods: the engine side of X509::Certificate#verify,
 * X509::Request#verify, X509::CRL#verify and OCSP::BasicResponse#verify ({@link SignatureCheck})
 * and PKCS7#verify ({@link Pkcs7Check}). Each gives the engine's yes where it finds the signatures good over the bytes stock
 * checks, with the key stock checks with, and stock's answer to everything else, so that no answer
 * is other than stock's (but for what is no key, MRI's TypeError where stock fails in Java). The
 * structures are read as stock holds them ({@link JopensslSeams}).
 */
public final class VerificationMethods {
    private VerificationMethods() {
    }

    /**
     * X509::Certificate#verify(key): yes from the engine where it finds the certificate's signature
     * made by the key ({@link SignatureCheck}); every other answer (no, a key or algorithm the engine
     * does not take, a certificate changed since it was read or signed) is stock's; what is no key
     * gets MRI's TypeError (stock's is a ClassCastException). The block yields to {@code super(key)}.
     */
    @JRubyMethod(name = "certificate_verify", module = true)
    public static IRubyObject certificateVerify(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject key, Block stock) {
        keyArgument(context, key);
        return check(Call.start(context, module, "certificate_verify", stock), key, () -> JopensslSeams.certificateAsRead(self), SignatureCheck::certificate);
    }

    /**
     * X509::Request#verify(key), as the certificate's; what is no key is stock's to read (it asks
     * the object for its public_key, where MRI raises TypeError: a use stock allows).
     */
    @JRubyMethod(name = "request_verify", module = true)
    public static IRubyObject requestVerify(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject key, Block stock) {
        return check(Call.start(context, module, "request_verify", stock), key, () -> JopensslSeams.requestAsRead(self), SignatureCheck::request);
    }

    /** X509::CRL#verify(key), as the certificate's. */
    @JRubyMethod(name = "crl_verify", module = true)
    public static IRubyObject crlVerify(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject key, Block stock) {
        keyArgument(context, key);
        return check(Call.start(context, module, "crl_verify", stock), key, () -> JopensslSeams.crlAsRead(self), SignatureCheck::crl);
    }

    /**
     * PKCS7#verify(certs, store [, indata [, flags]]): where the engine finds every signer's signature
     * good ({@link Pkcs7Check}), stock's verify with PKCS7::NOSIGS added, which checks all else as it
     * does (each signer's chain against the store, the content read out into {@code data}) but the
     * signatures; else stock's whole verify. The block yields to super with the arguments given
     * (none: the caller's).
     */
    @JRubyMethod(name = "pkcs7_verify", module = true)
    public static IRubyObject pkcs7Verify(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        Call call = Call.start(context, module, "pkcs7_verify", stock);
        if (call.engine == null) return call.stock(Outcome.BACKEND_STOCK);
        Pkcs7Verification verification = Pkcs7Verification.of(context, self, (RubyArray<?>) args);
        if (verification == null || !yes(() -> Pkcs7Check.signed(verification.p7, verification.certificates, verification.flags,
                verification.content, publicKey -> checkingKey(call, publicKey)))) {
            return call.stock(Outcome.OPTION_NOT_TAKEN);
        }
        call.countAnswer(Outcome.ENGINE);
        return call.stockWith(verification.withoutSignatures(context));
    }

    /**
     * OCSP::BasicResponse#verify(certs, store [, flags]): the arguments checked as MRI checks them
     * where stock fails in Java ({@link OcspVerification#checkArguments}); then, where stock answers
     * with the signature alone (OCSP::NOVERIFY), true where the engine finds the response's signature
     * made by the key of the signer stock finds; else stock's whole verify. The block yields to super.
     */
    @JRubyMethod(name = "ocsp_verify", module = true)
    public static IRubyObject ocspVerify(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        RubyArray<?> given = (RubyArray<?>) args;
        OcspVerification.checkArguments(context, given);
        Call call = Call.start(context, module, "ocsp_verify", stock);
        if (call.engine == null) return call.stock(Outcome.BACKEND_STOCK);
        OcspVerification verification = readOrNull(() -> OcspVerification.of(context, self, given));
        SignatureCheck.Key key = verification == null ? null : checkingKey(call, verification.signerKey);
        return key != null && yes(() -> SignatureCheck.ocsp(verification.response, key)) ? call.verdict(true) : call.stock(Outcome.OPTION_NOT_TAKEN);
    }

    /** How a structure's signature is checked ({@link SignatureCheck}). */
    private interface Checker<S> {
        boolean signedBy(S structure, SignatureCheck.Key key);
    }

    /**
     * The engine's yes to a structure as stock holds it (null: stock's to answer), else stock's
     * answer; stock's too where the engine cannot read the structure or its check fails (a fault):
     * stock's answer is the right one either way.
     */
    private static <S> IRubyObject check(Call call, IRubyObject key, Supplier<S> held, Checker<S> checker) {
        SignatureCheck.Key checking = checkingKey(call, key);
        if (checking == null) return call.stock(call.stockReason(key));
        return yes(() -> {
            S structure = held.get();
            return structure != null && checker.signedBy(structure, checking);
        }) ? call.verdict(true) : call.stock(Outcome.OPTION_NOT_TAKEN);
    }

    /** An engine check's yes; no where it cannot read what it checks, or fails (a fault): stock then answers. */
    private static boolean yes(BooleanSupplier check) {
        try {
            return check.getAsBoolean();
        } catch (RuntimeException unread) {
            return false;
        }
    }

    /**
     * What stock's own code read for the engine's check, or null where reading failed: stock's
     * verify reads it again and answers (raising as it does).
     */
    private static <T> T readOrNull(Supplier<T> read) {
        try {
            return read.get();
        } catch (RuntimeException unread) {
            return null;
        }
    }

    /**
     * The engine's form of the public key stock checks with ({@code PKey#getPublicKey}): RSA, or EC
     * on a curve the engine has; null for stock (an EC key without its point, which stock cannot
     * check with, another kind, a key the engine declines).
     */
    private static SignatureCheck.Key checkingKey(Call call, IRubyObject key) {
        if (call.engine == null) return null;
        if (key instanceof PKeyRSA) return rsa(KeyStates.publicOperations(call.engine, key));
        EcEngine ec = call.ecEngine();
        if (ec == null || !(key instanceof PKeyEC) || !(((PKeyEC) key).getPublicKey() instanceof ECPublicKey)) return null;
        return ec(EcKeyStates.publicKey(ec, key));
    }

    /** The engine's form of a Java public key that is no Ruby key's (a signer certificate's), as for a Ruby key. */
    private static SignatureCheck.Key checkingKey(Call call, PublicKey key) {
        if (key instanceof RSAPublicKey) return rsa(KeyStates.publicOperations(call.engine, key));
        EcEngine ec = call.ecEngine();
        return ec == null || !(key instanceof ECPublicKey) ? null : ec(EcKeyStates.publicKey(ec, (ECPublicKey) key));
    }

    private static SignatureCheck.Key rsa(PublicKeyOperations operations) {
        return operations == null ? null : SignatureCheck.rsa(operations);
    }

    private static SignatureCheck.Key ec(EcKeyStates.Prepared<PreparedEcPublicKey> prepared) {
        return prepared == null ? null : SignatureCheck.ec(prepared);
    }

    /** GetPKeyPtr, for X509::Certificate#verify and X509::CRL#verify: MRI's TypeError where stock fails in Java (a ClassCastException). */
    private static void keyArgument(ThreadContext context, IRubyObject key) {
        if (!(key instanceof PKey)) throw Errors.wrongArgumentType(context.runtime, key, "OpenSSL/EVP_PKEY");
    }
}
