package fastrsaengine.rsa;

import fastrsaengine.padding.DigestAlgorithm;
import fastrsaengine.padding.PublicKeyOperations;
import org.jruby.RubyHash;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.util.ByteList;

/**
 * verify (with or without options), verify_pss and verify_raw read into engine calls, for engines
 * whose public operation beats stock's. Each returns true or false as MRI does, or null to leave
 * the call to stock (arguments the engine does not take, which stock raises on or copes with).
 */
final class Verifying {
    private Verifying() {
    }

    /** verify(digest, signature, data [, options]): PKCS#1 v1.5, PSS with rsa_padding_mode: "pss", or ANSI X9.31 with "x931". */
    static Boolean verify(ThreadContext context, PublicKeyOperations key, IRubyObject[] args) {
        DigestAlgorithm digest = RubyArgs.digest(args[0]);
        byte[] signature = RubyArgs.byteArray(args[1]);
        ByteList data = RubyArgs.bytes(args[2]);
        IRubyObject options = args.length > 3 ? args[3] : context.nil;
        if (digest == null || signature == null || data == null) return null;
        if (options.isNil()) return key.verifyPkcs1(digest, signature, data.unsafeBytes(), data.begin(), data.realSize());
        return options instanceof RubyHash ? withOptions(context, key, digest, signature, data, (RubyHash) options, false) : null;
    }

    /**
     * verify_raw(digest, signature, hash [, options]): the hash as given, PKCS#1 v1.5, PSS or X9.31.
     * With a nil digest, as in MRI, the signature's PKCS#1 v1.5 block is the data itself.
     */
    static Boolean verifyRaw(ThreadContext context, PublicKeyOperations key, IRubyObject[] args) {
        if (args[0].isNil()) return withoutDigest(context, key, args);
        DigestAlgorithm digest = RubyArgs.digest(args[0]);
        byte[] signature = RubyArgs.byteArray(args[1]);
        ByteList hash = RubyArgs.bytes(args[2]);
        IRubyObject options = args.length > 3 ? args[3] : context.nil;
        if (digest == null || signature == null || hash == null || hash.realSize() != digest.length()) return null;
        if (options.isNil()) return key.verifyPkcs1Hash(digest, signature, hash.bytes());
        return options instanceof RubyHash ? withOptions(context, key, digest, signature, hash, (RubyHash) options, true) : null;
    }

    /** verify_pss(digest, signature, data, salt_length: :auto | :digest | :max | n, mgf1_hash: digest). */
    static Boolean verifyPss(ThreadContext context, PublicKeyOperations key, IRubyObject[] args) {
        DigestAlgorithm digest = RubyArgs.pssDigest(args[0]);
        byte[] signature = RubyArgs.byteArray(args[1]);
        ByteList data = RubyArgs.bytes(args[2]);
        if (digest == null || signature == null || data == null || args.length != 4 || !(args[3] instanceof RubyHash)) return null;
        RubyHash options = (RubyHash) args[3];
        SignatureOptions.Pss pss = SignatureOptions.pssKeywords(context, options, digest);
        Integer salt = pss.verifyingSalt(digest, key.maxPssSaltLength(digest));
        // Both keywords, as MRI requires them; without one, stock's answer.
        if (RubyArgs.option(context, options, "mgf1_hash", false).isNil() || pss.mgf1 == null || salt == null || options.size() != 2) return null;
        RubyArgs.refuseNilDigest(context, args[0]);
        return key.verifyPss(digest, pss.mgf1, salt, false, signature, data.unsafeBytes(), data.begin(), data.realSize());
    }

    /**
     * verify_raw(nil, signature, data [, options]): PKCS#1 v1.5 opens to exactly the data (stock reads
     * nil as SHA-256 and wants its DigestInfo); PSS, which needs a digest, verifies nothing, as in MRI.
     */
    private static Boolean withoutDigest(ThreadContext context, PublicKeyOperations key, IRubyObject[] args) {
        byte[] signature = RubyArgs.byteArray(args[1]);
        ByteList data = RubyArgs.bytes(args[2]);
        IRubyObject options = args.length > 3 ? args[3] : context.nil;
        if (signature == null || data == null || !(options.isNil() || options instanceof RubyHash)) return null;
        if (!options.isNil()) SignatureOptions.check(context, (RubyHash) options, null);
        String mode = options.isNil() ? "pkcs1" : SignatureOptions.mode(context, (RubyHash) options);
        if ("pkcs1".equals(mode)) return key.verifyPkcs1Block(signature, data.bytes());
        return "pss".equals(mode) ? Boolean.FALSE : null;
    }

    /** The rsa_padding_mode, rsa_pss_saltlen and rsa_mgf1_md options of verify and verify_raw. */
    private static Boolean withOptions(ThreadContext context, PublicKeyOperations key, DigestAlgorithm digest, byte[] signature,
                                       ByteList data, RubyHash options, boolean prehashed) {
        SignatureOptions.check(context, options, digest);
        String mode = SignatureOptions.mode(context, options);
        if (mode == null) return null;
        if (mode.equals("x931")) return key.verifyX931(digest, signature, hashOf(digest, data, prehashed));
        // A padding name OpenSSL does not know leaves PKCS#1 v1.5, in MRI and stock alike.
        if (!mode.equals("pss")) return key.verifyPkcs1Hash(digest, signature, hashOf(digest, data, prehashed));
        SignatureOptions.Pss pss = SignatureOptions.pssOptions(context, options, digest);
        Integer salt = pss.verifyingSalt(digest, key.maxPssSaltLength(digest));
        if (pss.mgf1 == null || salt == null) return null;
        return key.verifyPss(digest, pss.mgf1, salt, prehashed, signature, data.unsafeBytes(), data.begin(), data.realSize());
    }

    private static byte[] hashOf(DigestAlgorithm digest, ByteList data, boolean prehashed) {
        return prehashed ? data.bytes() : digest.hash(data.unsafeBytes(), data.begin(), data.realSize());
    }
}
