package fastrsaengine.verification;

import fastrsaengine.call.Call;
import fastrsaengine.call.EcKeyStates;
import fastrsaengine.call.Errors;
import fastrsaengine.call.KeyStates;
import fastrsaengine.rsa.PublicKeyLimits;
import fastrsaengine.call.Stats.Outcome;
import fastrsaengine.engines.ec.EcEngine;
import fastrsaengine.engines.ec.PreparedEcPublicKey;
import fastrsaengine.engines.rsa.JdkEngine;
import fastrsaengine.padding.PublicKeyOperations;
import fastrsaengine.structures.DerSlots;
import fastrsaengine.structures.JopensslSeams;
import fastrsaengine.structures.SmimeText;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Arrays;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bouncycastle.pkcs.PKCS10CertificationRequest;
import org.jruby.RubyArray;
import org.jruby.RubyString;
import org.jruby.anno.JRubyMethod;
import org.jruby.ext.openssl.PKCS7;
import org.jruby.ext.openssl.PKey;
import org.jruby.ext.openssl.PKeyEC;
import org.jruby.ext.openssl.PKeyRSA;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.util.ByteList;

/**
 * FastRsaEngine::VerificationMethods: the engine side of X509::Certificate#verify,
 * X509::Request#verify, X509::CRL#verify and OCSP::BasicResponse#verify ({@link SignatureCheck})
 * and PKCS7#verify ({@link Pkcs7Check}), on every backend ({@code :stock}: the JDK's arithmetic, as
 * stock's). Each answers as OpenSSL where it reads the signature, its algorithm and the key (RSA, or
 * EC on a curve Java has): true or false, or the structure's error MRI raises before any arithmetic;
 * everything else is stock's answer (but for what is no key, MRI's TypeError where stock fails in
 * Java). Stock's own check is lenient where OpenSSL is not (DIFFERENCES.md, verify-strict-structures).
 * The structures are read as stock holds them ({@link JopensslSeams}), with the DER they were read
 * from ({@link GivenEncodings}), which the read methods here note.
 */
public final class VerificationMethods {
    private VerificationMethods() {
    }

    /**
     * X509::Certificate#verify(key): OpenSSL's answer where the engine reads the certificate's
     * signature ({@link SignatureCheck#certificate}), else stock's (a key or algorithm the engine does
     * not take, a certificate changed since it was read or signed, which stock answers false); what is
     * no key gets MRI's TypeError (stock's is a ClassCastException). The block yields to {@code super(key)}.
     */
    @JRubyMethod(name = "certificate_verify", module = true)
    public static IRubyObject certificateVerify(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject key, Block stock) {
        keyArgument(context, key);
        return check(Call.start(context, module, "certificate_verify", stock), key, () -> {
            X509Certificate held = JopensslSeams.certificateAsRead(self);
            return held == null ? null : HeldStructure.of(held, held::getEncoded, false);
        }, SignatureCheck::certificate);
    }

    /**
     * X509::Request#verify(key), as the certificate's; false for a request whose version was set to
     * another after signing ({@link ChangedRequests}); what is no key is stock's to read (it asks the
     * object for its public_key, where MRI raises TypeError: a use stock allows).
     */
    @JRubyMethod(name = "request_verify", module = true)
    public static IRubyObject requestVerify(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject key, Block stock) {
        return check(Call.start(context, module, "request_verify", stock), key, () -> {
            PKCS10CertificationRequest held = JopensslSeams.requestAsRead(self);
            return held == null ? null : HeldStructure.of(held, () -> HeldStructure.requestEncoding(held), ChangedRequests.changed(held));
        }, SignatureCheck::request);
    }

    /** X509::CRL#verify(key), as the certificate's. */
    @JRubyMethod(name = "crl_verify", module = true)
    public static IRubyObject crlVerify(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject key, Block stock) {
        keyArgument(context, key);
        return check(Call.start(context, module, "crl_verify", stock), key, () -> {
            java.security.cert.X509CRL held = JopensslSeams.crlAsRead(self);
            return held == null ? null : HeldStructure.of(held, held::getEncoded, false);
        }, SignatureCheck::crl);
    }

