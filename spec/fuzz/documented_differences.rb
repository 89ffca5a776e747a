# frozen_string_literal: true

module Fuzz
  # The differences from stock jruby-openssl that the engine makes on purpose, to give MRI's
  # answer: the README's table "Where it follows MRI rather than stock", one row each, as a
  # predicate over (case, engine Result, stock Result, MRI's summary or nil). A difference
  # between the engine and stock passes only if a row holds for it. Rows for one behaviour state
  # MRI's answer themselves; the general rows below them ask for MRI's answer.
  DocumentedDifference = Struct.new(:name, :holds)

  module DocumentedDifferences
    # Methods stock jruby-openssl lacks and the engine adds, as MRI has them: the engine's
    # answers are compared with MRI's instead of stock's NoMethodError.
    STOCK_LACKS = { "decrypt" => "key.decrypt(data, options): MRI's answer (stock: NoMethodError)",
                    "encrypt" => "key.encrypt(data, options): MRI's answer (stock: NoMethodError)",
                    "generate_key" => "OpenSSL::PKey.generate_key(\"RSA\", ...): MRI's answer (stock: PKeyError: unsupported algorithm)" }.freeze

    # Whether the case calls what stock lacks: generate_key only for RSA (stock generates other keys).
    def self.stock_lacks?(kase)
      STOCK_LACKS.key?(kase.method) && (kase.method != "generate_key" || (kase.args[0].is_a?(String) && kase.args[0].casecmp?("RSA")))
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

      # RSA.new reads a Float exponent as its Integer part, and nil as the default (RSA.generate refuses both).
      e = e.nil? ? 65_537 : e.to_i if kase.method == "new" && (e.nil? || e.is_a?(Float))
      return true if e.eql?(1)
      return false unless kase.args.size == 1 || e.is_a?(Integer)

      bits.is_a?(Integer) && ((bits.odd? && bits.between?(512, 2**31 - 1)) || (bits.between?(12, 19) && (kase.args.size == 1 || e.odd?)))
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

    # sign_pss's and verify_pss's options, as keywords or (stock takes it too) a trailing Hash.
    def self.pss_options(kase)
      options = kase.keywords ? Value.decode(kase.keywords) : Value.decode(kase.args.last)
      options.is_a?(Hash) ? options : {}
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
      DocumentedDifference.new(
        "private_decrypt/public_decrypt NO_PADDING return all k bytes (stock drops leading zeros)",
        lambda { |c, engine, stock, _|
          %w[private_decrypt public_decrypt].include?(c.method) && padding(c) == 3 && engine.returned? && stock.returned? &&
            engine.value.sub(/\A\x00+/n, "") == stock.value.sub(/\A\x00+/n, "")
        }
      ),
      DocumentedDifference.new(
        "private_encrypt/public_encrypt NO_PADDING of fewer than k bytes raise RSAError (stock pads)",
        lambda { |c, engine, stock, _|
          %w[private_encrypt public_encrypt].include?(c.method) && padding(c) == 3 &&
            engine.raised?(OpenSSL::PKey::RSAError) && stock.returned?
        }
      ),
      DocumentedDifference.new(
        "sign_raw(nil, data) pads the data alone, no DigestInfo (stock signs a SHA-256 DigestInfo)",
        ->(c, engine, _, _) { c.method == "sign_raw" && c.args[0].nil? && engine.check == true }
      ),
      DocumentedDifference.new(
        "sign_raw('MD5', hash) and other non-SHA digests sign (stock: Java exception)",
        ->(c, engine, stock, mri) { c.method == "sign_raw" && stock.raised? && (engine.check == true || as_mri?(engine, mri)) }
      ),
      DocumentedDifference.new(
        "sign_raw(digest, hash) with a hash of the wrong length raises PKeyError: invalid digest length (stock signs)",
        lambda { |c, engine, _, _|
          c.method == "sign_raw" && engine.raised?(OpenSSL::PKey::PKeyError) && engine.message == "invalid digest length"
        }
      ),
      DocumentedDifference.new(
        "verify is false for a DigestInfo without NULL parameters or a signature shorter than k (stock: true)",
        ->(c, engine, stock, _) { c.method == "verify" && stock.value == true && engine.value == false }
      ),
      DocumentedDifference.new(
        "PSS rsa_pss_saltlen -1 (sign, sign_raw) is the digest length, -2 and -3 the maximum, as OpenSSL reads them (stock: -1 the maximum)",
        lambda { |c, engine, _, _|
          %w[sign sign_raw].include?(c.method) && pss?(c) && [-1, -2, -3].include?(salt_option(c)) &&
            (engine.raised?(OpenSSL::PKey::PKeyError) ||
             (engine.check.is_a?(Integer) && engine.check == (salt_option(c) == -1 ? digest_length(c) : max_salt(c))))
        }
      ),
      DocumentedDifference.new(
        "sign_raw with rsa_padding_mode pss and no rsa_pss_saltlen: the maximum salt (stock: the digest length)",
        lambda { |c, engine, stock, _|
          c.method == "sign_raw" && pss?(c) && salt_option(c).nil? && engine.check.is_a?(Integer) &&
            (stock.check == digest_length(c) || stock.raised?) && engine.check == max_salt(c)
        }
      ),
      DocumentedDifference.new(
        "private_encrypt/public_encrypt(data, SSLV23_PADDING): PKCS#1 type 1, and RSAError: unknown padding type, as MRI (stock: SSLv23 padding; never returns for empty data)",
        lambda { |c, engine, stock, mri|
          %w[private_encrypt public_encrypt].include?(c.method) && padding(c) == 2 &&
            (as_mri?(engine, mri) || (c.method == "private_encrypt" && engine.check == true) ||
             (c.method == "public_encrypt" && engine.raised?(OpenSSL::PKey::RSAError) && engine.message.end_with?("unknown padding type")))
        }
      ),
      DocumentedDifference.new(
        "PSS with no room for the salt in the key: RSAError: key too small for specified hash and salt lengths (stock: the negative size its Java exception named)",
        lambda { |c, engine, stock, _|
          %w[sign sign_pss sign_raw].include?(c.method) && stock.raised?(OpenSSL::PKey::RSAError) && stock.message.match?(/\A-\d+\z/) &&
            engine.raised?(OpenSSL::PKey::RSAError) && engine.message == "key too small for specified hash and salt lengths"
        }
      ),
      DocumentedDifference.new(
        "verify, verify_pss, verify_raw answer true or false, as MRI, where stock raises (a digest it lacks, a signature not below n) or returns nil",
        # MRI's true or false where it has one; where MRI raises too (a Symbol digest), there is none to hold to.
        lambda { |c, engine, stock, mri|
          %w[verify verify_pss verify_raw].include?(c.method) && [true, false].include?(engine.value) && !engine.raised? &&
            ((stock.returned? && stock.value.nil?) || as_mri?(engine, mri) || (stock.raised? && mri["raised"]) ||
             (engine.value == true && stock.value == false))
        }
      ),
      DocumentedDifference.new(
        "sign/sign_raw/verify/verify_raw with rsa_padding_mode none: PKeyError ...: invalid padding mode, as MRI (stock ignores it)",
        lambda { |c, engine, _, _|
          %w[sign sign_raw verify verify_raw].include?(c.method) && engine.raised?(OpenSSL::PKey::PKeyError) && engine.message.end_with?("invalid padding mode") &&
            OutputCheck.options(Value.decode(c.args.last)).then { |o| o.is_a?(Hash) && OutputCheck.option(o, "rsa_padding_mode").to_s.casecmp?("none") }
        }
      ),
      DocumentedDifference.new(
        "sign_pss/verify_pss with mgf1_hash as an OpenSSL::Digest sign and verify, as MRI (stock: TypeError)",
        # A signature is checked on its own (OutputCheck); a verification's true or false only by MRI's.
        lambda { |c, engine, stock, mri|
          %w[sign_pss verify_pss].include?(c.method) && stock.raised?(TypeError) && pss_options(c)[:mgf1_hash].is_a?(OpenSSL::Digest) &&
            (as_mri?(engine, mri) || (c.method == "sign_pss" && (!engine.raised? || engine.raised?(OpenSSL::PKey::RSAError))))
        }
      ),
      DocumentedDifference.new(
        "sign_pss with salt_length -1, -2, -3: the digest length, the maximum, the maximum, as OpenSSL reads them (stock: Java exception)",
        lambda { |c, engine, stock, _|
          c.method == "sign_pss" && stock.raised? && [-1, -2, -3].include?(pss_options(c)[:salt_length]) &&
            (engine.check.is_a?(Integer) || engine.raised?(OpenSSL::PKey::RSAError))
        }
      ),
      DocumentedDifference.new(
        "sign/verify (PKCS#1 and PSS) with a digest as OpenSSL spells it (SHA-256, SHA2-256, SSL3-SHA1, an OID, SHA512-256...): MRI's answer (stock: PKeyError ...WITHRSA Signature not available, or RSAError Unsupported digest for PSS)",
        lambda { |c, engine, stock, mri|
          %w[sign verify sign_raw verify_raw sign_pss verify_pss].include?(c.method) &&
            (stock.raised?(OpenSSL::PKey::PKeyError) && stock.message.end_with?("Signature not available") ||
             stock.raised?(OpenSSL::PKey::RSAError) && stock.message.start_with?("Unsupported digest for PSS")) &&
            as_mri?(engine, mri)
        }
      ),
      DocumentedDifference.new(
        "sign/sign_raw/verify/verify_raw with a PSS option while the padding is not PSS: PKeyError EVP_PKEY_CTX_ctrl_str(...): not supported / invalid mgf1 md, as MRI (stock ignores the option)",
        lambda { |c, engine, _, mri|
          %w[sign sign_raw verify verify_raw].include?(c.method) && engine.raised?(OpenSSL::PKey::PKeyError) &&
            engine.message.match?(/\AEVP_PKEY_CTX_ctrl_str\(ctx, "rsa_(pss_saltlen|mgf1_md)", .*\): (not supported|invalid mgf1 md)\z/i) &&
            (as_mri?(engine, mri) || Value.decode(c.args[0]).is_a?(Symbol)) # a Symbol digest is stock's reading, which MRI refuses
        }
      ),
      DocumentedDifference.new(
        "RSA.generate and RSA.new with a whole Float exponent (3.0): MRI's key, the Float read as its Integer (stock: PKeyError EVP_PKEY_keygen: RSA lib)",
        lambda { |c, engine, _, mri|
          %w[generate new].include?(c.method) && Value.decode(c.args[1]).is_a?(Float) && as_mri?(engine, mri)
        }
      ),
      DocumentedDifference.new(
        "sign_pss/verify_pss with a nil digest: TypeError, as MRI (stock: SHA-256)",
        lambda { |c, engine, _, mri|
          %w[sign_pss verify_pss].include?(c.method) && c.args[0].nil? && engine.raised?(TypeError) &&
            (as_mri?(engine, mri) || mri_refuses_shape?(mri))
        }
      ),
      DocumentedDifference.new(
        "RSA.generate and RSA.new (bits, 1), (odd bits) and (12 to 19 bits), on which stock never returns or gives up after minutes: MRI's answer",
        ->(c, engine, _, mri) { %w[generate new].include?(c.method) && stock_never_returns?(c) && as_mri?(engine, mri) }
      ),
      DocumentedDifference.new(
        "sign/sign_raw/verify/verify_raw with rsa_padding_mode x931 and a digest X9.31 has no identifier for: PKeyError ...: invalid x931 digest, as MRI (stock: PKCS#1 v1.5, or its error for that digest)",
        lambda { |c, engine, _, mri|
          %w[sign sign_raw verify verify_raw].include?(c.method) && engine.raised?(OpenSSL::PKey::PKeyError) &&
            engine.message.end_with?("invalid x931 digest") && as_mri?(engine, mri)
        }
      ),
      DocumentedDifference.new(
        "bad input where stock leaks a Java exception: OpenSSL::PKey::RSAError with stock's message where MRI raises, else MRI's answer",
        lambda { |_, engine, stock, mri|
          stock.java? && (as_mri?(engine, mri) || (mri["raised"] && engine.raised?(OpenSSL::PKey::RSAError) && engine.message == stock.message))
        }
      ),
      # Not in the README's table but in its Security section: stock's errors for such keys are
      # accidents (its fault detection, division by zero), and MRI's OpenSSL answers some of them
      # by recomputing past its own failed check, or returns signatures that do not open.
      DocumentedDifference.new(
        "a crafted key (numbers that do not agree) where stock raises: MRI's answer, a signature that opens, or RSAError",
        lambda { |c, engine, stock, mri|
          c.crafted_key? && stock.raised? &&
            (as_mri?(engine, mri) || engine.raised?(OpenSSL::PKey::PKeyError) || [true, Integer].any? { |opens| opens === engine.check } ||
             (engine.engine_ran && !engine.raised?)) # an answer the engine computed left only after its check with e
        }
      )
    ].freeze

    def self.find(kase, engine, stock, mri)
      ROWS.find { |row| row.holds.call(kase, engine, stock, mri) }
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
