package fastrsaengine.ec;

import fastrsaengine.call.Errors;
import fastrsaengine.call.OpensslText;
import fastrsaengine.call.OptionPairs;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jruby.Ruby;
import org.jruby.RubyString;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * The options of OpenSSL::PKey.generate_key("EC", options), as MRI's OpenSSL 3.0 takes them: each
 * pair in order ({@link OptionPairs}) into an EC key generation context, whose control names
 * ("ec_paramgen_curve", "ec_param_enc") match in any case and whose parameters
 * (providers/implementations/keymgmt/ec_kmgmt.c, ec_gen_settable_params) match exactly, with a
 * "hex" prefix for hex; each value read from text as its type is. Then what EVP_PKEY_keygen checks
 * (ec_gen): a group name, known to OpenSSL; the encoding and point format names; the cofactor mode.
 */
final class EcKeygenOptions {
    /** OpenSSL 3.0's built-in curves (crypto/ec/ec_curve.c, curve_list), matched in any case. */
    private static final List<String> CURVES = Arrays.asList(
        "secp112r1", "secp112r2", "secp128r1", "secp128r2", "secp160k1", "secp160r1", "secp160r2", "secp192k1",
        "secp224k1", "secp224r1", "secp256k1", "secp384r1", "secp521r1", "prime192v1", "prime192v2", "prime192v3",
        "prime239v1", "prime239v2", "prime239v3", "prime256v1", "sect113r1", "sect113r2", "sect131r1", "sect131r2",
        "sect163k1", "sect163r1", "sect163r2", "sect193r1", "sect193r2", "sect233k1", "sect233r1", "sect239k1",
        "sect283k1", "sect283r1", "sect409k1", "sect409r1", "sect571k1", "sect571r1", "c2pnb163v1", "c2pnb163v2",
        "c2pnb163v3", "c2pnb176v1", "c2tnb191v1", "c2tnb191v2", "c2tnb191v3", "c2pnb208w1", "c2tnb239v1", "c2tnb239v2",
        "c2tnb239v3", "c2pnb272w1", "c2pnb304w1", "c2tnb359v1", "c2pnb368w1", "c2tnb431r1", "wap-wsg-idm-ecid-wtls1",
        "wap-wsg-idm-ecid-wtls3", "wap-wsg-idm-ecid-wtls4", "wap-wsg-idm-ecid-wtls5", "wap-wsg-idm-ecid-wtls6",
        "wap-wsg-idm-ecid-wtls7", "wap-wsg-idm-ecid-wtls8", "wap-wsg-idm-ecid-wtls9", "wap-wsg-idm-ecid-wtls10",
        "wap-wsg-idm-ecid-wtls11", "wap-wsg-idm-ecid-wtls12", "Oakley-EC2N-3", "Oakley-EC2N-4", "brainpoolP160r1",
        "brainpoolP160t1", "brainpoolP192r1", "brainpoolP192t1", "brainpoolP224r1", "brainpoolP224t1", "brainpoolP256r1",
        "brainpoolP256t1", "brainpoolP320r1", "brainpoolP320t1", "brainpoolP384r1", "brainpoolP384t1", "brainpoolP512r1",
        "brainpoolP512t1", "SM2");
    /** FIPS 186's names (crypto/ec/ec_support.c, nist_curves), matched exactly, before the list above. */
    private static final Map<String, String> NIST_NAMES = new HashMap<>();

    static {
        String[][] pairs = {{"B-163", "sect163r2"}, {"B-233", "sect233r1"}, {"B-283", "sect283r1"}, {"B-409", "sect409r1"},
            {"B-571", "sect571r1"}, {"K-163", "sect163k1"}, {"K-233", "sect233k1"}, {"K-283", "sect283k1"}, {"K-409", "sect409k1"},
            {"K-571", "sect571k1"}, {"P-192", "prime192v1"}, {"P-224", "secp224r1"}, {"P-256", "prime256v1"},
            {"P-384", "secp384r1"}, {"P-521", "secp521r1"}};
        for (String[] pair : pairs) NIST_NAMES.put(pair[0], pair[1]);
    }

    /** The encodings and point formats ossl_ec_encoding_name2id and ossl_ec_pt_format_name2id take, in any case. */
    private static final List<String> ENCODINGS = Arrays.asList("explicit", "named_curve");
    private static final List<String> POINT_FORMATS = Arrays.asList("uncompressed", "compressed", "hybrid");
    /** An int parameter's range. */
    private static final BigInteger INT_MIN = BigInteger.valueOf(Integer.MIN_VALUE);
    private static final BigInteger INT_MAX = BigInteger.valueOf(Integer.MAX_VALUE);

    private String group;
    private String encoding;
    private String pointFormat;
    private String fieldType;
    /** The key's cofactor ECDH mode: -1 (the curve's default), 0 or 1; OpenSSL refuses others as it generates. */
    private int cofactorMode = -1;

