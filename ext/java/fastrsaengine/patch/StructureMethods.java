package fastrsaengine.patch;

import fastrsaengine.padding.PrivateKeyOperations;
import fastrsaengine.patch.Stats.Outcome;
import java.util.Collection;
import java.util.List;
import org.bouncycastle.asn1.DEROctetString;
import org.jruby.RubyArray;
import org.jruby.anno.JRubyMethod;
import org.jruby.exceptions.RaiseException;
import org.jruby.ext.openssl.PKeyRSA;
import org.jruby.ext.openssl.impl.SignerInfoWithPkey;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * FastRsaEngine::StructureMethods: the engine side of the methods that sign or decrypt a structure
 * with an RSA key: X509::Certificate#sign, X509::Request#sign, X509::CRL#sign,
 * OCSP::BasicResponse#sign, OCSP::Request#sign, PKCS7.sign and PKCS7#decrypt. Stock
 * does everything it always did (builds and encodes the structure, hashes, pads, and for
 * decryption unpads and deciphers the content) with a stand-in key of exponent 1 ({@link
 * StandInKey}). For a signature the engine signs the DigestInfo stock padded (at the stand-in's
 * size) at the key's size and puts the signature where stock left the block: in the DER ({@link
 * DerSlots}), which the object then takes back, or for PKCS#7 in the signer stock made. For an
 * envelope the engine opens the encrypted key in a copy that stock then decrypts. Each with the
 * gem's blinding and result check; so every structure is stock's byte for byte, errors are
 * stock's, and only the exponentiation is the engine's. Anything else (another kind of key, a key
 * the engine declines, the backend stock, a structure not as expected) is stock's call with the
 * caller's key.
 */
public final class StructureMethods {
    private StructureMethods() {
    }

    /** The block yields to {@code super(key, digest)}, with the key given or the caller's. */
    @JRubyMethod(name = "certificate_sign", module = true)
    public static IRubyObject certificateSign(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject key, Block stock) {
        return signAndReadBack(Call.start(context, module, "certificate_sign", stock), self, key, DerSlots::x509Signature,
            (c, signed, der) -> JopensslSeams.holdCertificate(signed, der));
    }

    @JRubyMethod(name = "request_sign", module = true)
    public static IRubyObject requestSign(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject key, Block stock) {
        return signAndReadBack(Call.start(context, module, "request_sign", stock), self, key, DerSlots::x509Signature,
            (c, signed, der) -> JopensslSeams.holdRequest(signed, der));
    }

    @JRubyMethod(name = "crl_sign", module = true)
    public static IRubyObject crlSign(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject key, IRubyObject digest, Block stock) {
        StructureArguments.crlSign(context, key, digest);
        return signAndReadBack(Call.start(context, module, "crl_sign", stock), self, key, DerSlots::x509Signature,
            (c, signed, der) -> JopensslSeams.holdCrl(signed, der));
    }

    /**
     * OCSP::BasicResponse#sign(signer_cert, key [, certs [, flags [, digest]]]): the block yields to
     * super with the key given or the caller's, and the arguments as {@link StructureArguments} left them.
     */
    @JRubyMethod(name = "ocsp_basic_response_sign", module = true)
    public static IRubyObject ocspBasicResponseSign(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return ocspSign(Call.start(context, module, "ocsp_basic_response_sign", stock), self, (RubyArray<?>) args, DerSlots::x509Signature,
            "OpenSSL::OCSP::BasicResponse");
    }

    /** OCSP::Request#sign(signer_cert, key [, certs [, flags [, digest]]]), as the response's. */
    @JRubyMethod(name = "ocsp_request_sign", module = true)
    public static IRubyObject ocspRequestSign(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return ocspSign(Call.start(context, module, "ocsp_request_sign", stock), self, (RubyArray<?>) args, DerSlots::ocspRequestSignature,
            "OpenSSL::OCSP::Request");
    }

    private static IRubyObject ocspSign(Call call, IRubyObject self, RubyArray<?> args, SlotFinder slot, String stockClass) {
        StructureArguments.ocspSign(call.context, args);
        if (args.size() < 2 || args.size() > 5) return call.stock(reason(call, null)); // stock's ArgumentError
        return signAndReadBack(call, self, args.eltInternal(1), slot, (c, signed, der) -> JopensslSeams.reinitialize(c, stockClass, signed, der));
    }

    /** PKCS7.sign(cert, key, data [, certs [, flags]]): the block calls stock's with the key given or the caller's. */
    @JRubyMethod(name = "pkcs7_sign", module = true)
    public static IRubyObject pkcs7Sign(ThreadContext context, IRubyObject module, IRubyObject args, Block stock) {
        IRubyObject[] a = ((RubyArray<?>) args).toJavaArray();
        StructureArguments.pkcs7Sign(context, a);
        Call call = Call.start(context, module, "pkcs7_sign", stock);
        Routed routed = a.length < 3 || a.length > 5 ? null : route(call, a[1]);
        if (routed == null) return call.stock(reason(call, a.length > 1 ? a[1] : null));
        IRubyObject signed = stockWithStandIn(call, routed);
        Collection<SignerInfoWithPkey> signers = JopensslSeams.signers(signed);
        if (signers == null || signers.size() != 1) return call.stock(Outcome.OPTION_NOT_TAKEN);
        SignerInfoWithPkey signer = signers.iterator().next();
        if (signer.getEncryptedDigest() == null) return call.stock(Outcome.OPTION_NOT_TAKEN); // stock signs nothing with NOATTR
        byte[] encoded = signer.getEncryptedDigest().getOctets();
        byte[] signature = call.perform(() -> routed.operations.signEncodedMessage(encoded));
        if (signature == null) return call.stock(Outcome.OPTION_NOT_TAKEN);
        signer.setEncryptedDigest(new DEROctetString(signature));
        call.countAnswer(Outcome.ENGINE);
        return signed;
    }

