package fastrsaengine.rsa;

import fastrsaengine.call.Errors;
import fastrsaengine.call.OpensslText;
import fastrsaengine.call.OptionPairs;
import java.math.BigInteger;
import java.util.Locale;
import org.jruby.Ruby;
import org.jruby.RubyBignum;
import org.jruby.RubyString;
import org.jruby.exceptions.RaiseException;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The options of OpenSSL::PKey.generate_key("RSA", options), as MRI's OpenSSL 3.0 takes them: each
 * pair in order ({@link OptionPairs}) into an RSA key generation context, whose control names match
 * in any case and whose parameters ("bits", "e", "primes", with a "hex" prefix for hex) match
 * exactly; then the checks EVP_PKEY_keygen makes before it generates (crypto/rsa/rsa_gen.c), in
 * its order. OpenSSL keeps the size as a size_t and generates with it cast to an int.
 */
final class RsaKeygenOptions {
    /** OpenSSL's smallest RSA key (RSA_MIN_MODULUS_BITS). */
    static final int MIN_BITS = 512;
    /** OpenSSL's default size and exponent (RSA_DEFAULT_PRIME_NUM primes). */
    private static final int DEFAULT_BITS = 2048;
    static final BigInteger F4 = BigInteger.valueOf(65537);
    private static final int TWO_PRIMES = 2;

    private BigInteger bits = BigInteger.valueOf(DEFAULT_BITS);
    private BigInteger e = F4;
    private BigInteger primes = BigInteger.valueOf(TWO_PRIMES);

    private RsaKeygenOptions() {
    }

    /**
     * [bits, e] for RSA.generate: the key MRI's generate_key makes for these options; nil for a
     * multi-prime key, which jruby-openssl cannot hold (stock's answer then). MRI's errors raise.
     */
    static IRubyObject generateArguments(ThreadContext context, IRubyObject options) {
        RsaKeygenOptions read = new RsaKeygenOptions();
        OptionPairs.apply(context, options, (name, value) -> read.control(context.runtime, name, value));
        int size = read.bits.intValue();
        checkKeygen(context.runtime, size, read.e);
        int primeCount = read.primes.intValue();
        if (primeCount < TWO_PRIMES || primeCount > maxPrimes(size)) throw Errors.keygenFailure(context.runtime, "key prime num invalid");
        if (primeCount != TWO_PRIMES) return context.nil;
        return context.runtime.newArray(context.runtime.newFixnum(size), RubyBignum.bignorm(context.runtime, read.e));
    }

    /** EVP_PKEY_keygen's checks of the size and exponent, before it searches for primes. */
    static void checkKeygen(Ruby runtime, int bits, BigInteger e) {
        if (bits < MIN_BITS) throw Errors.keygenFailure(runtime, "key size too small");
        if (!e.testBit(0) || e.bitLength() <= 1) throw exponentOutOfRange(runtime);
    }

    static RaiseException exponentOutOfRange(Ruby runtime) {
        return Errors.keygenFailure(runtime, "pub exponent out of range");
    }

    /** The setting's own check of a size: OpenSSL refuses one below {@value #MIN_BITS} as it is set. */
    static void checkSize(Ruby runtime, RubyString name, RubyString value, BigInteger bits) {
        if (bits.compareTo(BigInteger.valueOf(MIN_BITS)) < 0) throw Errors.refusedOption(runtime, name, value, "key size too small");
    }

    /** ossl_rsa_multip_cap: how many primes a key of this size may have. */
    private static int maxPrimes(int bits) {
        if (bits < 1024) return 2;
        if (bits < 4096) return 3;
        return bits < 8192 ? 4 : 5;
    }

    private void control(Ruby runtime, RubyString name, RubyString value) {
        switch (name.asJavaString().toLowerCase(Locale.ROOT)) {
            case "rsa_keygen_bits": bits = size(runtime, name, value, false); return;
            case "rsa_keygen_pubexp": e = number(runtime, name, value, false, true); return;
            case "rsa_keygen_primes": primes = number(runtime, name, value, false, false); return;
            default: parameter(runtime, name, value);
        }
    }

    /** The RSA key generator's parameters (providers/implementations/keymgmt/rsa_kmgmt.c) by name. */
    private void parameter(Ruby runtime, RubyString name, RubyString value) {
        String parameter = name.asJavaString();
        boolean hex = parameter.startsWith("hex");
        switch (hex ? parameter.substring(3) : parameter) {
            case "bits": bits = size(runtime, name, value, hex); return;
            case "e": e = number(runtime, name, value, hex, true); return;
            case "primes": primes = number(runtime, name, value, hex, false); return;
            default: throw Errors.refusedOption(runtime, name, value, "command not supported");
        }
    }

    private static BigInteger size(Ruby runtime, RubyString name, RubyString value, boolean hex) {
        BigInteger size = number(runtime, name, value, hex, false);
        checkSize(runtime, name, value, size);
        return size;
    }

    /** A BIGNUM parameter (the exponent) or a size_t one (the size, the prime count). */
    private static BigInteger number(Ruby runtime, RubyString name, RubyString value, boolean hex, boolean bignum) {
        try {
            return bignum ? OpensslText.bignum(value.asJavaString(), hex) : OpensslText.sizeT(value.asJavaString(), hex);
        } catch (OpensslText.Refused refused) {
            throw Errors.refusedOption(runtime, name, value, refused.reason);
        }
    }
}
