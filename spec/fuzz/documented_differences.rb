# frozen_string_literal: true

require_relative "differences_document"

module Fuzz
  # The differences from stock jruby-openssl that the engine makes on purpose, to give MRI's
  # answer: the rows of DIFFERENCES.md, each by its id, as a predicate over (case, engine Result,
  # stock Result, MRI's summary or nil). A difference between the engine and stock passes only if
  # a row holds for it. Rows for one behaviour state MRI's answer themselves; the general rows
  # below them ask for MRI's answer.
  DocumentedDifference = Struct.new(:id, :holds) do
    def name
      DifferencesDocument.description(id)
    end
  end

  module DocumentedDifferences
    # Methods stock jruby-openssl lacks and the engine adds, as MRI has them, by the id of their
    # row: the engine's answers are compared with MRI's instead of stock's NoMethodError.
    STOCK_LACKS = { "decrypt" => "encrypt-decrypt", "encrypt" => "encrypt-decrypt", "generate_key" => "generate-key" }.freeze

    # A message in the JVM's words (call/Errors.java's rule): a Java class, a cast, an index,
    # BigInteger's arithmetic, an array size alone.
    JAVA_WORDS = /\b(?:java|javax|jdk|sun)\.[a-z]\w*\.\w|\borg\.(?:jruby|bouncycastle)\.\w|cannot be cast|out of bounds for |\Aarraycopy: |\ABigInteger\b|\A-?\d+\z/.freeze

    # The structure verifications that answer as OpenSSL (verify-strict-structures), and the errors
    # OpenSSL raises there before any arithmetic (verification/SignatureVerdict.java).
    STRICT_VERIFICATIONS = %w[certificate_verify request_verify crl_verify ocsp_verify pkcs7_verify].freeze
    STRICT_REFUSALS = ["invalid bit string bits left", "internal error", "EVP lib"].freeze

    # The names OpenSSL fetches RSA key generation by (in any case).
    RSA_NAMES = %w[RSA rsaEncryption 1.2.840.113549.1.1.1].freeze

    # The names OpenSSL fetches EC key generation by (in any case).
    EC_NAMES = %w[EC id-ecPublicKey 1.2.840.10045.2.1].freeze

    # Whether the case calls what stock lacks: generate_key only for RSA and EC (stock generates other keys).
    def self.stock_lacks?(kase)
      STOCK_LACKS.key?(kase.method) && (kase.method != "generate_key" || rsa_name?(kase.args[0]) || ec_name?(kase.args[0]))
    end

    # Whether a crl_sign's answer ([verified, entries in the CRL's order]) differs from another only
    # in the order of the entries read back, which the gem fixes on every backend (crl-revoked-order).
    def self.crl_order_only?(kase, answer, other)
      kase.method == "crl_sign" && answer.is_a?(Array) && other.is_a?(Array) && answer.first == other.first && answer.last == true
    end

    def self.ec_name?(name)
      name.is_a?(String) && EC_NAMES.any? { |ec| ec.casecmp?(name) }
    end

    def self.rsa_name?(name)
      name.is_a?(String) && RSA_NAMES.any? { |rsa| rsa.casecmp?(name) }
    end

    # Stock loops forever on SSLv23 padding of empty data (MRI's private_encrypt signs, its
    # public_encrypt raises) and on key generation with e = 1 (MRI raises) or of 12 to 19 bits with
    # an odd e (Bouncy Castle's prime search; MRI refuses below 512 bits at once), and takes
    # seconds to minutes to give up on a key of an odd size (MRI makes one). The runner does not
    # call stock for these cases: a thread stuck in Java cannot be stopped, and would spin on.
    def self.stock_never_returns?(kase)
      return stock_never_generates?(kase) if %w[generate new].include?(kase.method)

      %w[private_encrypt public_encrypt].include?(kase.method) && kase.args.size == 2 &&
        kase.args[1] == 2 && Value.decode(kase.args[0]) == ""
    end

    def self.stock_never_generates?(kase)
      bits, e = kase.args
      return false unless kase.args.size.between?(1, 2)
      return false if kase.method == "new" && !bits.is_a?(Integer) # RSA.new(pem, ...) loads a key

      # RSA.new reads a Float exponent as its Integer part, and nil as the default (RSA.generate refuses both).
      e = e.nil? ? 65_537 : e.to_i if kase.method == "new" && (e.nil? || e.is_a?(Float))
      return true if e.eql?(1)
      return false unless kase.args.size == 1 || e.is_a?(Integer)

      bits.is_a?(Integer) && ((bits.odd? && bits.between?(512, 2**31 - 1)) || (bits.between?(12, 19) && (kase.args.size == 1 || e.odd?)))
    end

    # Whether generate_key's options ask for more than two primes, as OpenSSL reads the count.
    def self.multi_prime?(kase)
      options = Value.decode(kase.args[1])
      options.is_a?(Hash) && options.any? { |name, count| name.to_s.match?(/\A(rsa_keygen_primes|primes|hexprimes)\z/i) && count.to_s.to_i(name.to_s.start_with?("hex") ? 16 : 10) > 2 }
    end

    def self.padding(kase)
      kase.args.size > 1 ? Value.decode(kase.args[1]) : 1
    end

    def self.salt_option(kase)
      options = Value.decode(kase.args[2])
      options.is_a?(Hash) ? OutputCheck.option(options, "rsa_pss_saltlen") : nil
    end

    def self.pss?(kase)
      OutputCheck.pss?(OutputCheck.options(Value.decode(kase.args[2])))
    end

    # Whether verify_pss's digest is one stock's PSS takes (SHA-1 and SHA-2; it answers false for
    # a signature of any other, "Unsupported digest for PSS").
    def self.stock_pss_digest?(kase)
      digest = Value.decode(kase.args.first)
      name = digest.is_a?(OpenSSL::Digest) ? digest.name : digest.to_s
      name.upcase.delete("-").match?(/\ASHA(1|224|256|384|512)\z/)
    end

    # sign_pss's and verify_pss's options, as keywords or (stock takes it too) a trailing Hash.
    def self.pss_options(kase)
      options = kase.keywords ? Value.decode(kase.keywords) : Value.decode(kase.args.last)
      options.is_a?(Hash) ? options : {}
    end

    # verify_raw's digest's length as OpenSSL reads the digest (by any of its names; an
    # OpenSSL::Digest by its algorithm, whatever its #name says), or nil where this Ruby knows none.
    def self.raw_digest_length(kase)
      digest = Value.decode(kase.args[0])
      name = Pkcs1.digest_name(digest) || (digest.is_a?(OpenSSL::Digest) ? Pkcs1::DIGEST_ALGORITHM.bind_call(digest) : digest)
      name.is_a?(String) ? OpenSSL::Digest.new(name).digest_length : nil
    rescue RuntimeError, NotImplementedError # a name this Ruby's OpenSSL lacks (JRuby: NotImplementedError)
      nil
    end

    # Whether verify_raw's hash is not as long as its digest; where this Ruby knows no such digest
    # (JRuby's OpenSSL lacks SHA512-256), MRI's false, which the row asks for too, says so.
    def self.raw_hash_of_another_length?(kase)
      hash = Value.decode(kase.args[2])
      length = raw_digest_length(kase)
      hash.is_a?(String) && (length.nil? || length != hash.bytesize)
    end

    # Whether a verification's signature (the second argument of each) is one OpenSSL does not read.
    def self.ec_signature_not_der?(kase)
      Ecdsa.strict_decode(Value.decode(kase.args[1])).nil?
    end

    # Whether dh_compute_key's point is one MRI holds at infinity: a Point of a Group alone (stock's
    # generator), or set_to_infinity! (Value.ec_point).
    def self.ec_point_at_infinity?(kase)
      point = kase.args[0]
      point.is_a?(Hash) && point.key?("ec_point") && ["", "00"].include?(point["ec_point"][1])
    end

    # A case on an EC key of the corpus holding its scalar and no public point.
    def self.ec_key_without_point?(kase)
      kase.ec? && EcKeyCorpus.name?(kase.key_name.to_s) && (entry = EcKeyCorpus.entry(kase.key_name)).scalar && entry.point.nil?
    end

    # Whether a structure call's signer (its first argument, a key of the corpus) is an EC key read without its point.
    def self.signer_without_point?(kase)
      name = kase.args[0].is_a?(Hash) ? kase.args[0]["key"].to_s : ""
      EcKeyCorpus.name?(name) && (entry = EcKeyCorpus.entry(name)).scalar && entry.point.nil?
    end

    def self.digest_length(kase)
      name = Pkcs1.digest_name(Value.decode(kase.args[0]))
      name && OpenSSL::Digest.new(name).digest_length
    end

    # The longest PSS salt the key holds with the case's digest.
    def self.max_salt(kase)
      digest_length(kase) && ((KeyCorpus.numbers(kase.key)[:n].bit_length + 6) / 8) - digest_length(kase) - 2
    end

    ROWS = [
      # The fuzzer's stock (the gem with the backend :stock) reads a CRL's entries in its order too;
      # a difference passes where the CRL verifies alike and the engine's reading is in the CRL's order, as MRI's.
      DocumentedDifference.new(
        "crl-revoked-order",
        lambda { |c, engine, stock, mri|
          engine.returned? && stock.returned? && crl_order_only?(c, engine.value, stock.value) &&
            (as_mri?(engine, mri) || (mri && mri["raised"])) # MRI's OpenSSL 3.0 signs no CRL with ECDSA and SHA-3, stock does
        }
      ),
      DocumentedDifference.new(
        "key-in-message",
        lambda { |c, engine, stock, _|
          c.method == "crl_sign" && engine.raised?(OpenSSL::X509::CRLError) && stock.raised?(OpenSSL::X509::CRLError) &&
            !engine.message.include?("-----BEGIN") && stock.message.include?("-----BEGIN")
        }
      ),
      DocumentedDifference.new(
        "pkcs7-decrypt-bad-padding",
        lambda { |c, engine, stock, _|
          c.method == "pkcs7_decrypt" && stock.raised?(OpenSSL::PKCS7::PKCS7Error) &&
            (engine.returned? || (engine.raised?(OpenSSL::PKCS7::PKCS7Error) && engine.message == "bad decrypt"))
        }
      ),
      DocumentedDifference.new(
        "no-padding-keeps-zeros",
        lambda { |c, engine, stock, _|
          %w[private_decrypt public_decrypt].include?(c.method) && padding(c) == 3 && engine.returned? && stock.returned? &&
            engine.value.sub(/\A\x00+/n, "") == stock.value.sub(/\A\x00+/n, "")
        }
      ),
      DocumentedDifference.new(
        "no-padding-exact-length",
        lambda { |c, engine, stock, _|
          %w[private_encrypt public_encrypt].include?(c.method) && padding(c) == 3 &&
            engine.raised?(OpenSSL::PKey::RSAError) && stock.returned?
        }
      ),
      DocumentedDifference.new(
        "sign-raw-nil-digest",
        ->(c, engine, _, mri) { c.method == "sign_raw" && c.args[0].nil? && (engine.check == true || (!mri.nil? && engine.raised? && as_mri?(engine, mri))) }
      ),
      DocumentedDifference.new(
        "sign-raw-other-digests",
        ->(c, engine, stock, mri) { c.method == "sign_raw" && stock.raised? && (engine.check == true || as_mri?(engine, mri)) }
      ),
      DocumentedDifference.new(
        "sign-raw-digest-length",
        lambda { |c, engine, _, _|
          c.method == "sign_raw" && engine.raised?(OpenSSL::PKey::PKeyError) && engine.message == "invalid digest length"
        }
      ),
      DocumentedDifference.new(
        "verify-strict-digestinfo",
        ->(c, engine, stock, _) { %w[verify verify_raw].include?(c.method) && stock.value == true && engine.value == false }
      ),
      DocumentedDifference.new(
        "chain-explicit-curve",
        # OpenSSL's answer, its error 94, where stock's chain check says true.
        lambda { |c, engine, stock, mri|
          c.method == "store_context_verify" && as_mri?(engine, mri) && engine.value[1] == 94 && stock.returned? && stock.value[0] == true
        }
      ),
      DocumentedDifference.new(
        "verify-strict-structures",
        # Never a true: OpenSSL's false, or its error before any arithmetic, where stock takes the form or fails otherwise.
        lambda { |c, engine, _, mri|
          STRICT_VERIFICATIONS.include?(c.method) && as_mri?(engine, mri) &&
            (engine.value == false || (engine.raised? && STRICT_REFUSALS.include?(engine.message) && engine.error.class.name.start_with?("OpenSSL::X509::")))
        }
      ),
      DocumentedDifference.new(
        "pss-saltlen-numbers",
        lambda { |c, engine, _, _|
          %w[sign sign_raw].include?(c.method) && pss?(c) && [-1, -2, -3].include?(salt_option(c)) &&
            (engine.raised?(OpenSSL::PKey::PKeyError) ||
             (engine.check.is_a?(Integer) && engine.check == (salt_option(c) == -1 ? digest_length(c) : max_salt(c))))
        }
      ),
      DocumentedDifference.new(
        "sign-raw-pss-max-salt",
        lambda { |c, engine, stock, _|
          c.method == "sign_raw" && pss?(c) && salt_option(c).nil? && (stock.check == digest_length(c) || stock.raised?) &&
            ((engine.check.is_a?(Integer) && engine.check == max_salt(c)) ||
             (max_salt(c)&.negative? && engine.raised?(OpenSSL::PKey::PKeyError) && engine.message == "EVP_PKEY_sign: RSA lib"))
        }
      ),
      DocumentedDifference.new(
        "sslv23",
        lambda { |c, engine, stock, mri|
          %w[private_encrypt public_encrypt].include?(c.method) && padding(c) == 2 &&
            (as_mri?(engine, mri) || (c.method == "private_encrypt" && engine.check == true) ||
             (c.method == "public_encrypt" && engine.raised?(OpenSSL::PKey::RSAError) && engine.message.end_with?("unknown padding type")))
        }
      ),
      DocumentedDifference.new(
        "pss-key-too-small",
        lambda { |c, engine, stock, _|
          %w[sign sign_pss sign_raw].include?(c.method) && stock.raised?(OpenSSL::PKey::RSAError) && stock.message.match?(/\A-\d+\z/) &&
            engine.raised?(OpenSSL::PKey::RSAError) && engine.message == "key too small for specified hash and salt lengths"
        }
      ),
      DocumentedDifference.new(
        "verify-where-stock-raises",
        # MRI's true or false where it has one; where MRI raises too (a Symbol digest), there is none to hold to.
        lambda { |c, engine, stock, mri|
          %w[verify verify_pss verify_raw].include?(c.method) && [true, false].include?(engine.value) && !engine.raised? &&
            ((stock.returned? && stock.value.nil?) || as_mri?(engine, mri) || (stock.raised? && mri["raised"]))
        }
      ),
      DocumentedDifference.new(
        "verifies-where-stock-false",
        lambda { |c, engine, stock, mri|
          (%w[verify verify_raw].include?(c.method) || (c.method == "verify_pss" && !stock_pss_digest?(c)) ||
           (%w[certificate_verify request_verify crl_verify].include?(c.method) && Value.decode(c.args.last).to_s.start_with?("pss") && as_mri?(engine, mri)) ||
           (c.method == "pkcs7_verify" && Value.decode(c.args.first).is_a?(OpenSSL::PKey::EC) && as_mri?(engine, mri))) &&
            engine.value == true && !engine.raised? && stock.value == false
        }
      ),
      DocumentedDifference.new(
        "none-padding-with-digest",
        lambda { |c, engine, _, _|
          %w[sign sign_raw verify verify_raw].include?(c.method) && engine.raised?(OpenSSL::PKey::PKeyError) && engine.message.end_with?("invalid padding mode") &&
            OutputCheck.options(Value.decode(c.args.last)).then { |o| o.is_a?(Hash) && OutputCheck.option(o, "rsa_padding_mode").to_s.casecmp?("none") }
        }
      ),
      DocumentedDifference.new(
        "pss-mgf1-digest-object",
        # A signature is checked on its own (OutputCheck); a verification's true or false only by MRI's.
        lambda { |c, engine, stock, mri|
          %w[sign_pss verify_pss].include?(c.method) && stock.raised?(TypeError) && pss_options(c)[:mgf1_hash].is_a?(OpenSSL::Digest) &&
            (as_mri?(engine, mri) || (c.method == "sign_pss" && (!engine.raised? || engine.raised?(OpenSSL::PKey::RSAError))))
        }
      ),
      DocumentedDifference.new(
        "sign-pss-salt-numbers",
        lambda { |c, engine, stock, _|
          c.method == "sign_pss" && stock.raised? && [-1, -2, -3].include?(pss_options(c)[:salt_length]) &&
            (engine.check.is_a?(Integer) || engine.raised?(OpenSSL::PKey::RSAError))
        }
      ),
      DocumentedDifference.new(
        "openssl-digest-names",
        lambda { |c, engine, stock, mri|
          %w[sign verify sign_raw verify_raw sign_pss verify_pss].include?(c.method) &&
            (stock.raised?(OpenSSL::PKey::PKeyError) && stock.message.end_with?("Signature not available") ||
             stock.raised?(OpenSSL::PKey::RSAError) && stock.message.start_with?("Unsupported digest for PSS")) &&
            (as_mri?(engine, mri) || mri_refuses_shape?(mri))
        }
      ),
      DocumentedDifference.new(
        "pss-option-without-pss",
        lambda { |c, engine, _, mri|
          %w[sign sign_raw verify verify_raw].include?(c.method) && engine.raised?(OpenSSL::PKey::PKeyError) &&
            engine.message.match?(/\AEVP_PKEY_CTX_ctrl_str\(ctx, "rsa_(pss_saltlen|mgf1_md)", .*\): (not supported|invalid mgf1 md)\z/i) &&
            (as_mri?(engine, mri) || Value.decode(c.args[0]).is_a?(Symbol) || # a Symbol digest is stock's reading, which MRI refuses
             capital_pss?(c)) # as is "PSS" (left as stock: MRI's OpenSSL ignores it, so refuses a PSS option after it)
        }
      ),
      DocumentedDifference.new(
        "generate-key-multi-prime",
        lambda { |c, engine, _, mri|
          c.method == "generate_key" && engine.raised?(OpenSSL::PKey::PKeyError) && engine.message.start_with?("unsupported algorithm: ") &&
            mri && mri.key?("returned") && multi_prime?(c)
        }
      ),
      # generate_key of an EC name: MRI's answer (lacking_in_stock), but for a curve jruby-openssl
      # lacks (stock's EC.generate refuses it) and an explicit curve (stock's generate_key refuses it).
      DocumentedDifference.new(
        "generate-key-ec",
        lambda { |c, engine, _, mri|
          c.method == "generate_key" && ec_name?(c.args[0]) && mri && mri.key?("returned") &&
            ((engine.raised?(OpenSSL::PKey::ECError) && engine.message.start_with?("unknown curve name: ")) ||
             (engine.raised?(OpenSSL::PKey::PKeyError) && engine.message == "unsupported algorithm: EC"))
        }
      ),
      DocumentedDifference.new(
        "ec-raw-digest-length",
        lambda { |c, engine, _, mri|
          c.method == "ec_verify_raw" && engine.returned? && engine.value == false && as_mri?(engine, mri) && raw_hash_of_another_length?(c)
        }
      ),
      # Judged on the gem's answer alone (stock's is its Java failure, repaired): REPAIRS_NOT_MRI.
      DocumentedDifference.new(
        "ec-key-without-point",
        lambda { |c, engine, _, mri|
          (%w[ec_verify ec_dsa_verify_asn1 ec_verify_raw].include?(c.method) && ec_key_without_point?(c) &&
            (as_mri?(engine, mri) || ec_method_failure?(c, engine))) ||
            # A structure signed and checked with such a key (its check is the structure's verify).
            (%w[certificate_sign certificate_resign request_sign crl_sign].include?(c.method) && signer_without_point?(c) && !mri.nil? && as_mri?(engine, mri))
        }
      ),
      # MRI's error for the method, on every backend (the backend :stock too: both sides refuse alike).
      DocumentedDifference.new(
        "ec-signature-not-der",
        lambda { |c, engine, _, mri|
          %w[ec_verify ec_dsa_verify_asn1 ec_verify_raw].include?(c.method) && c.args.size > 1 && ec_signature_not_der?(c) &&
            ec_method_failure?(c, engine) && as_mri?(engine, mri)
        }
      ),
      DocumentedDifference.new(
        "ec-peer-at-infinity",
        lambda { |c, engine, _, mri|
          c.method == "ec_dh_compute_key" && ec_point_at_infinity?(c) && engine.raised?(OpenSSL::PKey::PKeyError) &&
            engine.message == "EVP_PKEY_derive_set_peer: point at infinity" && as_mri?(engine, mri)
        }
      ),
      DocumentedDifference.new(
        "ec-structure-curve-sunec-lacks",
        lambda { |c, engine, stock, mri|
          %w[certificate_sign certificate_resign crl_sign].include?(c.method) && c.args[0].is_a?(Hash) && %w[ec_secp256k1 ec_secp224r1].include?(c.args[0]["key"]) &&
            stock.raised? && as_mri?(engine, mri)
        }
      ),
      DocumentedDifference.new(
        "ocsp-respid-key",
        lambda { |c, engine, stock, mri|
          flags = c.method == "ocsp_basic_response_sign" && c.args.size > 3 ? Value.decode(c.args[3]) : nil
          flags.is_a?(Integer) && flags.anybits?(OpenSSL::OCSP::RESPID_KEY) && stock.raised? && JAVA_WORDS.match?(stock.message) &&
            (as_mri?(engine, mri) || stocks_notime?(flags, engine))
        }
      ),
      DocumentedDifference.new(
        "keygen-float-exponent",
        lambda { |c, engine, _, mri|
          %w[generate new].include?(c.method) && Value.decode(c.args[1]).is_a?(Float) && as_mri?(engine, mri)
        }
      ),
      DocumentedDifference.new(
        "x931",
        lambda { |c, engine, _, mri|
          %w[sign sign_raw verify verify_raw].include?(c.method) && OutputCheck.padding_mode(OutputCheck.options(Value.decode(c.args.last))) == "x931" &&
            as_mri?(engine, mri)
        }
      ),
      DocumentedDifference.new(
        "option-strings",
        lambda { |c, engine, _, mri|
          %w[sign sign_raw verify verify_raw].include?(c.method) &&
            ((engine.raised?(ArgumentError) && engine.message == "string contains null byte") ||
             (engine.raised?(TypeError) && engine.message.match?(/\Ano implicit conversion of \w+ into String\z/))) &&
            (as_mri?(engine, mri) || Value.decode(c.args[0]).is_a?(Symbol) || # a Symbol digest is stock's reading, which MRI refuses
             capital_pss?(c)) # as is "PSS" (left as stock: MRI's OpenSSL ignores it, so refuses a PSS option after it)
        }
      ),
      DocumentedDifference.new(
        "pss-nil-digest",
        lambda { |c, engine, _, mri|
          %w[sign_pss verify_pss].include?(c.method) && c.args[0].nil? && engine.raised?(TypeError) &&
            (as_mri?(engine, mri) || mri_refuses_shape?(mri))
        }
      ),
      DocumentedDifference.new(
        "keygen-stock-never-returns",
        ->(c, engine, _, mri) { %w[generate new].include?(c.method) && stock_never_returns?(c) && as_mri?(engine, mri) }
      ),
      DocumentedDifference.new(
        "pkcs7-decrypt-text-without-certificate",
        lambda { |c, engine, _, _|
          _envelope, _key, certificate, flags = c.args
          c.method == "pkcs7_decrypt" && c.args.size == 4 && certificate.nil? && flags.is_a?(Integer) &&
            (flags & OpenSSL::PKCS7::TEXT) != 0 && engine.raised?(TypeError)
        }
      ),
      DocumentedDifference.new(
        "pkcs7-verify-text",
        ->(c, engine, _, mri) { c.method == "pkcs7_verify" && Value.decode(c.args.last).to_s.start_with?("text ") && as_mri?(engine, mri) }
      ),
      DocumentedDifference.new(
        "java-exception",
        lambda { |_, engine, stock, mri|
          stock.java? && (as_mri?(engine, mri) || (mri["raised"] && engine.raised?(OpenSSL::PKey::RSAError) && engine.message == stock.message))
        }
      ),
      DocumentedDifference.new(
        "java-words",
        lambda { |_, engine, stock, mri|
          stock.raised? && JAVA_WORDS.match?(stock.message) && engine.raised? && (as_mri?(engine, mri) || mri["raised"])
        }
      ),
      # Stock's errors for such keys are accidents (its fault detection, division by zero), and
      # MRI's OpenSSL answers some of them by recomputing past its own failed check, or returns
      # signatures that do not open. RSA's keys only: the EC engine leaves its odd keys to stock.
      DocumentedDifference.new(
        "crafted-key",
        lambda { |c, engine, stock, mri|
          !c.ec? && c.crafted_key? && stock.raised? &&
            (as_mri?(engine, mri) || engine.raised?(OpenSSL::PKey::PKeyError) || [true, Integer].any? { |opens| opens === engine.check } ||
             (engine.engine_ran && !engine.raised?)) # an answer the engine computed left only after its check with e
        }
      )
    ].freeze

    def self.find(kase, engine, stock, mri)
      ROWS.find { |row| row.holds.call(kase, engine, stock, mri) }
    end

    # The rows where the gem's repair of a Java failure is not MRI's error on purpose.
    REPAIRS_NOT_MRI = %w[pkcs7-decrypt-text-without-certificate ec-key-without-point].freeze

    def self.repair_not_mri?(kase, answer, mri)
      mri_fails_on_notime?(kase, mri) || ROWS.any? { |row| REPAIRS_NOT_MRI.include?(row.id) && row.holds.call(kase, answer, nil, mri) }
    end

    # OCSP::BasicResponse#sign with OCSP::NOTIME: MRI fails reading back its own response, a
    # TypeError for the empty time, where stock cannot sign without a time (ocsp-respid-key: stock's
    # own answer to NOTIME); the gem's repair of stock's Java failure is the structure's error.
    def self.mri_fails_on_notime?(kase, mri)
      flags = kase.method == "ocsp_basic_response_sign" && kase.args.size > 3 ? Value.decode(kase.args[3]) : nil
      flags.is_a?(Integer) && flags.anybits?(OpenSSL::OCSP::NOTIME) && mri && mri["raised"] == "TypeError" &&
        mri["message"].to_s.start_with?("bad GENERALIZEDTIME format")
    end

    # OpenSSL::PKey::EC's failures as the gem words a Java failure of stock's (DIFFERENCES.md's
    # java-exception row, call/MriFailures.java): the function MRI names for the method, in a
    # PKeyError (ECError is one) whatever went wrong, an argument of the wrong type too.
    EC_METHOD_FAILURES = { "ec_sign" => "EVP_DigestSign", "ec_verify" => "EVP_DigestVerify", "ec_sign_raw" => "EVP_PKEY_sign",
                           "ec_verify_raw" => "EVP_PKEY_verify", "ec_dsa_sign_asn1" => "EVP_PKEY_sign", "ec_dsa_verify_asn1" => "EVP_PKEY_verify",
                           "ec_dh_compute_key" => "EVP_PKEY_derive", "ec_derive" => "EVP_PKEY_derive", "ec_generate" => "EC_KEY_generate_key" }.freeze

    def self.ec_method_failure?(kase, answer)
      answer.raised?(OpenSSL::PKey::PKeyError) && answer.message == EC_METHOD_FAILURES.fetch(kase.method)
    end

    # Stock's own answer to OCSP::NOTIME, which it cannot sign without (ocsp-respid-key: stock
    # signs what the flags ask but RESPID_KEY).
    def self.stocks_notime?(flags, answer)
      flags.anybits?(OpenSSL::OCSP::NOTIME) && answer.raised?(OpenSSL::OCSP::OCSPError) && answer.message == "date must not be null"
    end

    # rsa_padding_mode: "PSS" in another case than OpenSSL's "pss", which stock reads as PSS.
    def self.capital_pss?(kase)
      options = Value.decode(kase.args.last)
      options.is_a?(Hash) && options.any? { |key, value| key.to_s == "rsa_padding_mode" && value.is_a?(String) && value.casecmp?("pss") && value != "pss" }
    end

    # MRI's answer, when MRI gave one.
    def self.as_mri?(engine, mri)
      mri.nil? || engine.as_mri?(mri)
    end

    # MRI refused the call's shape (options as a positional Hash, a keyword missing), which stock
    # takes as it always has: the engine's answer is then judged against stock's reading.
    def self.mri_refuses_shape?(mri)
      mri.is_a?(Hash) && mri["raised"] == "ArgumentError" && mri["message"].to_s.match?(/wrong number of arguments|missing keyword|unknown keyword/)
    end
  end
end