    /** X509::Certificate#initialize([der or pem]): stock's, then the DER given noted where stock encodes it otherwise. */
    @JRubyMethod(name = "certificate_read", module = true)
    public static IRubyObject certificateRead(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return noteGiven(stock.yieldSpecific(context), given(args), () -> JopensslSeams.certificateAsRead(self), held -> held::getEncoded);
    }

    /**
     * X509::Request#initialize([der or pem]), as the certificate's; a request whose signature BIT
     * STRING has unused bits set, which stock cannot read, read as OpenSSL reads it ({@link #readRepaired}).
     */
    @JRubyMethod(name = "request_read", module = true)
    public static IRubyObject requestRead(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        byte[] given = given(args);
        return noteGiven(readRepaired(context, given, stock), given, () -> JopensslSeams.requestAsRead(self), held -> held::getEncoded);
    }

    /** X509::CRL#initialize([der or pem]), as the certificate's. */
    @JRubyMethod(name = "crl_read", module = true)
    public static IRubyObject crlRead(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return noteGiven(stock.yieldSpecific(context), given(args), () -> JopensslSeams.crlAsRead(self), held -> held::getEncoded);
    }

    /** What stock read, once the DER given (null: none) is noted beside the object stock holds ({@link GivenEncodings}). */
    private static <H> IRubyObject noteGiven(IRubyObject read, byte[] given, Supplier<H> holder, Function<H, GivenEncodings.Encoded> encoding) {
        H held = given == null ? null : holder.get();
        if (held != null) GivenEncodings.note(held, given, encoding.apply(held));
        return read;
    }

    /** OCSP::BasicResponse#initialize([der]): stock's, reading a signature BIT STRING with unused bits set as OpenSSL does ({@link #readRepaired}). */
    @JRubyMethod(name = "ocsp_read", module = true)
    public static IRubyObject ocspRead(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return readRepaired(context, given(args), stock);
    }

    /**
     * Stock's read of what it was given; where that fails and the DER's signature BIT STRING has
     * unused bits set, stock's read of it with them cleared, as OpenSSL's own read masks them (its
     * verify then answers for a BIT STRING with unused bits); else stock's failure.
     */
    private static IRubyObject readRepaired(ThreadContext context, byte[] given, Block stock) {
        try {
            return stock.yieldSpecific(context);
        } catch (RuntimeException unread) {
            byte[] cleared = given == null ? null : DerSlots.withUnusedBitsCleared(given);
            if (cleared == null) throw unread;
            return stock.yieldSpecific(context, RubyString.newStringNoCopy(context.runtime, cleared));
        }
    }

    /** X509::Request#version=(version): stock's, noting a version other than the one signed ({@link ChangedRequests}). */
    @JRubyMethod(name = "request_version_set", module = true)
    public static IRubyObject requestVersionSet(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject version, Block stock) {
        PKCS10CertificationRequest signed = JopensslSeams.requestAsRead(self);
        IRubyObject set = stock.yieldSpecific(context);
        ChangedRequests.versionSet(signed, version);
        return set;
    }

    /**
     * PKCS7#verify(certs, store [, indata [, flags]]): where the engine reads every signer's signature
     * ({@link Pkcs7Check}) and finds each good, true where the gem can tell the rest of stock's verify
     * says so ({@link Pkcs7Verification#restHolds}: each signer's chain plain and good, the content
     * read out into {@code data} as stock reads it). Else stock's verify with PKCS7::NOSIGS added,
     * which checks all else as it does but the signatures; its true stands where every signature is
     * good, else it is false, with MRI's error string. Else stock's whole verify. With PKCS7::TEXT,
     * all that without it, and the content then read as text where the chains held, as OpenSSL
     * reads it ({@link #readAsText}). The block yields to super with the arguments given (none: the caller's).
     */
    @JRubyMethod(name = "pkcs7_verify", module = true)
    public static IRubyObject pkcs7Verify(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        Call call = Call.start(context, module, "pkcs7_verify", stock);
        Pkcs7Verification.checkArguments(context, (RubyArray<?>) args);
        IRubyObject[] given = ((RubyArray<?>) args).toJavaArray();
        boolean text = Pkcs7Verification.takeOutText(context, given);
        Pkcs7Answer verified = pkcs7Verified(call, self, given);
        return text && verified.chainsHeld ? readAsText(context, self, verified.answer) : verified.answer;
    }

