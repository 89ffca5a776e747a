# frozen_string_literal: true

module Fuzz
  # PKCS#7 envelopes (EnvelopedData) written byte by byte with Der, as an attacker who writes the
  # envelope chooses them, and as no PKCS7.encrypt makes them: the recipient's key block exactly
  # k bytes or k - 1 (a ciphertext whose top byte is zero, written short), well padded or not (bad
  # padding, a content key of another length inside, no padding at all, the PKCS#1 block itself
  # unencrypted), one recipient or two of the same key size (the key drawn the first or the
  # second), and content ciphers OpenSSL knows, RC2 (which MRI's OpenSSL 3 lacks without its
  # legacy provider) and OIDs no PKCS#7 decoder can size (AES-GCM's, an unknown one). The
  # generator builds each at draw time, from its Random and the corpus's numbers, so the case holds
  # the envelope's bytes: MRI, untouched stock and every backend open the same envelope.
  module Envelopes
    # What every genuine envelope holds.
    PLAINTEXT = "fuzz plaintext"

    # The RecipientInfo's issuer and serial: the issuer of StructureCalls' certificates, the
    # serial of the key's own (StructureCalls.certificate), and the other recipient's: below it
    # where that recipient comes first, above where it comes second, so that the SET's order is
    # also DER's sorted order (Bouncy Castle, under jruby-openssl, sorts a SET it reads; OpenSSL
    # keeps the order written): the key is the first or the second recipient in either reading.
    SERIAL = 7
    OTHER_SERIALS = [8, 6].freeze # by the key's position

    # A content cipher: its OID, key and IV lengths, the AlgorithmIdentifier's parameters from the
    # IV, and the OpenSSL::Cipher that encrypts the content (nil: none does, the content is random).
    Cipher = Struct.new(:oid, :key_length, :iv_length, :parameters, :openssl_name)

    CIPHERS = {
      "AES-128-CBC" => Cipher.new("2.16.840.1.101.3.4.1.2", 16, 16, ->(iv) { Der.octet_string(iv) }, "AES-128-CBC"),
      "AES-256-CBC" => Cipher.new("2.16.840.1.101.3.4.1.42", 32, 16, ->(iv) { Der.octet_string(iv) }, "AES-256-CBC"),
      "DES-EDE3-CBC" => Cipher.new("1.2.840.113549.3.7", 24, 8, ->(iv) { Der.octet_string(iv) }, "DES-EDE3-CBC"),
      # RC2's parameters name its effective key bits (RFC 8018: version 160 for 40 bits, 58 for 128).
      "RC2-40-CBC" => Cipher.new("1.2.840.113549.3.2", 5, 8, ->(iv) { Der.sequence(Der.integer(160), Der.octet_string(iv)) }, "RC2-40-CBC"),
      "RC2-128-CBC" => Cipher.new("1.2.840.113549.3.2", 16, 8, ->(iv) { Der.sequence(Der.integer(58), Der.octet_string(iv)) }, "RC2-CBC"),
      # id-aes128-GCM with its GCMParameters (nonce, tag length): no CBC content any decoder here takes.
      "AES-128-GCM" => Cipher.new("2.16.840.1.101.3.4.1.6", 16, 12, ->(iv) { Der.sequence(Der.octet_string(iv), Der.integer(16)) }, nil),
      "unknown OID" => Cipher.new("1.3.6.1.4.1.55555.1.1", 16, 16, ->(iv) { Der.octet_string(iv) }, nil)
    }.freeze

    # The ciphers MRI's OpenSSL 3 cannot use (RC2 is in its legacy provider): MRI's answer there
    # ("decrypt error") is no reference, only its one answer for every forgery.
    MRI_LACKS = ["RC2-40-CBC", "RC2-128-CBC"].freeze

    # The key block of the key drawn: genuine ones (the content key, PKCS#1 v1.5), written k bytes,
    # k bytes with a zero top byte, or k - 1; and forged ones, which no key opens to the content key.
    GENUINE_BLOCKS = %w[genuine top_zero short].freeze
    FORGED_BLOCKS = %w[wrong_key bad_padding bad_padding_short wrong_length wrong_length_short unpadded plain_block].freeze

    # The keys envelopes go to: those whose k holds a PKCS#1 block of the longest content key.
    KEYS = %w[rsa1024 rsa1024_e3 rsa2048 tiny_512].freeze
    # Each key's second recipient: another sound key of the same size, where the corpus has one.
    PARTNERS = { "rsa1024" => "rsa1024_e3", "rsa1024_e3" => "rsa1024" }.freeze

    module_function

    # A drawn envelope for the key (one of KEYS): Value.envelope(DER, what it is).
    def draw(random, key_name)
      cipher = CIPHERS.keys[random.rand(CIPHERS.size)]
      block = random.rand < 0.35 ? GENUINE_BLOCKS[random.rand(GENUINE_BLOCKS.size)] : FORGED_BLOCKS[random.rand(FORGED_BLOCKS.size)]
      partner = PARTNERS[key_name] if random.rand < 0.6
      position = partner && random.rand < 0.5 ? 1 : 0
      description = { "cipher" => cipher, "block" => block, "recipients" => partner ? 2 : 1, "position" => position,
                      "rsa_parameters" => random.rand < 0.5 }
      Value.envelope(build(random, key_name, partner, description), description)
    end

    def build(random, key_name, partner, description)
      cipher = CIPHERS.fetch(description["cipher"])
      content_key = random.bytes(cipher.key_length)
      iv = random.bytes(cipher.iv_length)
      parameters = description.fetch("rsa_parameters", true)
      own = recipient(SERIAL, key_block(random, KeyCorpus.numbers(key_name), content_key, description["block"], cipher), parameters)
      infos = [own]
      if partner
        other = recipient(OTHER_SERIALS.fetch(description["position"]), partner_block(random, KeyCorpus.numbers(partner), content_key), parameters)
        infos.insert(description["position"] == 1 ? 0 : 1, other)
      end
      enveloped = Der.sequence(Der.integer(0), Der.tlv(0x31, infos.join), content(random, cipher, content_key, iv))
      Der.sequence(Der.oid("1.2.840.113549.1.7.3"), Der.explicit(0, enveloped))
    end

    # Whether a drawn envelope's block for the key drawn is forged: no key opens it to the content key.
    def forged?(description)
      FORGED_BLOCKS.include?(description["block"])
    end

    # A RecipientInfo; rsaEncryption's AlgorithmIdentifier with NULL parameters (as OpenSSL writes
    # it) or none (as jruby-openssl writes it).
    def recipient(serial, encrypted_key, parameters)
      issuer_and_serial = Der.sequence(issuer, Der.integer(serial))
      algorithm = Der.sequence(Der.oid("1.2.840.113549.1.1.1"), parameters ? "\x05\x00".b : "".b)
      Der.sequence(Der.integer(0), issuer_and_serial, algorithm, Der.octet_string(encrypted_key))
    end

    # The certificates' issuer as this Ruby writes the Name (the same bytes its certificates hold).
    def issuer
      @issuer ||= OpenSSL::X509::Name.parse(StructureCalls::NAME).to_der
    end

    # The content encrypted under the content key, or random bytes where this Ruby has no such cipher.
    def content(random, cipher, content_key, iv)
      encrypted = encrypt(cipher, content_key, iv) || random.bytes(((PLAINTEXT.bytesize / 16) + 1) * 16)
      Der.sequence(Der.oid("1.2.840.113549.1.7.1"), Der.sequence(Der.oid(cipher.oid), cipher.parameters.call(iv)), Der.tlv(0x80, encrypted))
    end

    def encrypt(cipher, content_key, iv)
      return nil unless cipher.openssl_name

      openssl = OpenSSL::Cipher.new(cipher.openssl_name).encrypt
      openssl.key = content_key
      openssl.iv = iv
      openssl.update(PLAINTEXT) + openssl.final
    rescue OpenSSL::Cipher::CipherError # MRI's OpenSSL 3 without the legacy provider: no RC2
      nil
    end

    # The second recipient's block: its own genuine one.
    def partner_block(random, numbers, content_key)
      encrypted(numbers, Pkcs1.type2(content_key, k(numbers), random))
    end

    def key_block(random, numbers, content_key, form, cipher)
      k = k(numbers)
      case form
      when "genuine" then encrypted(numbers, Pkcs1.type2(content_key, k, random))
      when "top_zero" then top_zero(numbers) { Pkcs1.type2(content_key, k, random) }
      when "short" then top_zero(numbers) { Pkcs1.type2(content_key, k, random) }.byteslice(1..)
      when "wrong_key" then encrypted(numbers, Pkcs1.type2(random.bytes(cipher.key_length), k, random))
      when "bad_padding" then Pkcs1.bytes(random.rand(numbers[:n]), k)
      when "bad_padding_short" then Pkcs1.bytes(random.rand(256**(k - 1)), k - 1)
      when "wrong_length" then encrypted(numbers, Pkcs1.type2(other_length_key(random, cipher), k, random))
      when "wrong_length_short" then top_zero(numbers) { Pkcs1.type2(other_length_key(random, cipher), k, random) }.byteslice(1..)
      when "unpadded" then encrypted(numbers, Pkcs1.bytes(content_key.unpack1("H*").to_i(16), k))
      when "plain_block" then Pkcs1.type2(content_key, k, random).byteslice(1..)
      else raise ArgumentError, "unknown key block #{form.inspect}"
      end
    end

    def other_length_key(random, cipher)
      random.bytes(([5, 8, 16, 24, 32] - [cipher.key_length])[random.rand(4)])
    end

    def encrypted(numbers, block)
      Pkcs1.power(block, numbers[:e], numbers[:n])
    end

    # An encryption of a block the block drawn anew until the ciphertext's top byte is zero (about
    # one time in n / 256^(k-1): a few hundred draws at most, each a public-key operation).
    def top_zero(numbers)
      loop do
        ciphertext = encrypted(numbers, yield)
        return ciphertext if ciphertext.getbyte(0).zero?
      end
    end

    def k(numbers)
      (numbers[:n].bit_length + 7) / 8
    end

    # What sets an envelope's answers apart, for grouping findings: a genuine or forged block, of
    # k or k - 1 bytes, the cipher's kind, and which recipient the key is.
    def mechanism(description)
      block, cipher, recipients, position = description.values_at("block", "cipher", "recipients", "position")
      length = %w[short bad_padding_short wrong_length_short plain_block].include?(block) ? "k - 1" : "k"
      kind = cipher.end_with?("-CBC") ? "a CBC cipher" : "a cipher no decoder sizes"
      "#{forged?(description) ? 'forged' : 'genuine'} key block of #{length} bytes, #{kind}, " \
        "#{recipients == 2 ? "the #{position.zero? ? 'first' : 'second'} of two recipients" : 'one recipient'}"
    end

    # The envelope's description in a few words, for reports.
    def describe(description)
      cipher, block, recipients, position = description.values_at("cipher", "block", "recipients", "position")
      "#{block} key block, #{cipher}, #{recipients == 2 ? "two recipients, the key the #{position.zero? ? 'first' : 'second'}" : 'one recipient'}"
    end
  end
end
