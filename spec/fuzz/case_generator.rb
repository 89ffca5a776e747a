# frozen_string_literal: true

module Fuzz
  # Draws cases from a seed: the same seed gives the same cases. Patched methods draw their
  # arguments from the vocabulary below (see PATCHED_METHODS), each piece mostly well-formed and
  # sometimes odd; then one case in five is mutated (a wrong type, a frozen String, an argument
  # more or less). REACHES are the further kinds of input, each aimed at a class of defect; all
  # are drawn unless left out (`without:`).
  class CaseGenerator
    include EcVocabulary

    REACHES = {
      frozen_receivers: "the receiver frozen: the key itself, or a frozen dup of it",
      misnamed_digests: "OpenSSL::Digest subclasses whose #name answers another digest's name, or raises",
      concurrency: "another thread switching FastRsaEngine.backend, or calling set_key, during the call (Fuzz::Disturbance)",
      openssl_names: "OpenSSL's aliases of digest and padding names in options (and a digest option), odd option keys, NUL bytes",
      key_generation: "RSA.new and OpenSSL::PKey.generate_key beside RSA.generate, and sizes of 1 to 64 bits",
      structure_arguments: "the structure methods' other arguments bad: certificates never signed, of another key or none, " \
                           "every digest OpenSSL names and some it lacks, data no String, certificate lists no list, odd flags, " \
                           "envelopes of another key or none",
      key_loading: "RSA.new given keys of other types (EC, DSA, Ed25519, Ed448, X25519, DH, RSA-PSS) and malformed PEM and DER, " \
                   "with and without a pass phrase (Fuzz::KeyLoading)",
      forged_envelopes: "PKCS7#decrypt of envelopes written byte by byte (Fuzz::Envelopes): key blocks of k and k - 1 bytes, " \
                        "padded or not, AES, DES-EDE3, RC2 and unknown cipher OIDs, one and two recipients, with and without " \
                        "the certificate; answered as MRI, and no more distinct errors to forgeries than MRI (Fuzz::ForgeryMessages)",
      backend_at_require: "cases also run in a process that required the gem with FAST_RSA_ENGINE=stock, " \
                          "beside FastRsaEngine.backend = :stock at run time (Fuzz::Reference.at_require)",
      signature_encodings: "EC signatures that verify written in forms that are not DER (bytes after them, twice, " \
                           "SEQUENCE{r, s, 1}, long lengths, needless zeros): answered as MRI where an EC engine verifies",
      ec_edges: "EC's edges answered as MRI: dh_compute_key of Point.new(group), OCSP::BasicResponse#sign with " \
                "OCSP::RESPID_KEY and an EC key, a CRL with no issuer signed with an EC key",
      jca_provider: "the JCA provider against the JDK's own in the same JVM: Signature and Cipher objects driven on " \
                    "after errors (Fuzz::JcaCalls)",
      mime_texts: "PKCS7#verify with PKCS7::TEXT of content whose MIME headers are drawn (Fuzz::MimeTexts): " \
                  "read, refused and handed on as text as MRI does, before the signatures",
      split: "calls made with the split off (FastRsaEngine.split = :off) beside the rest, with it on: the same answers; " \
             "2048-bit keys with CRT numbers, which it takes, the prime q above p among them (Garner's other order)"
    }.freeze
    DIGESTS = %w[SHA256 SHA1 SHA224 SHA384 SHA512 MD5 RIPEMD160].freeze
    ODD_DIGESTS = ["SHA3-256", "SHA512-256", "SHA-256", "sha-1", "FOO", ""].freeze
    # Every digest OpenSSL 3 names, for the structure methods: what jruby-openssl lacks goes to stock.
    STRUCTURE_DIGESTS = (DIGESTS + %w[SHA3-224 SHA3-256 SHA3-384 SHA3-512 SHA512-224 SHA512-256 BLAKE2b512 BLAKE2s256
                                      SHAKE128 SHAKE256 SM3 MD5-SHA1 MD4 DSS1]).freeze
    # The digests the engine signs structures with, for every key (EC's ECDSA algorithms are defined for these alone).
    ENGINE_STRUCTURE_DIGESTS = %w[SHA256 SHA1 SHA224 SHA384 SHA512].freeze
    PADDINGS = [1, 1, 1, 3, 3, 4, 4, 2, nil, -1, 0, 5, 6, 99, 2**31, 2**32 + 1, 2**64, "1", 1.0].freeze
    # Key sizes and exponents, small enough for MRI and stock to answer within the time bound.
    KEY_SIZES = [512, 512, 768, 1024, 1024, 1023, 1001, 513, 1000, 511, 256, 64, 0, -1, -1024, 2**31, 2**32 + 1024, 2**64, "1024", nil, 1024.0].freeze
    EXPONENTS = [3, 3, 17, 65_537, 65_537, 1, 0, -1, -3, 2, 4, 65_536, 2**31 - 1, 2**32 + 1, 2**64 + 1, "3", nil, 3.0].freeze
    WRONG_TYPES = [nil, 42, -1, 2**70, 1.5, true, "text", [], ["x"], Value.symbol(:x), Value.hash({})].freeze

    def initialize(seed, methods: PATCHED_METHODS.values.select(&:callable?).map(&:name), keys: KeyCorpus.names, without: [])
      raise ArgumentError, "unknown reaches: #{without - REACHES.keys}" unless (without - REACHES.keys).empty?

      @random = Random.new(seed)
      @reaches = REACHES.keys - without
      @methods = reach?(:key_generation) ? methods : methods - %w[new generate_key]
      @methods -= %w[load] unless reach?(:key_loading)
      @methods -= %w[jca] unless reach?(:jca_provider)
      @sound_keys = keys & KeyCorpus.sound.keys
      @crafted_keys = keys - @sound_keys - EcKeyCorpus.names
      @ec_sound_keys = keys & EcKeyCorpus::SOUND.keys
      @ec_crafted_keys = keys & EcKeyCorpus::CRAFTED.keys
      # A method on keys of a kind none of which is drawn (`keys:`) is not drawn either.
      @methods = @methods.select { |name| (method = PATCHED_METHODS.fetch(name)).class_method? || receiver_keys(method).flatten.any? }
    end

    def cases(count)
      Array.new(count) { next_case }
    end

    def next_case
      method = PATCHED_METHODS.fetch(pick(@methods))
      @key = method.class_method? ? nil : receiver_key(method)
      @as_mri = nil # set by the vocabulary that draws a case to answer as MRI
      @whole = false # set where the arguments are drawn whole, not to be mutated (an envelope written for its key)
      args, keywords = method.arguments.call(self)
      return Case.new(method.name, nil, args) if method.output == :jca # judged alone: no mutation, no disturbance

      args, keywords = mutate(args, keywords) if @as_mri.nil? && !@whole && @random.rand < 0.2
      kase = Case.new(method.name, @key, args, keywords, (frozen if @key), disturbance, nil, @as_mri)
      kase.required = at_require(kase)
      kase.split = ("off" if reach?(:split) && @random.rand < 0.3)
      kase
    end

    # The backend a process chose at require for the case, sometimes (FAST_RSA_ENGINE=stock; not
    # where stock never returns: that process would wait out the bound, then start again): a
    # quarter of the structure methods' cases, which a backend chosen at require may leave to stock
    # unrouted, and a twentieth of the others'.
    def at_require(kase)
      share = PATCHED_METHODS.fetch(kase.method).class_receiver == "Fuzz::StructureCalls" ? 0.25 : 0.05
      "stock" if reach?(:backend_at_require) && @random.rand < share && !DocumentedDifferences.stock_never_returns?(kase)
    end

    # The keys a method is called on: RSA's or EC's, sound and crafted.
    def receiver_keys(method)
      method.ec? ? [@ec_sound_keys, @ec_crafted_keys] : [@sound_keys, @crafted_keys]
    end

    # A key for the method: a sound one 40% of the time for RSA (most of its crafted keys reach the
    # engine), 60% for EC (its odd keys go to stock).
    def receiver_key(method)
      sound, crafted = receiver_keys(method)
      pick(crafted.empty? || (sound.any? && @random.rand < (method.ec? ? 0.6 : 0.4)) ? sound : crafted)
    end

    # --- the vocabulary of PATCHED_METHODS (OpenSSL::PKey::EC's: EcVocabulary)

    def reach?(name)
      @reaches.include?(name)
    end

    def pick(*choices)
      choices = choices.first if choices.size == 1 && choices.first.is_a?(Array)
      choices[@random.rand(choices.size)]
    end

    def optional
      @random.rand < 0.6 ? [yield] : []
    end

    def rarely
      @random.rand < 0.1 ? [yield] : []
    end

    def digest
      name = pick(DIGESTS)
      case @random.rand(10)
      when 0..4 then name
      when 5 then pick(name.downcase, name.capitalize)
      when 6 then Value.symbol(name.downcase)
      when 7 then digest_object
      when 8 then pick(reach?(:openssl_names) ? ODD_DIGESTS + OpenSslNames::OTHER_DIGESTS + OpenSslNames::DIGEST_ALIASES.values.flatten : ODD_DIGESTS)
      else pick(nil, 5)
      end
    end

    # An OpenSSL::Digest; sometimes of a subclass whose #name answers another digest's name, or raises.
    def digest_object
      algorithm = pick(DIGESTS - ["RIPEMD160"])
      return Value.digest_object(algorithm) unless reach?(:misnamed_digests) && @random.rand < 0.4

      Value.digest_named(algorithm, pick(*(DIGESTS - [algorithm]), nil))
    end

    def digest_or_nil
      @random.rand < 0.1 ? nil : digest
    end

    # Data to sign: any length.
    def message
      Value.bytes(@random.bytes(pick(0, 1, 3, 32, 100, 1000)))
    end

    # A hash as sign_raw takes it: mostly the digest's length, sometimes not.
    def hash_of(digest)
      name = digest && Pkcs1.digest_name(Value.decode(digest))
      return Value.bytes(@random.bytes(pick(0, 16, 20, 32, 48, 64, k - 11, k))) if name.nil? || @random.rand < 0.15

      Value.bytes(Pkcs1.digest(name, @random.bytes(8)))
    end

    # Bytes for a cipher: lengths around k, zero and all-ones blocks, n - 1, n, n + 1.
    def block
      case @random.rand(8)
      when 0..2 then Value.bytes(@random.bytes(pick(0, 1, 2, 16, *(k - 12..k + 2), 2 * k)))
      when 3 then Value.bytes("\x00".b * k)
      when 4 then Value.bytes("\xFF".b * k)
      when 5 then Value.bytes(Pkcs1.bytes(numbers[:n] + pick(-1, 0, 1), k))
      when 6 then Value.bytes("\x00".b + @random.bytes(k - 1))
      else Value.bytes(@random.bytes(pick(k - 11, k)))
      end
    end

    def padding
      pick(PADDINGS)
    end

    # rsa_padding_mode and friends, as sign, sign_raw and verify take them.
    def sign_options(digest)
      entries = [["rsa_padding_mode", padding_option(pick("pss", "pss", "pkcs1", "none"))]]
      entries << ["rsa_pss_saltlen", pick(-3, -2, -1, 0, 20, 32, k, 2**31, 2**32 + 20, "20", Value.symbol(:max))] if @random.rand < 0.6
      entries << ["rsa_mgf1_md", pick(digest, *DIGESTS, "FOO")] if @random.rand < 0.3
      options(entries)
    end

    # A digest's name in an option: mostly as OpenSSL spells it; else one of its aliases, or another digest.
    def digest_option(name)
      return spelled(name) unless reach?(:openssl_names) && @random.rand < 0.4

      @random.rand < 0.8 ? pick(OpenSslNames::DIGEST_ALIASES.fetch(name)) : pick(OpenSslNames::OTHER_DIGESTS)
    end

    # A padding mode's name in an option: mostly as OpenSSL spells it; else an alias, or another mode.
    def padding_option(mode)
      return spelled(mode) unless reach?(:openssl_names) && @random.rand < 0.3

      @random.rand < 0.7 ? pick(OpenSslNames::PADDING_ALIASES.fetch(mode)) : pick(OpenSslNames::OTHER_PADDINGS)
    end

    def pss_keywords(digest)
      entries = []
      entries << [Value.symbol(:salt_length), pick(*%i[digest max auto bogus].map { |s| Value.symbol(s) }, -3, -2, -1, 0, 20, k, 2**31, 2**32 + 20, 2**64, "20")] if @random.rand < 0.9
      entries << [Value.symbol(:mgf1_hash), pick(digest, digest, self.digest)] if @random.rand < 0.9
      entries << [Value.symbol(:foo), 1] if @random.rand < 0.05
      Value.hash(entries)
    end

    # A key of the corpus as an argument (the structure methods'): mostly a sound one.
    # A structure method's key: RSA's, and a third of the time EC's (which the engine signs every
    # structure with too), sound 70% of the time.
    def key_argument
      ec = @ec_sound_keys.any? && (@sound_keys.empty? || @random.rand < 0.3)
      sound, crafted = ec ? [@ec_sound_keys, @ec_crafted_keys] : [@sound_keys, @crafted_keys]
      Value.key(pick(crafted.empty? || @random.rand < 0.7 ? sound : crafted))
    end

    # A signer's certificate argument: mostly the key's own; else one never signed, another
    # key's, or no certificate at all.
    def signer
      return Value.certificate("own") if !reach?(:structure_arguments) || @random.rand < 0.7

      pick(Value.certificate("unsigned"), Value.certificate("other"), nil, "text", Value.key(pick(*(@sound_keys.empty? ? @ec_sound_keys : @sound_keys))))
    end

    # A verification's arguments (StructureCalls#certificate_verify and its kind): the key drawn, the
    # signer (the RSA issuer, one of e = 3, or an EC key of a curve the engine takes), the digest, the check.
    def verify_arguments
      signers = [StructureCalls::ISSUER, StructureCalls::OTHER, *(@ec_sound_keys & %w[ec_p256 ec_p384 ec_p521])]
      [[key_argument, Value.key(pick(signers)), pick(StructureCalls::VERIFY_DIGESTS), pick(StructureCalls::VERIFY_CHECKS)], nil]
    end

    # OCSP::BasicResponse#verify's (StructureCalls#ocsp_verify): the key drawn, a signer as the
    # verifications draw one, the digest, the check.
    def ocsp_verify_arguments
      key, signer, digest, = verify_arguments.first
      [[key, signer, digest, pick(StructureCalls::OCSP_CHECKS)], nil]
    end

    # A chain's keys (the leaf's drawn, the intermediate's a signer), digest and mutation (StructureCalls#store_context_verify).
    def store_context_verify_arguments
      key, signer, digest, = verify_arguments.first
      [[key, signer, digest, pick(StructureCalls::CHAIN_CHECKS)], nil]
    end

    # What PKCS7#verify checks (StructureCalls#pkcs7_verify): one of its checks, or drawn content read as text.
    def pkcs7_check
      return pick(StructureCalls::PKCS7_CHECKS) unless reach?(:mime_texts) && @random.rand < 0.3

      @as_mri = "message" # stock's text reading hands on nothing and refuses nothing: no excuse
      "text #{pick(StructureCalls::TEXT_CALLS)} #{MimeTexts.draw(@random).unpack1("H*")}"
    end

    # A structure's digest: a digest as the RSA methods draw it, or any OpenSSL names (DSS1 it has no more).
    def structure_digest
      return digest unless reach?(:structure_arguments) && @random.rand < 0.3

      name = pick(STRUCTURE_DIGESTS)
      @random.rand < 0.1 ? Value.digest_object(name) : name
    end

    # RSA.new's arguments for a key to load (Fuzz::KeyLoading).
    def key_source_arguments
      KeyLoading.arguments(@random, pick(@sound_keys))
    end

    # Data to sign: mostly bytes; else none, no String, or large.
    def structure_data
      !reach?(:structure_arguments) || @random.rand < 0.85 ? message : pick(nil, 42, Value.bytes(@random.bytes(10_000)))
    end

    # A certificates list: mostly empty; else none, holding no certificate, no Array, or another key's.
    def certificates
      return [] unless reach?(:structure_arguments)

      pick([], [], [], nil, [nil], "text", [Value.certificate("other")], [Value.certificate("own")])
    end

    # The optional arguments of the OCSP signing methods, (certs, flags, digest), as many as drawn.
    # A CRL's revoked entries, [serial, seconds after a fixed time, with a reason], in the order
    # added: few or many, mostly of one time (an order no sort by time gives), serials in no order,
    # sometimes one serial twice.
    def revoked_entries
      count = pick(2, 3, 5, 20, 60)
      times = Array.new(pick(1, 1, 2, 3)) { @random.rand(-100..100) }
      serials = Array.new(count) { @random.rand(1..(@random.rand < 0.1 ? count : 2**64)) }
      serials.map { |serial| [serial, pick(times), @random.rand < 0.3] }
    end

    def ocsp_options
      return [[], 0, digest_object].first(pick(0, 1, 2, 3, 3, 3)) unless reach?(:structure_arguments)

      flags = pick(0, 0, OpenSSL::OCSP::NOCERTS, OpenSSL::OCSP::NOTIME, -1, 2**40, "1", nil)
      [certificates, flags, pick(digest_object, digest_object, structure_digest)].first(pick(0, 1, 2, 3, 3, 3))
    end

    # The optional arguments of PKCS7.sign, (certs, flags), as many as drawn.
    def pkcs7_options
      [certificates, pkcs7_flags].first(pick(0, 1, 2, 2))
    end

    # OpenSSL's PKCS7_STREAM and PKCS7_PARTIAL, which MRI names no constant for: PKCS7.sign then
    # leaves the structure unsigned, for write_smime or the caller to finish.
    PKCS7_STREAM = 0x1000
    PKCS7_PARTIAL = 0x4000

    # PKCS7's flags: the usual ones, combined, and odd values.
    def pkcs7_flags
      pick(0, OpenSSL::PKCS7::BINARY, OpenSSL::PKCS7::BINARY | OpenSSL::PKCS7::DETACHED, OpenSSL::PKCS7::NOCERTS,
           OpenSSL::PKCS7::NOATTR | OpenSSL::PKCS7::BINARY, PKCS7_STREAM, PKCS7_STREAM | OpenSSL::PKCS7::NOATTR,
           PKCS7_PARTIAL, -1, 2**40, "1", nil)
    end

    # PKCS7#decrypt's (envelope, key [, cert [, flags]]); with the forged_envelopes reach, a third
    # of the time an envelope written byte by byte for a key it fits (Fuzz::Envelopes), with the
    # key's certificate, none, or nil; answered as MRI, but for RC2, which MRI's OpenSSL lacks.
    def pkcs7_decrypt_arguments
      return [[envelope, key_argument, *decrypt_options], nil] unless reach?(:forged_envelopes) && @random.rand < 0.35

      key = pick(Envelopes::KEYS & @sound_keys)
      return [[envelope, key_argument, *decrypt_options], nil] if key.nil?

      written = Envelopes.draw(@random, key)
      @whole = true
      return [[written, Value.key(key), *recipient_certificate], nil] if @random.rand < 0.2

      @as_mri = "message" unless Envelopes::MRI_LACKS.include?(written["envelope"].last["cipher"])
      options = pick([], [Value.certificate("own")], [Value.certificate("own"), 0], [nil], [nil, 0], [Value.certificate("own"), OpenSSL::PKCS7::BINARY])
      [[written, Value.key(key), *options], nil]
    end

    # A certificate that stock's PKCS7#decrypt matches to a recipient by its JCA form, where MRI reads
    # its fields: one never signed (stock holds no JCA form and tries every recipient: hiera-eyaml's
    # way), the own one with its serial set after reading, another key's. Answered as stock.
    def recipient_certificate
      [pick(Value.certificate("unsigned"), Value.certificate("changed"), Value.certificate("other")), *optional { 0 }]
    end

    # crl_sign's (key, digest [, revoked]); with the ec_edges reach, sometimes an EC key and no
    # issuer (`issuer: false`), answered as MRI, words and all.
    # A certificate signed, changed and signed again (StructureCalls#certificate_resign): mostly with
    # the digest it was signed with, where the engine signs again the bytes it kept. By a sound key
    # the engine signs with: a crafted one's first sign, or one on a curve stock alone signs (which
    # may fail in Java where MRI signs), is certificate_sign's case, and what follows would be judged
    # against stock's failure of the first.
    def resign_arguments
      digest = @random.rand < 0.8 ? pick(ENGINE_STRUCTURE_DIGESTS) : structure_digest
      ec_keys = @ec_sound_keys - EcKeyCorpus::STOCK_CURVE_KEYS
      return [[key_argument, digest, pick(StructureCalls::RESIGN_CHANGES), digest], nil] if ec_keys.empty? && @sound_keys.empty?

      ec = ec_keys.any? && (@sound_keys.empty? || @random.rand < 0.4)
      key = Value.key(pick(ec ? ec_keys : @sound_keys))
      [[key, digest, pick(StructureCalls::RESIGN_CHANGES), @random.rand < 0.7 ? digest : structure_digest], nil]
    end

    def crl_arguments
      if reach?(:ec_edges) && @ec_sound_keys.any? && @random.rand < 0.1
        @as_mri = "message"
        return [[Value.key(pick(@ec_sound_keys)), pick("SHA256", "SHA384")], Value.hash([[Value.symbol(:issuer), false]])]
      end

      [[key_argument, structure_digest, *optional { revoked_entries }], nil]
    end

    # OCSP::BasicResponse#sign's (signer, key [, certs [, flags [, digest]]]); with the ec_edges
    # reach, sometimes an EC key with OCSP::RESPID_KEY (the responder named by its key), answered as MRI.
    def ocsp_basic_response_arguments
      if reach?(:ec_edges) && @ec_sound_keys.any? && @random.rand < 0.15
        @as_mri = "answer"
        return [[Value.certificate("own"), Value.key(pick(@ec_sound_keys)), [], OpenSSL::OCSP::RESPID_KEY, *optional { digest_object }], nil]
      end

      [[signer, key_argument, *ocsp_options], nil]
    end

    # JcaCalls.script's (algorithm, key name, calls).
    def jca_arguments
      JcaCalls.draw(@random)
    end

    # What PKCS7#decrypt is called on (StructureCalls.envelope): mostly an envelope for the key.
    def envelope
      return "enveloped" unless reach?(:structure_arguments)

      pick("enveloped", "enveloped", "enveloped", "enveloped", "other", "signed")
    end

    # The optional arguments of PKCS7#decrypt, (cert, flags), as many as drawn: the certificate
    # mostly the key's own, else another key's, none, or no certificate.
    def decrypt_options
      cert = !reach?(:structure_arguments) || @random.rand < 0.7 ? Value.certificate("own") : pick(Value.certificate("other"), nil, "text")
      [cert, pkcs7_flags].first(pick(0, 1, 1, 2))
    end

    # (bits [, e]) for RSA.generate and RSA.new.
    def key_generation_arguments
      [key_size, *optional { pick(EXPONENTS) }]
    end

    # (name, options) for OpenSSL::PKey.generate_key: an RSA name as OpenSSL fetches it, the size,
    # exponent and prime count as options under OpenSSL's control names or the generator's
    # parameters, values as Kernel#String reads them (OpenSSL reads text); with the key_generation
    # reach also what MRI refuses: options that are no Hash, names OpenSSL does not know, numbers
    # past a size_t.
    def generate_key_arguments
      return ec_generate_key_arguments if @random.rand < 0.2

      name = pick("RSA", "RSA", "rsa", "rsaEncryption", "1.2.840.113549.1.1.1")
      return [name] if @random.rand < 0.05
      return [name, pick(nil, -1, "rsa_keygen_bits", WRONG_TYPES)] if reach?(:key_generation) && @random.rand < 0.05

      [name, options(keygen_entries)]
    end

    # (name, options) for OpenSSL::PKey.generate_key of an EC key: an EC name as OpenSSL fetches it,
    # the curve by OpenSSL's, FIPS's or no known name, sometimes an encoding, point format or
    # cofactor mode; with the key_generation reach also names OpenSSL does not know and bad values.
    def ec_generate_key_arguments
      name = pick("EC", "EC", "ec", "id-ecPublicKey", "1.2.840.10045.2.1")
      return [name] if @random.rand < 0.05

      entries = [[pick("ec_paramgen_curve", "group", "EC_PARAMGEN_CURVE"), pick(*EcCurves::CURVES.keys, "P-256", "P-384", "secp256k1", "SM2", "nope")]]
      entries << pick(%w[ec_param_enc named_curve], %w[encoding named_curve], %w[point-format uncompressed], ["use-cofactor-flag", pick("-1", "0", "1")]) if @random.rand < 0.2
      if reach?(:key_generation) && @random.rand < 0.1
        entries << pick(%w[bogus 1], %w[ec_param_enc bad], %w[point-format bad], %w[use-cofactor-flag x], %w[hexgroup 00], %w[GROUP P-256])
        entries.shuffle!(random: @random)
      end
      [name, options(entries)]
    end

    KEYGEN_NAMES = { bits: %w[rsa_keygen_bits rsa_keygen_bits RSA_Keygen_Bits bits hexbits],
                     e: %w[rsa_keygen_pubexp rsa_keygen_pubexp e hexe],
                     primes: %w[rsa_keygen_primes primes] }.freeze

    def keygen_entries
      entries = [[pick(KEYGEN_NAMES[:bits]), key_size]]
      entries << [pick(KEYGEN_NAMES[:e]), pick(EXPONENTS)] if @random.rand < 0.4
      if reach?(:key_generation)
        entries << [pick(KEYGEN_NAMES[:primes]), pick(1, 2, 2, 3, 0, -1, 2**32 + 2)] if @random.rand < 0.1
        entries << [pick("foo", "rsa_padding_mode", "BITS", "hexrsa_keygen_bits"), "1"] if @random.rand < 0.05
        entries.shuffle!(random: @random) if @random.rand < 0.2
      end
      entries.map { |key, value| [key, keygen_text(key, value)] }
    end

    # A value as a String sometimes: hex for a "hex" parameter, else decimal or "0x" hex.
    def keygen_text(key, value)
      return value unless value.is_a?(Integer) && (key.start_with?("hex") || @random.rand < 0.2)
      return value.to_s(16) if key.start_with?("hex")

      pick(value.to_s, "0x#{value.to_s(16)}", "#{value}x")
    end

    # Mostly the sizes MRI and stock answer within the bound; sometimes 1 to 64 bits, which MRI refuses at once.
    def key_size
      reach?(:key_generation) && @random.rand < 0.3 ? @random.rand(1..64) : pick(KEY_SIZES)
    end

    # [ciphertext, padding]: mostly a valid encryption under the padding given, sometimes damaged.
    def ciphertext_and_padding
      mode = pick(1, 3, 4)
      ciphertext = encryption(mode, "SHA1", "")
      return [ciphertext] if mode == 1 && @random.rand < 0.4

      [ciphertext, @random.rand < 0.8 ? mode : padding]
    end

    # [ciphertext, options] for decrypt: options spelled in odd ways; an OAEP label is hex.
    def ciphertext_and_decrypt_options
      mode = pick("pkcs1", "oaep", "oaep", "none")
      digest = pick("SHA1", "SHA256", "SHA512")
      label = pick("", "", "label")
      entries = [["rsa_padding_mode", padding_option(mode)]]
      entries << ["rsa_oaep_md", digest_option(digest)] if digest != "SHA1" || @random.rand < 0.3
      entries << ["rsa_mgf1_md", digest_option(pick(digest, "SHA1"))] if @random.rand < 0.2
      entries << ["digest", digest_option(digest)] if reach?(:openssl_names) && @random.rand < 0.1
      entries << ["rsa_oaep_label", pick(label.unpack1("H*"), label.unpack1("H*"), "abc", "zz", 5)] unless label.empty?
      ciphertext = encryption({ "pkcs1" => 1, "none" => 3, "oaep" => 4 }.fetch(mode), digest, label)
      @random.rand < 0.05 ? [ciphertext] : [ciphertext, options(entries)]
    end

    # A PKCS#1 v1.5 or PSS signature of the message (sometimes damaged), else any block.
    def signature(digest, message)
      name = digest && Pkcs1.digest_name(Value.decode(digest))
      return block if name.nil? || @random.rand < 0.2

      hash = Pkcs1.digest(name, Value.decode(message))
      encoded =
        if @random.rand < 0.3
          Pkcs1.pss(hash, @random.bytes(pick(0, hash.bytesize)), name, name, numbers[:n].bit_length)
        else
          Pkcs1.type1(Pkcs1.digest_info(name, hash, null: @random.rand < 0.9), k)
        end
      damage(Pkcs1.power(encoded, numbers[:d], numbers[:n]))
    end

    # [block, padding] for public_decrypt: a private-key operation on a PKCS#1 type 1 block or a raw one.
    def signature_block_and_padding
      mode = pick(1, 3)
      payload = mode == 1 ? Pkcs1.type1(@random.bytes(pick(0, 20, 35, k - 11)), k) : "\x00".b + @random.bytes(k - 1)
      signature = damage(Pkcs1.power(payload, numbers[:d], numbers[:n]))
      mode == 1 && @random.rand < 0.4 ? [signature] : [signature, @random.rand < 0.8 ? mode : padding]
    end

    private

    def numbers
      KeyCorpus.numbers(@key)
    end

    def k
      (numbers[:n].bit_length + 7) / 8
    end

    # A valid encryption (PKCS#1 v1.5, none, OAEP) of random bytes, damaged sometimes.
    def encryption(mode, digest, label)
      payload = @random.bytes(pick(0, 1, 16, 32))
      encoded =
        case mode
        when 1 then Pkcs1.type2(payload, k, @random)
        when 3 then "\x00".b + @random.bytes(k - 1)
        else Pkcs1.oaep(payload, k, digest, label, @random)
        end
      damage(Pkcs1.power(encoded, numbers[:e], numbers[:n]))
    end

    # The block mostly as it is; else a bit flipped, a byte short, a zero byte more; any block when there is none.
    def damage(bytes)
      return block if bytes.nil?

      case @random.rand(10)
      when 0 then bytes = bytes.dup.tap { |b| b.setbyte(index = @random.rand(b.bytesize), b.getbyte(index) ^ 1) }
      when 1 then bytes = bytes.byteslice(1..)
      when 2 then bytes = "\x00".b + bytes
      end
      Value.bytes(bytes)
    end

    # A text option mostly as OpenSSL spells it, else in capitals, as a Symbol, or unknown.
    def spelled(text)
      @random.rand < 0.7 ? text : pick(text.upcase, text.capitalize, Value.symbol(text), "bogus", 1)
    end

    # An options Hash, its keys Strings or Symbols, sometimes with an unknown one, or one key no String.
    def options(entries)
      entries << ["foo", "bar"] if @random.rand < 0.05
      as_symbols = @random.rand < 0.3
      entries = entries.map { |key, value| [as_symbols ? Value.symbol(key) : key, value] }
      entries[@random.rand(entries.size)][0] = pick(OpenSslNames::ODD_OPTION_KEYS) if reach?(:openssl_names) && entries.any? && @random.rand < 0.05
      Value.hash(entries)
    end

    # The receiver frozen, sometimes: the key itself, or a frozen dup of it.
    def frozen
      pick("key", "dup") if reach?(:frozen_receivers) && @random.rand < 0.1
    end

    # The concurrency mode, sometimes: another thread switching the backend, or calling set_key.
    # set_key only on a sound key: it rebuilds the key from n, e and d alone, which changes what a
    # crafted key (CRT numbers that do not agree) answers, with stock as with the engine.
    def disturbance
      return nil unless reach?(:concurrency) && @random.rand < 0.05

      KeyCorpus.sound.key?(@key) ? pick(*Disturbance::KINDS.keys) : "switch_backend"
    end

    # One change of the arguments: a wrong type, a frozen String, one argument more or less,
    # or keyword arguments passed as a positional Hash.
    def mutate(args, keywords)
      args = args.dup
      case @random.rand(4)
      when 0 then args[@random.rand(args.size)] = pick(WRONG_TYPES)
      when 1 then args = args.map { |arg| arg.is_a?(Hash) && arg.key?("bytes") ? Value.frozen([arg["bytes"]].pack("H*")) : arg }
      when 2 then pick(-> { args.pop }, -> { args.push(pick(1, nil, Value.hash({}))) }, -> { args = args.first(@random.rand(args.size)) }).call
      else return [args + [keywords], nil] if keywords
      end
      [args, keywords]
    end
  end
end