    /** A PKCS7#verify's answer without PKCS7::TEXT, and whether the signers' chains held (where OpenSSL goes on to read the text). */
    private static final class Pkcs7Answer {
        final IRubyObject answer;
        final boolean chainsHeld;

        Pkcs7Answer(IRubyObject answer, boolean chainsHeld) {
            this.answer = answer;
            this.chainsHeld = chainsHeld;
        }
    }

    private static Pkcs7Answer pkcs7Verified(Call call, IRubyObject self, IRubyObject[] given) {
        ThreadContext context = call.context;
        Pkcs7Verification verification = Pkcs7Verification.of(context, self, given);
        SignatureVerdict verdict = verification == null ? SignatureVerdict.STOCK
            : verdictOf(() -> Pkcs7Check.signed(verification, publicKey -> checkingKey(call, publicKey)));
        if (verdict == SignatureVerdict.STOCK) {
            IRubyObject answer = call.stockWith(Outcome.OPTION_NOT_TAKEN, given);
            // Stock reads the content out only once the chains hold: data read out, or a true, says they did.
            return new Pkcs7Answer(answer, answer.isTrue() || !dataReadOut(self).isEmpty());
        }
        call.countAnswer(Outcome.ENGINE);
        if (verdict == SignatureVerdict.VALID && verification.restHolds(new IssuerSignature(call))) {
            ((PKCS7) self).setData(verification.contentReadOut(context));
            return new Pkcs7Answer(context.runtime.getTrue(), true);
        }
        IRubyObject rest = call.stockWith(verification.withoutSignatures(context));
        if (verdict == SignatureVerdict.VALID || !rest.isTrue()) return new Pkcs7Answer(rest, rest.isTrue());
        self.callMethod(context, "error_string=", context.runtime.newString("signature failure"));
        return new Pkcs7Answer(context.runtime.getFalse(), true);
    }

    /**
     * PKCS7::TEXT's part of OpenSSL's PKCS7_verify, once the signers' chains held (before the
     * signatures, whose answer is given): the content read out ({@code data}) read as text
     * ({@link SmimeText}); refused, false with OpenSSL's reason and no data; else its text as
     * data, and the answer stands.
     */
    private static IRubyObject readAsText(ThreadContext context, IRubyObject self, IRubyObject answer) {
        ByteList data = dataReadOut(self);
        SmimeText.Read read = SmimeText.of(data.unsafeBytes(), data.begin(), data.realSize());
        ((PKCS7) self).setData(RubyString.newStringNoCopy(context.runtime, read.text == null ? new byte[0] : read.text));
        if (read.text != null) return answer;
        self.callMethod(context, "error_string=", context.runtime.newString(read.refusal));
        return context.runtime.getFalse();
    }

    /** The bytes of a PKCS7's data, as a verify read them out (none: no bytes). */
    private static ByteList dataReadOut(IRubyObject self) {
        IRubyObject data = ((PKCS7) self).getData();
        return data instanceof RubyString ? ((RubyString) data).getByteList() : ByteList.EMPTY_BYTELIST;
    }