    private EcKeygenOptions() {
    }

    /**
     * [curve name] for EC.generate: OpenSSL's name of the curve MRI's generate_key makes a key of,
     * with MRI's errors; nil for a curve given by its explicit parameters (a field type and no
     * group), which stays stock's. The key is named and its point uncompressed whatever the encoding
     * and point format (DIFFERENCES.md: generate-key-ec): jruby-openssl writes no other form.
     */
    static IRubyObject generateArguments(ThreadContext context, IRubyObject options) {
        EcKeygenOptions read = new EcKeygenOptions();
        OptionPairs.apply(context, options, (name, value) -> read.control(context.runtime, name, value));
        Ruby runtime = context.runtime;
        if (read.group == null && read.fieldType != null) return context.nil;
        if (read.group == null) throw Errors.pkeyError(runtime, "EVP_PKEY_keygen");
        String curve = curveName(read.group);
        if (curve == null) throw Errors.keygenFailure(runtime, "invalid curve");
        if (!known(ENCODINGS, read.encoding) || !known(POINT_FORMATS, read.pointFormat)) throw Errors.keygenFailure(runtime, "invalid form");
        if (read.cofactorMode < -1 || read.cofactorMode > 1) throw Errors.pkeyError(runtime, "EVP_PKEY_keygen");
        return runtime.newArray(runtime.newString(curve));
    }

    /** ossl_ec_curve_name2nid, as the curve's short name: a FIPS name exactly, else a built-in curve's in any case. */
    private static String curveName(String name) {
        if (NIST_NAMES.containsKey(name)) return NIST_NAMES.get(name);
        for (String curve : CURVES) {
            if (curve.equalsIgnoreCase(name)) return curve;
        }
        return null;
    }

    private static boolean known(List<String> names, String name) {
        return name == null || names.stream().anyMatch(name::equalsIgnoreCase);
    }

    private void control(Ruby runtime, RubyString name, RubyString value) {
        switch (name.asJavaString().toLowerCase(Locale.ROOT)) {
            case "ec_paramgen_curve": group = value.asJavaString(); return;
            case "ec_param_enc": encoding = value.asJavaString(); return;
            default: parameter(runtime, name, value);
        }
    }

    /** The EC key generator's parameters by name; those of explicit curves are read, and ignored beside a group. */
    private void parameter(Ruby runtime, RubyString name, RubyString value) {
        String parameter = name.asJavaString();
        boolean hex = parameter.startsWith("hex");
        switch (hex ? parameter.substring(3) : parameter) {
            case "group": group = utf8(runtime, name, value, hex); return;
            case "encoding": encoding = utf8(runtime, name, value, hex); return;
            case "point-format": pointFormat = utf8(runtime, name, value, hex); return;
            case "field-type": fieldType = utf8(runtime, name, value, hex); return;
            case "use-cofactor-flag": cofactorMode = integer(runtime, name, value, hex); return;
            case "p": case "a": case "b": case "order": case "cofactor": bignum(runtime, name, value, hex); return;
            case "generator": case "seed": octets(runtime, name, value, hex); return;
            default: throw Errors.refusedOption(runtime, name, value, "command not supported");
        }
    }

    /** A UTF-8 string parameter: its text; OpenSSL 3.0 takes none in hex. */
    private static String utf8(Ruby runtime, RubyString name, RubyString value, boolean hex) {
        if (hex) throw Errors.refusedOption(runtime, name, value, "passed invalid argument");
        return value.asJavaString();
    }

    /** An int parameter: a signed number that fits 32 bits. */
    private static int integer(Ruby runtime, RubyString name, RubyString value, boolean hex) {
        BigInteger number = OpensslText.signed(value.asJavaString(), hex);
        if (number == null) throw Errors.refusedOption(runtime, name, value, null);
        if (number.compareTo(INT_MIN) < 0 || number.compareTo(INT_MAX) > 0) throw Errors.refusedOption(runtime, name, value, "too small buffer");
        return number.intValue();
    }

    private static void bignum(Ruby runtime, RubyString name, RubyString value, boolean hex) {
        try {
            OpensslText.bignum(value.asJavaString(), hex);
        } catch (OpensslText.Refused refused) {
            throw Errors.refusedOption(runtime, name, value, refused.reason);
        }
    }

    /** An octet string parameter: the text's bytes, or hex; OpenSSL allocates none for no bytes. */
    private static void octets(Ruby runtime, RubyString name, RubyString value, boolean hex) {
        try {
            int length = hex ? OpensslText.hexBytes(value.asJavaString()).length : value.getByteList().length();
            if (length == 0) throw Errors.refusedOption(runtime, name, value, "malloc failure");
        } catch (OpensslText.Refused refused) {
            throw Errors.refusedOption(runtime, name, value, refused.reason);
        }
    }
}
