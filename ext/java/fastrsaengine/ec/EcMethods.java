package fastrsaengine.ec;

import fastrsaengine.call.Call;
import fastrsaengine.call.DigestArgument;
import fastrsaengine.call.Errors;
import fastrsaengine.call.EcKeyStates;
import fastrsaengine.call.Stats.Outcome;
import fastrsaengine.engines.ec.EcEngine;
import fastrsaengine.engines.ec.EcSignatures;
import fastrsaengine.engines.ec.PreparedEcKey;
import fastrsaengine.engines.ec.PreparedEcPublicKey;
import fastrsaengine.padding.DigestAlgorithm;
import java.security.spec.ECPoint;
import java.util.function.Supplier;
import org.jruby.RubyArray;
import org.jruby.RubyString;
import org.jruby.anno.JRubyMethod;
import org.jruby.ext.openssl.Digest;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.util.ByteList;

/**
 * FastRsaEngine::EcMethods: the engine side of each patched method of OpenSSL::PKey::EC, as
 * RsaMethods is RSA's. The Ruby shim defines each as {@code EcMethods.<name>(self, args) { super }}
 * for the methods stock has. Each runs the plain, well-formed case through the EC engine of the
 * backend the call started with, and yields everything else to stock: any other argument, a curve
 * the engine lacks, a signature with r or s out of range, a point not on the key's curve, and every
 * call while the backend has no EC engine (stock, GMP). Two inputs never reach stock, on any backend,
 * where stock answers what MRI refuses: a signature not in strict DER, and a peer point MRI holds at
 * infinity. Stats and errors name the methods "ec_" and the method.
 */
public final class EcMethods {
    private EcMethods() {
    }

    /** sign(digest, data): ECDSA of the digest of data. */
    @JRubyMethod(name = "sign", module = true)
    public static IRubyObject sign(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return signing(Call.start(context, module, "ec_sign", stock), self, args, 2, (key, a) -> {
            DigestAlgorithm digest = EcArgs.digest(a[0]);
            ByteList data = EcArgs.bytes(a[1]);
            return digest == null || data == null ? null : digest.hash(data.unsafeBytes(), data.begin(), data.realSize());
        });
    }

    /** dsa_sign_asn1(hash): ECDSA of the bytes as given. */
    @JRubyMethod(name = "dsa_sign_asn1", module = true)
    public static IRubyObject dsaSignAsn1(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return signing(Call.start(context, module, "ec_dsa_sign_asn1", stock), self, args, 1, (key, a) -> EcArgs.byteArray(a[0]));
    }

    /**
     * sign_raw(digest, hash): stock ignores the digest, MRI's OpenSSL refuses a hash of another length;
     * the engine takes nil, or a digest the hash is as long as.
     */
    @JRubyMethod(name = "sign_raw", module = true)
    public static IRubyObject signRaw(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return signing(Call.start(context, module, "ec_sign_raw", stock), self, args, 2, (key, a) -> rawHash(a[0], a[1]));
    }

    /** verify(digest, signature, data). */
    @JRubyMethod(name = "verify", module = true)
    public static IRubyObject verify(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return verification(Call.start(context, module, "ec_verify", stock), self, args, 3, 1, a -> {
            DigestAlgorithm digest = EcArgs.digest(a[0]);
            ByteList data = EcArgs.bytes(a[2]);
            return digest == null || data == null ? null : () -> digest.hash(data.unsafeBytes(), data.begin(), data.realSize());
        });
    }

    /** dsa_verify_asn1(hash, signature). */
    @JRubyMethod(name = "dsa_verify_asn1", module = true)
    public static IRubyObject dsaVerifyAsn1(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return verification(Call.start(context, module, "ec_dsa_verify_asn1", stock), self, args, 2, 1, a -> given(EcArgs.byteArray(a[0])));
    }