    /**
     * OCSP::BasicResponse#verify(certs, store [, flags]): the arguments checked as MRI checks them
     * where stock fails in Java ({@link OcspVerification#checkArguments}); then, as OpenSSL's
     * OCSP_basic_verify, with the signer stock finds, the response's signature first unless
     * OCSP::NOSIGS (the engine's verdict, or where it reads none stock's with OCSP::NOVERIFY):
     * not its key's, false; else where the signature alone answers (OCSP::NOVERIFY...) true, and
     * otherwise stock's verify of the chain with OCSP::NOSIGS added, whose true stands only where the
     * signer's chain verifies, as OpenSSL requires ({@link OcspVerification#signerChainVerifies}:
     * stock's own check answers true for a forged signature, and for a chain the store does not
     * trust where the responder is the issuer). No signer found: stock's whole verify. The block
     * yields to super with the arguments given.
     */
    @JRubyMethod(name = "ocsp_verify", module = true)
    public static IRubyObject ocspVerify(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        RubyArray<?> given = (RubyArray<?>) args;
        OcspVerification.checkArguments(context, given);
        Call call = Call.start(context, module, "ocsp_verify", stock);
        OcspVerification verification = readOrNull(() -> OcspVerification.of(context, self, given));
        if (verification == null) return call.stock(Outcome.OPTION_NOT_TAKEN);
        if (verification.checksSignature()) {
            SignatureVerdict verdict = ocspSignature(call, verification);
            if (verdict == SignatureVerdict.STOCK) {
                if (verification.signatureAlone) return call.stock(Outcome.OPTION_NOT_TAKEN);
                call.countAnswer(Outcome.OPTION_NOT_TAKEN);
                if (!call.stockWith(verification.signatureOnly(context, given)).isTrue()) return context.runtime.getFalse();
            } else {
                if (verdict != SignatureVerdict.VALID || verification.signatureAlone) return call.verdict(verdict == SignatureVerdict.VALID);
                call.countAnswer(Outcome.ENGINE);
            }
        } else {
            if (verification.signatureAlone) return call.stock(Outcome.OPTION_NOT_TAKEN);
            call.countAnswer(Outcome.OPTION_NOT_TAKEN);
        }
        if (Boolean.TRUE.equals(verification.plainChainAnswer(new IssuerSignature(call), given))) {
            return context.runtime.getTrue();
        }
        IRubyObject chained = call.stockWith(verification.withoutSignatures(context, given));
        return chained.isTrue() && !verification.signerChainVerifies(context, self, given) ? context.runtime.getFalse() : chained;
    }

    /** The engine's verdict on a response's signature, with its signer's key; STOCK where it reads none. */
    private static SignatureVerdict ocspSignature(Call call, OcspVerification verification) {
        SignatureCheck.Key key = checkingKey(call, verification.signerKey);
        return key == null ? SignatureVerdict.STOCK : verdictOf(() -> SignatureCheck.ocsp(verification.response, key));
    }

    /** A certificate's, CSR's or CRL's DER as stock holds it, or null where stock answers without a check. */
    private interface Holder {
        HeldStructure held() throws GeneralSecurityException, IOException;
    }

    /** How a structure's signature is judged with a key ({@link SignatureCheck}). */
    private interface Checker {
        SignatureVerdict judge(byte[] der, SignatureCheck.Key key);
    }

    /** A verdict made, reading what it judges. */
    interface Judgement {
        SignatureVerdict made() throws GeneralSecurityException, IOException;
    }

    /**
     * OpenSSL's answer to a certificate's, CSR's or CRL's signature where the engine reads it, else
     * stock's answer; stock's too where the engine cannot read the structure or its check fails (a
     * fault), but for a true to other bytes than OpenSSL checks ({@link #stockAnswer}).
     */
    private static IRubyObject check(Call call, IRubyObject key, Holder holder, Checker checker) {
        SignatureCheck.Key checking = checkingKey(call, key);
        HeldStructure held = readOrNull(holder);
        SignatureVerdict verdict = checking == null || held == null ? SignatureVerdict.STOCK
            : held.changed ? SignatureVerdict.INVALID : verdictOf(() -> checker.judge(held.der, checking));
        switch (verdict) {
            case VALID: return call.verdict(true);
            case INVALID: return call.verdict(false);
            case STOCK: return stockAnswer(call, checking == null ? call.stockReason(key) : Outcome.OPTION_NOT_TAKEN, held);
            default:
                call.countAnswer(Outcome.ENGINE);
                throw Errors.structureError(call.context.runtime, call.method, verdict.mriError);
        }
    }

