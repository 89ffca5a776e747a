package fastrsaengine.structures;

import fastrsaengine.call.Call;
import fastrsaengine.call.EcKeyStates;
import fastrsaengine.call.Errors;
import fastrsaengine.call.KeyStates;
import fastrsaengine.call.Stats.Outcome;
import fastrsaengine.engines.ec.EcEngine;
import fastrsaengine.engines.ec.PreparedEcKey;
import fastrsaengine.engines.rsa.JdkEngine;
import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PrivateKeyOperations;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.DEROctetString;
import org.jruby.RubyArray;
import org.jruby.RubyNumeric;
import org.jruby.RubyString;
import org.jruby.anno.JRubyMethod;
import org.jruby.exceptions.RaiseException;
import org.jruby.ext.openssl.PKeyEC;
import org.jruby.ext.openssl.PKeyRSA;
import org.jruby.ext.openssl.impl.SignerInfoWithPkey;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * FastRsaEngine::StructureMethods: the engine side of the methods that sign or decrypt a structure with an RSA key: X509::Certificate#sign, X509::Request#sign, X509::CRL#sign,
 * OCSP::BasicResponse#sign, OCSP::Request#sign, PKCS7.sign and PKCS7#decrypt, and of the five that
 * sign themselves with an EC key. Stock does everything it always did (builds and encodes the
 * structure, hashes, pads) with a stand-in
 * key ({@link StandInKey}: RSA of exponent 1, for most EC keys too). For a signature the engine signs
 * what stock left ({@link StructureSigner}: RSA's padded DigestInfo; for EC, the to-be-signed part
 * once named for ECDSA) and puts its signature where stock left the stand-in's: in the DER ({@link
 * DerSlots}), which the object then takes back, or for PKCS#7 in the signer stock made. For an
 * envelope the engine opens the encrypted key, and deciphers the content where stock's decrypt
 * would decipher it as it stands ({@link Pkcs7Envelope#decipheredContent}); else stock decrypts a
 * copy whose recipients hold the content key for the stand-in. Each with the
 * gem's blinding and result check; so every structure is stock's byte for byte but the signature,
 * errors are stock's, and only the private-key operation is the engine's. Anything else (another
 * kind of key, a key the engine declines, the backend stock, a structure not as expected) is
 * stock's call with the caller's key.
 */
public final class StructureMethods {
    /** PKCS7::NOATTR. */
    private static final int PKCS7_NOATTR = 0x100;
    /** PKCS7::STREAM. */
    private static final int PKCS7_STREAM = 0x1000;
    /** The messageDigest attribute, as jruby-openssl numbers attributes (OpenSSL's NID_pkcs9_messageDigest). */
    private static final int MESSAGE_DIGEST = 51;

    /**
     * The EC stand-in of a structure ({@link EcStructureSigner}): the RSA one, but for a CSR, whose
     * algorithm stock names from the request's public key.
     */
    private static final boolean RSA_STAND_IN = false, TOY_CURVE_STAND_IN = true;

    /** Where a BasicOCSPResponse's signature sits (with its certificates after it). */
    private static final DerSlots.Layout OCSP_RESPONSE = DerSlots::x509Signature;

    /** Whether an OCSP sign names its responder by key with OCSP::RESPID_KEY: a response's does, a request has no responder. */
    private static final boolean RESPONDER_BY_KEY_TAKEN = true;

    /** The digest OCSP's signs take where none is given, as stock and MRI take it. */
    private static final String OCSP_DEFAULT_DIGEST = "SHA1";

    private StructureMethods() {
    }

    /**
     * The block yields to {@code super(key, digest)}, with the key given or the caller's. A
     * certificate the engine signed and nothing changed since is signed again from the bytes it
     * kept ({@link SignedCertificates}); they are kept from a certificate's second sign on, since
     * most are built, signed once and dropped (a CA's per request), and an entry each would only
     * load the garbage collector.
     */
    @JRubyMethod(name = "certificate_sign", module = true)
    public static IRubyObject certificateSign(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject key, IRubyObject digest, Block stock) {
        StructureArguments.x509Sign(context, key);
        Call call = Call.start(context, module, "certificate_sign", stock);
        StructureSigner signer = signer(call, key, digest, RSA_STAND_IN);
        synchronized (self) {
            SignedCertificates.Signed last = signer == null ? null : SignedCertificates.unchanged(self, key, digest);
            if (last != null && signedAgain(call, self, signer, last)) return self;
            boolean signedBefore = JopensslSeams.certificateHeld(self) != null; // a certificate built per call keeps nothing
            return signAndReadBack(call, self, signer, key, digest, RSA_STAND_IN, DerSlots::x509Signature, (c, signed, der) -> {
                JopensslSeams.holdCertificate(signed, der);
                if (signedBefore) SignedCertificates.keep(signed, key, digest, der);
            });
        }
    }

    /**
     * A certificate signed again from the DER the engine left: the same bytes but the signature,
     * which is all that changes (an RSA one not even that: the object keeps the JCA certificate it
     * holds). False where the signer cannot sign them (the call is then stock's build again).
     */
    private static boolean signedAgain(Call call, IRubyObject self, StructureSigner signer, SignedCertificates.Signed last) {
        byte[] der = signer.signedAnew(call, last.der, DerSlots::x509Signature);
        if (der == null) return false;
        if (!Arrays.equals(der, last.der)) JopensslSeams.holdCertificate(self, der);
        JopensslSeams.holdSignedAgain(self);
        SignedCertificates.keepAgain(self, last, der);
        call.countAnswer(Outcome.ENGINE);
        return true;
    }

    /**
     * A CSR without a public key: MRI's X509_REQ_sign fails ("internal error"), where stock fails
     * in Java (a NullPointerException's message in its RequestError), and the gem's stand-in with
     * it (an RSA failure's words, for an EC key too). (DIFFERENCES.md: java-exception.)
     */
    @JRubyMethod(name = "request_sign", module = true)
    public static IRubyObject requestSign(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject key, IRubyObject digest, Block stock) {
        StructureArguments.x509Sign(context, key);
        if (self.callMethod(context, "public_key").isNil()) throw Errors.structureError(context.runtime, "request_sign", "internal error");
        return signAndReadBack(Call.start(context, module, "request_sign", stock), self, key, digest, TOY_CURVE_STAND_IN, DerSlots::x509Signature,
            (c, signed, der) -> JopensslSeams.holdRequest(signed, der));
    }

    /**
     * A CRL whose issuer was never set or read: MRI's holds the empty Name from the start, stock's
     * reader makes it on first read, and its sign fails in Java without it (a NullPointerException).
     * Read first, the issuer is the empty Name on every backend, which MRI signs but Bouncy Castle
     * refuses to build or parse: stock's own CRLError ("issuer is an empty distinguished name")
     * answers, as it does where the caller read the issuer. (DIFFERENCES.md: java-exception.)
     */
    @JRubyMethod(name = "crl_sign", module = true)
    public static IRubyObject crlSign(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject key, IRubyObject digest, Block stock) {
        StructureArguments.crlSign(context, key, digest);
        self.callMethod(context, "issuer");
        return signAndReadBack(Call.start(context, module, "crl_sign", stock), self, key, digest, RSA_STAND_IN, DerSlots::x509Signature,
            (c, signed, der) -> JopensslSeams.holdCrl(signed, der));
    }

    /**
     * OCSP::BasicResponse#sign(signer_cert, key [, certs [, flags [, digest]]]): the block yields to
     * super with the key given or the caller's, and the arguments as {@link StructureArguments} left them.
     */
    @JRubyMethod(name = "ocsp_basic_response_sign", module = true)
    public static IRubyObject ocspBasicResponseSign(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return ocspSign(Call.start(context, module, "ocsp_basic_response_sign", stock), self, (RubyArray<?>) args, OCSP_RESPONSE,
            "OpenSSL::OCSP::BasicResponse", RESPONDER_BY_KEY_TAKEN);
    }

    /** OCSP::Request#sign(signer_cert, key [, certs [, flags [, digest]]]), as the response's. */
    @JRubyMethod(name = "ocsp_request_sign", module = true)
    public static IRubyObject ocspRequestSign(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return ocspSign(Call.start(context, module, "ocsp_request_sign", stock), self, (RubyArray<?>) args, DerSlots::ocspRequestSignature,
            "OpenSSL::OCSP::Request", !RESPONDER_BY_KEY_TAKEN);
    }

    private static IRubyObject ocspSign(Call call, IRubyObject self, RubyArray<?> args, DerSlots.Layout slot, String stockClass,
                                        boolean responderByKeyTaken) {
        StructureArguments.ocspSign(call.context, call.method, args);
        if (args.size() < 2 || args.size() > 5) return call.stock(call.stockReason(null)); // stock's ArgumentError
        IRubyObject digest = args.size() > 4 && !args.eltInternal(4).isNil() ? args.eltInternal(4) : call.context.runtime.newString(OCSP_DEFAULT_DIGEST);
        ReadBack readBack = (c, signed, der) -> JopensslSeams.reinitialize(c, stockClass, signed, der);
        if (responderByKeyTaken && OcspResponderId.byKey(args)) return signByKey(call, self, args, digest, readBack);
        return signAndReadBack(call, self, args.eltInternal(1), digest, RSA_STAND_IN, slot, readBack);
    }

    /**
     * BasicResponse#sign with OCSP::RESPID_KEY ({@link OcspResponderId}), signed on every backend as
     * PKCS7::NOATTR is: the JDK computes with :stock and for a key the engine declines. Stock signs
     * without the flag; where the engine cannot finish, stock is called with it, as the caller gave it.
     */
    private static IRubyObject signByKey(Call call, IRubyObject self, RubyArray<?> args, IRubyObject digest, ReadBack readBack) {
        IRubyObject key = args.eltInternal(1);
        StructureSigner engines = signer(call, key, digest, RSA_STAND_IN);
        StructureSigner signer = engines != null ? engines : jdkSigner(key, digest);
        if (signer == null) return call.stock(call.stockReason(key));
        int flags = OcspResponderId.flags(args);
        OcspResponderId.setFlags(call.context, args, OcspResponderId.withoutByKey(flags));
        Outcome answered = engines != null ? Outcome.ENGINE : Outcome.KEY_DECLINED;
        return signAndReadBack(call, self, new OcspResponderId.Signer(signer, args.eltInternal(0)), OCSP_RESPONSE, readBack, answered, reason -> {
            OcspResponderId.setFlags(call.context, args, flags);
            return call.stock(reason);
        });
    }

    /** The JDK's signer for a key: RSA's, or EC's for a digest the ECDSA algorithms are defined with; null for any other. */
    private static StructureSigner jdkSigner(IRubyObject key, IRubyObject digest) {
        if (key instanceof PKeyEC) return jdkEcSigner((PKeyEC) key, digest, RSA_STAND_IN);
        PrivateKeyOperations operations = key instanceof PKeyRSA && !(key instanceof StandInKey) ? KeyStates.privateOperations(JdkEngine.INSTANCE, key) : null;
        return operations == null ? null : new RsaStructureSigner((PKeyRSA) key, operations);
    }

    /** The JDK's EC signer ({@link JdkEcdsa}), for a digest the ECDSA algorithms are defined with and a key it takes; else null. */
    private static StructureSigner jdkEcSigner(PKeyEC key, IRubyObject digest, boolean toyCurve) {
        if (!EcStructureSigner.definedWith(digest) || !JdkEcdsa.signs(key)) return null;
        return new EcStructureSigner(key, hash -> JdkEcdsa.signHash(key, hash), toyCurve);
    }

    /** PKCS7.sign(cert, key, data [, certs [, flags]]): the block calls stock's with the arguments given, or the caller's. */
    @JRubyMethod(name = "pkcs7_sign", module = true)
    public static IRubyObject pkcs7Sign(ThreadContext context, IRubyObject module, IRubyObject args, Block stock) {
        IRubyObject[] given = ((RubyArray<?>) args).toJavaArray();
        StructureArguments.pkcs7Sign(context, given);
        Call call = Call.start(context, module, "pkcs7_sign", stock);
        boolean counted = given.length >= 3 && given.length <= 5;
        IRubyObject[] a = counted ? signedAtOnce(context, given) : given;
        if (counted && a[1] instanceof PKeyRSA && (flags(a) & PKCS7_NOATTR) != 0) return pkcs7SignWithoutAttributes(call, a);
        if (counted && a[1] instanceof PKeyEC && (flags(a) & PKCS7_NOATTR) != 0) return pkcs7SignEcWithoutAttributes(call, a);
        Routed routed = counted ? route(call, a[1]) : null;
        if (routed == null) return call.stockWith(call.stockReason(a.length > 1 ? a[1] : null), a);
        IRubyObject signed = stockWithStandIn(call, withStandIn(routed.key, a));
        SignerInfoWithPkey signer = onlySigner(signed);
        if (signer == null || signer.getEncryptedDigest() == null) return call.stockWith(Outcome.OPTION_NOT_TAKEN, a);
        byte[] encoded = signer.getEncryptedDigest().getOctets();
        byte[] signature = call.perform(() -> routed.operations.signEncodedMessage(encoded));
        if (signature == null) return call.stockWith(Outcome.OPTION_NOT_TAKEN, a);
        signer.setEncryptedDigest(new DEROctetString(signature));
        call.countAnswer(Outcome.ENGINE);
        return signed;
    }

    /**
     * PKCS7.sign with PKCS7::NOATTR: OpenSSL signs the content's digest itself, where stock makes a
     * signer with no signature at all (its to_der then fails with a NullPointerException). So the
     * gem signs it on every backend (the JDK computes with :stock, and for a key the engine
     * declines): stock builds the structure with the stand-in, then once more without NOATTR only
     * for the content's digest, which it puts in the messageDigest attribute (the content as stock
     * encapsulates it, with TEXT's header and its line ends); the signer gets the PKCS#1 v1.5
     * signature of that digest. (DIFFERENCES.md: java-exception.)
     */
    private static IRubyObject pkcs7SignWithoutAttributes(Call call, IRubyObject[] a) {
        PrivateKeyOperations engines = call.engine == null ? null : KeyStates.privateOperations(call.engine, a[1]);
        PrivateKeyOperations operations = engines != null ? engines : KeyStates.privateOperations(JdkEngine.INSTANCE, a[1]);
        PKeyRSA key = (PKeyRSA) a[1];
        IRubyObject signed = stockWithStandIn(call, withStandIn(key, a));
        IRubyObject[] withAttributes = withStandIn(key, withoutFlag(call.context, a, PKCS7_NOATTR));
        SignerInfoWithPkey signer = onlySigner(signed);
        SignerInfoWithPkey attributed = onlySigner(stockWithStandIn(call, withAttributes));
        ASN1Encodable contentDigest = attributed == null ? null : attributed.getSignedAttribute(MESSAGE_DIGEST);
        DigestAlgorithm digest = signer == null ? null : DigestAlgorithm.forObjectName(signer.getDigestAlgorithm().getAlgorithm().getId());
        if (!(contentDigest instanceof ASN1OctetString) || digest == null) return call.stockWith(Outcome.OPTION_NOT_TAKEN, a);
        byte[] digestInfo = digest.digestInfo(((ASN1OctetString) contentDigest).getOctets());
        byte[] signature = operations != null ? call.perform(() -> operations.signDigestInfo(digestInfo)) : signedByItself(call, key, digestInfo);
        signer.setEncryptedDigest(new DEROctetString(signature));
        call.countAnswer(engines != null ? Outcome.ENGINE : Outcome.KEY_DECLINED);
        return signed;
    }

    /**
     * A DigestInfo signed by a key neither the engine nor the JDK takes (numbers that disagree): by
     * the key's own private_encrypt, stock's arithmetic with the key as stock signs with it, where
     * OpenSSL signs too. Where it fails, PKCS7.sign's error in MRI's words, not the key's RSAError:
     * a caller of PKCS7.sign rescues PKCS7Error.
     */
    private static byte[] signedByItself(Call call, PKeyRSA key, byte[] digestInfo) {
        try {
            IRubyObject signature = key.callMethod(call.context, "private_encrypt", RubyString.newStringNoCopy(call.context.runtime, digestInfo));
            return signature.convertToString().getBytes();
        } catch (RaiseException keyRefused) {
            throw Errors.structureError(call.context.runtime, call.method, "pkcs7 datasign");
        }
    }

    /**
     * PKCS7.sign with an EC key and PKCS7::NOATTR: stock's error for an EC key (it signs none, and
     * without attributes makes a signer with no signature, whose to_der then fails in Java). The
     * gem does not sign PKCS#7 with EC keys (DIFFERENCES.md); without the flag, stock answers as it
     * does, with it as it would.
     */
    private static IRubyObject pkcs7SignEcWithoutAttributes(Call call, IRubyObject[] a) {
        call.stockWith(withoutFlag(call.context, a, PKCS7_NOATTR)); // raises stock's PKCS7Error
        return call.stockWith(Outcome.KEY_DECLINED, a);
    }

    /**
     * PKCS7.sign's arguments without PKCS7::STREAM, with which OpenSSL returns a structure not yet
     * signed, for PKCS7.write_smime to sign as it writes (MRI's to_der holds an empty signature), and
     * stock one whose signer has no signature at all (its to_der and write_smime then fail in Java).
     * So the gem signs at once, as without the flag, and as stock takes PKCS7::PARTIAL, OpenSSL's
     * other flag for the same: the S/MIME written then verifies, as MRI's. (DIFFERENCES.md: java-exception.)
     */
    private static IRubyObject[] signedAtOnce(ThreadContext context, IRubyObject[] a) {
        return withoutFlag(context, a, PKCS7_STREAM);
    }

    /** PKCS7.sign's arguments with one flag cleared: the same array where it was not set. */
    private static IRubyObject[] withoutFlag(ThreadContext context, IRubyObject[] a, int flag) {
        if ((flags(a) & flag) == 0) return a;
        IRubyObject[] without = a.clone();
        without[4] = context.runtime.newFixnum(flags(a) & ~flag);
        return without;
    }

    /** PKCS7.sign's flags, given or not (PKCS7.sign's default is none). */
    private static int flags(IRubyObject[] a) {
        return a.length > 4 && !a[4].isNil() ? RubyNumeric.num2int(a[4]) : 0;
    }

    /** PKCS7.sign's arguments with the signing stand-in for the key. */
    private static IRubyObject[] withStandIn(PKeyRSA key, IRubyObject[] a) {
        IRubyObject[] given = a.clone();
        given[1] = StandInKey.forSigning(key);
        return given;
    }

    /** The one signer of the signed data PKCS7.sign made; null for anything else. */
    private static SignerInfoWithPkey onlySigner(IRubyObject signed) {
        Collection<SignerInfoWithPkey> signers = JopensslSeams.signers(signed);
        return signers == null || signers.size() != 1 ? null : signers.iterator().next();
    }

    /**
     * PKCS7#decrypt(key [, cert [, flags]]): the block calls stock's decrypt on the PKCS7 given (the
     * caller's, or a copy of an envelope whose recipients hold the content key the engine chose)
     * with the key given.
     */
    @JRubyMethod(name = "pkcs7_decrypt", module = true)
    public static IRubyObject pkcs7Decrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        StructureArguments.pkcs7Decrypt(context, (RubyArray<?>) args);
        IRubyObject[] a = ((RubyArray<?>) args).toJavaArray();
        Call call = Call.start(context, module, "pkcs7_decrypt", stock);
        if (a.length >= 1 && a.length <= 3 && !hasContent(context, self)) throw Errors.structureError(context.runtime, call.method, "wrong content type");
        Routed routed = a.length < 1 || a.length > 3 ? null : routeOrJdk(call, a[0]);
        if (routed == null) return call.stock(call.stockReason(a.length > 0 ? a[0] : null));
        byte[] der = derOf(context, self);
        Pkcs7Envelope envelope = der == null ? null : Pkcs7Envelope.read(der);
        if (envelope == null) return call.stock(Outcome.OPTION_NOT_TAKEN);
        int keyLength = ContentCiphers.keyLength(context, envelope.contentCipher());
        if (keyLength == ContentCiphers.UNKNOWN) {
            call.countAnswer(Outcome.OPTION_NOT_TAKEN);
            throw Errors.structureError(context.runtime, call.method, "decrypt error");
        }
        if (!routed.operations.holdsContentKey(keyLength)) { // OpenSSL: no block opens, a random key fails the content
            call.countAnswer(Outcome.OPTION_NOT_TAKEN);
            throw Errors.structureError(context.runtime, call.method, "bad decrypt");
        }
        List<byte[]> encryptedKeys = encryptedKeys(envelope, a.length > 1 ? a[1] : context.nil);
        if (encryptedKeys == null) return call.stock(Outcome.OPTION_NOT_TAKEN); // no recipient of that certificate: stock's answer
        byte[] contentKey = call.perform(() -> routed.operations.contentKey(encryptedKeys, keyLength));
        byte[] content = a.length > 2 && StructureArguments.textFlag(a[2]) ? null : envelope.decipheredContent(contentKey);
        if (content != null) {
            call.countAnswer(Outcome.ENGINE);
            return RubyString.newStringNoCopy(context.runtime, content); // stock's: binary, as MRI's
        }
        byte[] opened = envelope.withEveryEncryptedKey(routed.operations.standInBlock(contentKey));
        IRubyObject copy = JopensslSeams.parse(context, "OpenSSL::PKCS7", self.getMetaClass().getRealClass(), opened);
        try {
            return call.stockWith(copy, StandInKey.forDecryption(routed.key));
        } finally {
            call.countAnswer(Outcome.ENGINE); // stock's refusal of the opened copy is an answer too
        }
    }

    /**
     * The encrypted keys stock decrypts to find the content key (PKCS7_dataDecode): with a
     * certificate of stock's JCA form, its recipient's alone ({@link Pkcs7Envelope#encryptedKeyOf};
     * null where none is the certificate's); without one (none given, or a certificate never signed
     * nor read, which stock holds no JCA form of and matches no recipient to), every recipient's,
     * the last well-padded one of the content key's length winning, so that any recipient's key
     * opens the envelope.
     */
    private static List<byte[]> encryptedKeys(Pkcs7Envelope envelope, IRubyObject certificate) {
        Object held = certificate.isNil() ? null : certificate.toJava(X509Certificate.class);
        if (!(held instanceof X509Certificate)) return envelope.encryptedKeys();
        byte[] key = envelope.encryptedKeyOf((X509Certificate) held);
        return key == null ? null : Collections.singletonList(key);
    }

    /**
     * Whether a PKCS7 holds content of any type: stock's PKCS7.new holds none, and its type then
     * fails with a NullPointerException (its decrypt too), where MRI's decrypt says "wrong content type".
     */
    private static boolean hasContent(ThreadContext context, IRubyObject pkcs7) {
        try {
            return !pkcs7.callMethod(context, "type").isNil();
        } catch (NullPointerException stocksTypeOfNoContent) {
            return false;
        }
    }

    /**
     * {@link #route}, and with the backend stock the JDK's operations: PKCS#7's envelope is opened as
     * OpenSSL opens it on every backend, which stock's decrypt does not (it tells a badly padded
     * content key from one that does not decrypt the content).
     */
    private static Routed routeOrJdk(Call call, IRubyObject key) {
        if (call.engine != null || !(key instanceof PKeyRSA) || key instanceof StandInKey) return route(call, key);
        PrivateKeyOperations operations = KeyStates.privateOperations(JdkEngine.INSTANCE, key);
        return operations == null ? null : new Routed((PKeyRSA) key, operations);
    }

    /** A call the engine takes: the caller's key, and its operations. */
    private static final class Routed {
        final PKeyRSA key;
        final PrivateKeyOperations operations;

        Routed(PKeyRSA key, PrivateKeyOperations operations) {
            this.key = key;
            this.operations = operations;
        }
    }

    private static Routed route(Call call, IRubyObject key) {
        if (call.engine == null || !(key instanceof PKeyRSA) || key instanceof StandInKey) return null;
        PrivateKeyOperations operations = KeyStates.privateOperations(call.engine, key);
        return operations == null ? null : new Routed((PKeyRSA) key, operations);
    }

    /**
     * How a structure signed in place takes its DER back once the engine signed it: into the one
     * field stock's sign set, so that every reader reads what stock's leaves (see {@link JopensslSeams}).
     */
    private interface ReadBack {
        void from(ThreadContext context, IRubyObject signed, byte[] der);
    }

    /**
     * sign of a structure that signs itself (certificate, CSR, CRL, OCSP response and request), by
     * key; it returns what stock returns, self. Stock signs, the slot is signed and self takes the
     * DER back as one step per object: two threads signing the same object take turns, so neither
     * reads it back while the other has emptied it (a Java NullPointerException inside jruby-openssl otherwise).
     */
    private static IRubyObject signAndReadBack(Call call, IRubyObject self, IRubyObject key, IRubyObject digest, boolean toyCurve,
                                               DerSlots.Layout layout, ReadBack readBack) {
        return signAndReadBack(call, self, signer(call, key, digest, toyCurve), key, digest, toyCurve, layout, readBack);
    }

    /** The same with the engine's signer for the key chosen (null: stock's, or the JDK's where stock fails). */
    private static IRubyObject signAndReadBack(Call call, IRubyObject self, StructureSigner signer, IRubyObject key, IRubyObject digest,
                                               boolean toyCurve, DerSlots.Layout layout, ReadBack readBack) {
        if (signer != null) return signAndReadBack(call, self, signer, layout, readBack, Outcome.ENGINE, call::stock);
        try {
            return call.stock(call.stockReason(key));
        } catch (RaiseException stockFailed) {
            StructureSigner jdk = key instanceof PKeyEC ? jdkEcSigner((PKeyEC) key, digest, toyCurve) : null;
            if (jdk == null) throw stockFailed;
            return signAndReadBack(call, self, jdk, layout, readBack, null, call::stock);
        }
    }

    /**
     * The same with the signer chosen, the call counted as answered (null: counted already, as stock's
     * failed answer an EC key's Java signature repairs: stock fails on the key's curve where JDK 17's
     * SunEC signs its certificates and CRLs, and with the stand-in stock shows any other failure of
     * its own again), and how stock is called with the caller's key where the signer cannot finish.
     */
    private static IRubyObject signAndReadBack(Call call, IRubyObject self, StructureSigner signer, DerSlots.Layout layout, ReadBack readBack,
                                               Outcome answered, Function<Outcome, IRubyObject> stock) {
        synchronized (self) {
            IRubyObject signed;
            try {
                signed = call.stockWith(signer.standIn());
            } catch (RaiseException stockRefused) {
                if (!signer.stockAnswersAsWithTheKey()) return stock.apply(Outcome.OPTION_NOT_TAKEN);
                call.countAnswer(Outcome.OPTION_NOT_TAKEN);
                throw stockRefused;
            }
            byte[] der = signedDer(call, signer, derOf(call.context, self), layout);
            if (der == null) return stock.apply(Outcome.OPTION_NOT_TAKEN);
            readBack.from(call.context, self, der);
            if (answered != null) call.countAnswer(answered);
            return signed;
        }
    }

    /**
     * The engine's signer for the caller's key: RSA's; EC's where the backend takes EC, for a digest
     * the ECDSA algorithms are defined with (with any other the RSA stand-in would sign where the key
     * fails, and leave the object signed); null for stock.
     */
    private static StructureSigner signer(Call call, IRubyObject key, IRubyObject digest, boolean toyCurve) {
        if (key instanceof PKeyEC) {
            EcEngine ec = EcStructureSigner.definedWith(digest) ? call.ecEngine() : null;
            EcKeyStates.Prepared<PreparedEcKey> prepared = ec == null ? null : EcKeyStates.privateKey(ec, key);
            return prepared == null ? null : new EcStructureSigner((PKeyEC) key, prepared.key::signHash, toyCurve);
        }
        Routed routed = route(call, key);
        return routed == null ? null : new RsaStructureSigner(routed.key, routed.operations);
    }

    /** Stock's method with arguments holding an RSA stand-in; what it raises is stock's answer to the arguments, counted as such. */
    private static IRubyObject stockWithStandIn(Call call, IRubyObject... args) {
        try {
            return call.stockWith(args);
        } catch (RaiseException stockRefused) {
            call.countAnswer(Outcome.OPTION_NOT_TAKEN);
            throw stockRefused;
        }
    }

    /**
     * The DER stock encoded with the stand-in's signature, signed by the engine; null when there is no
     * DER, or it or what the stand-in left is not what stock makes (then stock signs again with the
     * caller's key, and answers as it always has).
     */
    private static byte[] signedDer(Call call, StructureSigner signer, byte[] der, DerSlots.Layout layout) {
        if (der == null) return null;
        try {
            return signer.signedDer(call, der, layout);
        } catch (IllegalArgumentException notAsStockMakesIt) {
            return null;
        }
    }

    /**
     * The object's DER, or null where stock cannot encode what it made (its Java exceptions, for
     * odd flags): the call is then stock's with the caller's key, which answers as it always has.
     */
    private static byte[] derOf(ThreadContext context, IRubyObject object) {
        try {
            return object.callMethod(context, "to_der").convertToString().getBytes();
        } catch (RuntimeException stockCannotEncodeIt) { // a Ruby error or a Java exception alike
            return null;
        }
    }
}
