# frozen_string_literal: true

module Fuzz
  # Checks of what a call returned, without the engine: a signature is opened under the key's
  # public half with plain Integer arithmetic (Fuzz::Pkcs1); a ciphertext is decrypted by stock
  # jruby-openssl (by OpenSSL under MRI). The answers compare across backends and Rubies.
  module OutputCheck
    module_function

    # For a :signature output: true when a PKCS#1 v1.5 block opens to what was signed, the salt
    # length when a PSS block verifies, false when it does not open, nil when the padding asked
    # for is none checked here (SSLv23, OAEP, a digest outside Pkcs1::DIGEST_OIDS).
    def signature(kase, signature)
      n, e = KeyCorpus.numbers(kase.key).values_at(:n, :e)
      k = (n.bit_length + 7) / 8
      em = signature.bytesize == k ? Pkcs1.power(signature, e, n) : nil
      expected = expected_block(kase, k)
      return nil if expected.nil?
      return false if em.nil?

      expected.is_a?(Proc) ? expected.call(em, n.bit_length) : em == expected
    end

    # For a :key output: its class, the size of n, e, and whether its numbers make a key: p * q = n,
    # and a block raised to d, then e, comes back.
    def key(key)
      return EcOutputCheck.key(key) if key.is_a?(OpenSSL::PKey::EC)
      return [key.class.name] unless key.is_a?(OpenSSL::PKey::RSA) && key.private?

      n, e, d, p, q = [key.n, key.e, key.d, key.p, key.q].map(&:to_i)
      block = 0x5ca1ab1e % n
      [key.class.name, n.bit_length, e, p * q == n && block.pow(d, n).pow(e, n) == block]
    end

    # EC's outputs: an ECDSA signature, an ECDH secret (Fuzz::EcOutputCheck).
    def ec_signature(kase, signature)
      EcOutputCheck.signature(kase, signature)
    end

    def secret(kase, secret)
      EcOutputCheck.secret(kase, secret)
    end

    # The call that undoes each :ciphertext method, given the same padding or options.
    INVERSES = { "public_encrypt" => "private_decrypt", "encrypt" => "decrypt" }.freeze

    # For a :ciphertext output: the decrypted bytes in hex, or false when it does not decrypt.
    # (An inverse that stock lacks, such as decrypt, runs with the engine on.)
    def ciphertext(kase, ciphertext)
      inverse = INVERSES.fetch(kase.method)
      undo = -> { Outcome.of { kase.receiver.public_send(inverse, ciphertext, *Value.decode(kase.args).drop(1)) } }
      plaintext = DocumentedDifferences::STOCK_LACKS.key?(inverse) ? undo.call : without_engine(&undo)
      plaintext.raised? ? false : plaintext.value.unpack1("H*")
    end

    # The block the signature must open to, a Proc checking it (PSS), or nil when unknown.
    def expected_block(kase, k)
      args = Value.decode(kase.args)
      case kase.method
      when "sign" then message_block(args[0], args[1], options(args[2]), k)
      when "sign_pss" then pss(args[0], hash_of(args[0], args[1]), option(options(kase.keywords ? Value.decode(kase.keywords) : args[2]), "mgf1_hash"))
      when "sign_raw" then raw_block(args[0], args[1], options(args[2]), k)
      when "private_encrypt" then cipher_block(args[0], args.fetch(1, 1), k)
      end
    end

    def message_block(digest, data, options, k)
      hash = hash_of(digest, data)
      case padding_mode(options)
      when "pss" then pss(digest, hash, option(options, "rsa_mgf1_md"))
      when "pkcs1" then hash && Pkcs1.type1(Pkcs1.digest_info(Pkcs1.digest_name(digest), hash), k)
      end
    end

    # As MRI: a nil digest pads the hash alone.
    def raw_block(digest, hash, options, k)
      case padding_mode(options)
      when "pss" then digest && pss(digest, hash, option(options, "rsa_mgf1_md"))
      when "pkcs1" then digest.nil? ? Pkcs1.type1(hash, k) : Pkcs1.digest_name(digest) && Pkcs1.type1(Pkcs1.digest_info(Pkcs1.digest_name(digest), hash), k)
      end
    end

    def cipher_block(data, padding, k)
      case padding
      when nil, 1 then Pkcs1.type1(data, k)
      when 3 then data
      end
    end

    # A check of a PSS block over hash, answering the salt length it finds.
    def pss(digest, hash, mgf1_digest)
      name = Pkcs1.digest_name(digest)
      mgf1_name = mgf1_digest.nil? ? name : Pkcs1.digest_name(mgf1_digest)
      return nil if hash.nil? || name.nil? || mgf1_name.nil?

      ->(em, bits) { Pkcs1.pss_salt_length(em, hash, name, mgf1_name, bits) || false }
    end

    def hash_of(digest, data)
      name = Pkcs1.digest_name(digest)
      name && data.is_a?(String) ? Pkcs1.digest(name, data) : nil
    end

    def pss?(options)
      padding_mode(options) == "pss"
    end

    # "pss", "x931" (not checked here: MRI's answer is compared instead), else "pkcs1": a signature
    # with an unknown mode is PKCS#1 v1.5, as MRI's OpenSSL, stock and the engine make it ("none" is
    # refused before anything is signed).
    def padding_mode(options)
      mode = option(options, "rsa_padding_mode").to_s
      return "x931" if mode == "x931"

      mode.casecmp?("pss") ? "pss" : "pkcs1"
    end

    def options(value)
      value.is_a?(Hash) ? value : {}
    end

    def option(options, name)
      options.fetch(name) { options[name.to_sym] }
    end

    # The block's work with the engine off: stock on JRuby, OpenSSL itself under MRI.
    def without_engine(&block)
      RUBY_ENGINE == "jruby" && defined?(FastRsaEngine) ? Backends.with(:stock, &block) : yield
    end
  end
end