    /**
     * verify_raw(digest, signature, hash): the digest as sign_raw reads it, by any name OpenSSL gives it;
     * a hash of another length than the digest's does not verify (MRI: false; stock ignores the digest).
     * A name OpenSSL does not know, one with a NUL byte, or a digest of another type (a Symbol), is refused first, on every
     * backend, as MRI looks it up before anything else: stock, ignoring it, would take a signature
     * not in DER too (DIFFERENCES.md: ec-raw-digest-length).
     */
    @JRubyMethod(name = "verify_raw", module = true)
    public static IRubyObject verifyRaw(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        Call call = Call.start(context, module, "ec_verify_raw", stock);
        IRubyObject[] a = arguments(args, 3);
        if (a != null) DigestArgument.check(context, a[0]);
        // Every backend (stock's arithmetic ignores the digest: its true would be a yes OpenSSL never gives).
        if (a != null && a[1] instanceof RubyString && hashOfAnotherLength(a[0], a[2])) return call.verdict(false);
        return verification(call, self, args, 3, 1, arguments -> given(rawHash(arguments[0], arguments[2])));
    }

    /**
     * dh_compute_key(point): ECDH with a point of the key's curve. A point MRI holds at infinity is
     * refused first, on every backend, as MRI refuses it before it looks at the key: stock would give
     * the x of the key's own point for Point.new(group), its generator (EcPoints; DIFFERENCES.md:
     * ec-peer-at-infinity).
     */
    @JRubyMethod(name = "dh_compute_key", module = true)
    public static IRubyObject dhComputeKey(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        IRubyObject[] a = arguments(args, 1);
        if (a != null && EcArgs.atInfinity(context, a[0])) throw Errors.functionFailed(context.runtime, "EVP_PKEY_derive_set_peer", "point at infinity");
        return agreement(Call.start(context, module, "ec_dh_compute_key", stock), self, args, (key, peer) -> EcArgs.point(context, peer, key.curve));
    }

    /** derive(peer_key): ECDH with another EC key's public point, on the same curve. */
    @JRubyMethod(name = "derive", module = true)
    public static IRubyObject derive(ThreadContext context, IRubyObject module, IRubyObject self, IRubyObject args, Block stock) {
        return agreement(Call.start(context, module, "ec_derive", stock), self, args, (key, peer) -> {
            EcKeyStates.Peer point = EcKeyStates.peerOf(peer);
            return point != null && point.curve == key.curve ? point.point : null;
        });
    }

    /** How a signing method's arguments become the hash to sign, or null for stock. */
    private interface HashReader {
        byte[] read(EcKeyStates.Prepared<PreparedEcKey> key, IRubyObject[] args);
    }

    private static IRubyObject signing(Call call, IRubyObject self, IRubyObject args, int count, HashReader reader) {
        IRubyObject[] a = arguments(args, count);
        EcEngine engine = call.ecEngine();
        if (engine == null || a == null) return engineNotAsked(call);
        EcKeyStates.Prepared<PreparedEcKey> key = EcKeyStates.privateKey(engine, self);
        if (key == null) return call.stock(Outcome.KEY_DECLINED);
        byte[] hash = read(call, () -> reader.read(key, a));
        return hash == null ? call.stock(Outcome.OPTION_NOT_TAKEN) : call.engine(() -> key.key.signHash(hash));
    }

    /**
     * How a verification's arguments become the hash it checks: null where the engine does not take
     * them (stock's), else the hash, computed only if the engine verifies.
     */
    private interface VerifiedHash {
        Supplier<byte[]> read(IRubyObject[] args);
    }

    /** A hash given as it is, or null. */
    private static Supplier<byte[]> given(byte[] hash) {
        return hash == null ? null : () -> hash;
    }