    /**
     * Stock's answer, but false for its true where stock checked other bytes than the structure
     * holds as OpenSSL reads it (a signature cannot be good over both): an algorithm or key the
     * engine does not take still says true only where OpenSSL may.
     */
    private static IRubyObject stockAnswer(Call call, Outcome reason, HeldStructure held) {
        IRubyObject answer = call.stock(reason);
        return held != null && held.stockChecksOtherBytes() && answer.isTrue() ? call.context.runtime.getFalse() : answer;
    }

    /** What stock holds, or null where it cannot be read: stock answers. */
    private static HeldStructure readOrNull(Holder holder) {
        try {
            return holder.held();
        } catch (GeneralSecurityException | IOException | RuntimeException unread) {
            return null;
        }
    }

    /** A verdict that cannot be made (what it reads is unreadable, or the check fails: a fault) is stock's. */
    static SignatureVerdict verdictOf(Judgement judgement) {
        try {
            return judgement.made();
        } catch (GeneralSecurityException | IOException | RuntimeException unread) {
            return SignatureVerdict.STOCK;
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

    /** The String given to a structure's new (its DER or PEM), or null for none or another argument. */
    private static byte[] given(IRubyObject args) {
        RubyArray<?> given = (RubyArray<?>) args;
        if (given.size() != 1 || !(given.eltInternal(0) instanceof RubyString)) return null;
        ByteList bytes = ((RubyString) given.eltInternal(0)).getByteList();
        return Arrays.copyOfRange(bytes.unsafeBytes(), bytes.begin(), bytes.begin() + bytes.realSize());
    }

    /** The form of the public key stock checks with ({@code PKey#getPublicKey}) the engine checks with; null for stock. */
    private static SignatureCheck.Key checkingKey(Call call, IRubyObject key) {
        if (key instanceof PKeyRSA) return checkingKey(call, ((PKeyRSA) key).getPublicKey());
        if (!(key instanceof PKeyEC)) return null;
        PublicKey publicKey = ((PKeyEC) key).getPublicKey();
        EcEngine ec = call.ecEngine();
        // A private key read without its point: the EC engine's point from the scalar, as OpenSSL's at load.
        EcKeyStates.Prepared<PreparedEcPublicKey> prepared = ec == null ? null : EcKeyStates.publicKey(ec, key);
        if (prepared != null) return SignatureCheck.ec(prepared);
        return publicKey instanceof ECPublicKey ? SignatureCheck.ecInJava((ECPublicKey) publicKey) : null;
    }

    /**
     * The engine's form of a Java public key (a Ruby key's, a signer certificate's): RSA by the
     * backend (the JDK while it is stock), refused at once beyond OpenSSL's limits; EC by the EC
     * engine where it has the curve, else in Java; null for another kind or a key the engine declines.
     */
    static SignatureCheck.Key checkingKey(Call call, PublicKey key) {
        if (key instanceof RSAPublicKey) {
            if (PublicKeyLimits.refusal(key) != null) return SignatureCheck.rsaRefused();
            PublicKeyOperations operations = KeyStates.publicOperations(call.engine == null ? JdkEngine.INSTANCE : call.engine, key);
            return operations == null ? null : SignatureCheck.rsa(operations);
        }
        if (!(key instanceof ECPublicKey)) return null;
        EcEngine ec = call.ecEngine();
        EcKeyStates.Prepared<PreparedEcPublicKey> prepared = ec == null ? null : EcKeyStates.publicKey(ec, (ECPublicKey) key);
        return prepared != null ? SignatureCheck.ec(prepared) : SignatureCheck.ecInJava((ECPublicKey) key);
    }

    /** GetPKeyPtr, for X509::Certificate#verify and X509::CRL#verify: MRI's TypeError where stock fails in Java (a ClassCastException). */
    private static void keyArgument(ThreadContext context, IRubyObject key) {
        if (!(key instanceof PKey)) throw Errors.wrongArgumentType(context.runtime, key, "OpenSSL/EVP_PKEY");
    }
}