    /**
     * PKCS7#decrypt(key [, cert [, flags]]): the block calls stock's decrypt on the PKCS7 given (the
     * caller's, or a copy whose RSA recipients' keys the engine opened) with the key given.
     */
    @JRubyMethod(name = "pkcs7_decrypt", module = true)
    public static IRubyObject pkcs7Decrypt(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        StructureArguments.pkcs7Decrypt(context, (RubyArray<?>) args);
        IRubyObject[] a = ((RubyArray<?>) args).toJavaArray();
        Call call = Call.start(context, module, "pkcs7_decrypt", stock);
        Routed routed = a.length < 1 || a.length > 3 ? null : route(call, a[0]);
        if (routed == null) return call.stock(reason(call, a.length > 0 ? a[0] : null));
        byte[] der = derOf(context, self);
        if (der == null || !openRecipientKeys(call, routed.operations, der)) return call.stock(Outcome.OPTION_NOT_TAKEN);
        IRubyObject opened = JopensslSeams.parse(context, "OpenSSL::PKCS7", self.getMetaClass().getRealClass(), der);
        try {
            IRubyObject plaintext = call.stockWith(opened, StandInKey.forDecryption(routed.key));
            call.countAnswer(Outcome.ENGINE);
            return plaintext;
        } catch (RaiseException stockRefused) {
            call.countAnswer(Outcome.ENGINE);
            throw stockRefused;
        }
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

    private static Outcome reason(Call call, IRubyObject key) {
        if (call.engine == null) return Outcome.BACKEND_STOCK;
        return key instanceof PKeyRSA ? Outcome.KEY_DECLINED : Outcome.OPTION_NOT_TAKEN;
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
    private static IRubyObject signAndReadBack(Call call, IRubyObject self, IRubyObject key, SlotFinder slot, ReadBack readBack) {
        Routed routed = route(call, key);
        if (routed == null) return call.stock(reason(call, key));
        synchronized (self) {
            IRubyObject signed = stockWithStandIn(call, routed);
            byte[] der = signedDer(call, routed.operations, derOf(call.context, self), slot);
            if (der == null) return call.stock(Outcome.OPTION_NOT_TAKEN);
            readBack.from(call.context, self, der);
            call.countAnswer(Outcome.ENGINE);
            return signed;
        }
    }

    /** Stock's method with a signing stand-in for the key; what it raises is stock's answer to the arguments, counted as such. */
    private static IRubyObject stockWithStandIn(Call call, Routed routed) {
        try {
            return call.stockWith(StandInKey.forSigning(routed.key));
        } catch (RaiseException stockRefused) {
            call.countAnswer(Outcome.OPTION_NOT_TAKEN);
            throw stockRefused;
        }
    }

    /** Where the signature goes in a structure's DER; IllegalArgumentException where the DER is not as stock makes it. */
    private interface SlotFinder {
        DerSlots.Slot find(byte[] der);
    }

    /**
     * The DER stock encoded with its signature, the encoded message it left at the stand-in's size,
     * replaced by the engine's signature of the same DigestInfo at the key's size; null when there
     * is no DER, or it or the block is not what stock makes with an RSA key (then stock signs again
     * with the caller's key, and answers as it always has).
     */
    private static byte[] signedDer(Call call, PrivateKeyOperations operations, byte[] der, SlotFinder finder) {
        if (der == null) return null;
        DerSlots.Slot slot;
        try {
            slot = finder.find(der);
        } catch (IllegalArgumentException notAsStockMakesIt) {
            return null;
        }
        byte[] encoded = slot.read(der);
        byte[] signature = call.perform(() -> operations.signEncodedMessage(encoded));
        return signature == null ? null : slot.splice(der, signature);
    }

    /**
     * Opens, in place, the encrypted key of each RSA recipient that is a block of this key's size
     * below its modulus: stock then unpads each with the stand-in as it would have with the key (a
     * recipient of another key fails to unpad either way). False when the DER is no enveloped data
     * with an RSA recipient: stock's, with its own answer.
     */
    private static boolean openRecipientKeys(Call call, PrivateKeyOperations operations, byte[] der) {
        List<DerSlots.Slot> slots;
        try {
            slots = DerSlots.pkcs7EncryptedKeys(der);
        } catch (IllegalArgumentException | IndexOutOfBoundsException notEnvelopedData) {
            return false;
        }
        boolean opened = false;
        for (DerSlots.Slot slot : slots) {
            byte[] encrypted = slot.read(der);
            if (encrypted.length != operations.modulusBytes()) continue;
            try {
                slot.write(der, call.perform(() -> operations.decryptRaw(encrypted)));
                opened = true;
            } catch (RaiseException notBelowTheModulus) {
                // left as it is: stock refuses it with the stand-in as it would with the key
            }
        }
        return opened;
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