    /**
     * A verification with the signature at {@code signatureAt}: the engine's for a strict DER
     * signature with r and s in range. Arguments MRI reads as the engine does, with a signature not in
     * strict DER, raise MRI's error for the method on every backend: stock reads BER, bytes after the
     * signature, a third INTEGER, a negative one, and may answer true, where OpenSSL refuses them
     * (DIFFERENCES.md: ec-signature-not-der). Other arguments are stock's to refuse first, as MRI does.
     */
    private static IRubyObject verification(Call call, IRubyObject self, IRubyObject args, int count, int signatureAt, VerifiedHash reader) {
        IRubyObject[] a = arguments(args, count);
        Supplier<byte[]> hash = a == null ? null : read(call, () -> reader.read(a));
        byte[] signature = hash == null ? null : EcArgs.byteArray(a[signatureAt]);
        if (signature != null && EcSignatures.read(signature) == null) throw Errors.mriFailure(call.context.runtime, call.method);
        EcEngine engine = call.ecEngine();
        if (engine == null || a == null) return engineNotAsked(call);
        EcKeyStates.Prepared<PreparedEcPublicKey> key = EcKeyStates.publicKey(engine, self);
        if (key == null) return call.stock(Outcome.KEY_DECLINED);
        if (signature == null || EcSignatures.decode(key.curve, signature) == null) return call.stock(Outcome.OPTION_NOT_TAKEN);
        return call.verdict(read(call, () -> key.key.verifyHash(hash.get(), signature)));
    }

    /** How an agreement's argument becomes the peer's point, checked on the key's curve, or null for stock. */
    private interface PeerReader {
        ECPoint read(EcKeyStates.Prepared<PreparedEcKey> key, IRubyObject peer);
    }

    private static IRubyObject agreement(Call call, IRubyObject self, IRubyObject args, PeerReader reader) {
        IRubyObject[] a = arguments(args, 1);
        EcEngine engine = call.ecEngine();
        if (engine == null || a == null) return engineNotAsked(call);
        EcKeyStates.Prepared<PreparedEcKey> key = EcKeyStates.privateKey(engine, self);
        if (key == null) return call.stock(Outcome.KEY_DECLINED);
        ECPoint peer = read(call, () -> reader.read(key, a[0]));
        return peer == null ? call.stock(Outcome.OPTION_NOT_TAKEN) : call.engine(() -> key.key.agree(peer));
    }

    /** sign_raw's and verify_raw's hash: the bytes, with a nil digest or one of their length. */
    private static byte[] rawHash(IRubyObject digestArgument, IRubyObject hashArgument) {
        byte[] hash = EcArgs.byteArray(hashArgument);
        if (hash == null || digestArgument.isNil()) return hash;
        DigestAlgorithm digest = EcArgs.rawDigest(digestArgument);
        return digest != null && digest.length() == hash.length ? hash : null;
    }

    /** Whether the raw methods' digest is one OpenSSL names and the hash is not of its length. */
    private static boolean hashOfAnotherLength(IRubyObject digestArgument, IRubyObject hashArgument) {
        DigestAlgorithm digest = digestArgument.isNil() ? null : EcArgs.rawDigest(digestArgument);
        ByteList hash = EcArgs.bytes(hashArgument);
        return digest != null && hash != null && digest.length() != hash.realSize();
    }

    /** Stock's answer when the engine cannot be asked: the backend is stock, has no EC, or the argument count is not the method's. */
    private static IRubyObject engineNotAsked(Call call) {
        return call.stock(call.ecEngine() == null ? Outcome.KEY_DECLINED : Outcome.OPTION_NOT_TAKEN);
    }

    /** The arguments, or null when their count is not the method's: stock raises its ArgumentError. */
    private static IRubyObject[] arguments(IRubyObject args, int count) {
        IRubyObject[] a = ((RubyArray<?>) args).toJavaArray();
        return a.length == count ? a : null;
    }

    /** Reading arguments and verifying raise only Ruby errors, whatever they hold. */
    private static <T> T read(Call call, Supplier<T> reader) {
        try {
            return reader.get();
        } catch (RuntimeException e) {
            throw call.failure(e);
        }
    }
}
