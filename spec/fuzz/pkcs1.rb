# frozen_string_literal: true

require "openssl"

module Fuzz
  # PKCS#1 (RFC 8017) written plainly in Ruby, independent of every backend: the generator builds
  # valid signatures and ciphertexts with it, and the runner opens what the engine signed.
  # Blocks are binary Strings; numbers are Integers.
  module Pkcs1
    # The digests both Rubies compute, with their DigestInfo object identifiers.
    DIGEST_OIDS = {
      "MD5" => "1.2.840.113549.2.5", "SHA1" => "1.3.14.3.2.26", "SHA224" => "2.16.840.1.101.3.4.2.4",
      "SHA256" => "2.16.840.1.101.3.4.2.1", "SHA384" => "2.16.840.1.101.3.4.2.2",
      "SHA512" => "2.16.840.1.101.3.4.2.3", "RIPEMD160" => "1.3.36.3.2.1"
    }.freeze

    module_function

    # The name in DIGEST_OIDS that a digest argument ("sha256", :SHA256, an OpenSSL::Digest) means, or nil.
    # An OpenSSL::Digest means its algorithm, as MRI reads it: what OpenSSL::Digest#name answers,
    # not a subclass's override.
    def digest_name(digest)
      name = canonical(digest.is_a?(OpenSSL::Digest) ? DIGEST_ALGORITHM.bind_call(digest) : digest.to_s)
      DIGEST_OIDS.key?(name) ? name : nil
    end

    # OpenSSL's other spellings of these digests (SHA-256, SHA2-256, sha-1, RIPEMD-160, an OID) as
    # the names above, so that what the engine signs under any of them is checked too.
    def canonical(name)
      upper = name.upcase
      return DIGEST_OIDS.key(upper) if DIGEST_OIDS.value?(upper)

      upper.sub(/\ASHA2?-(224|256|384|512)\z/, 'SHA\1').sub(/\ASHA-1\z/, "SHA1").sub(/\A(RIPEMD-160|RMD160|RIPEMD)\z/, "RIPEMD160")
    end

    DIGEST_ALGORITHM = OpenSSL::Digest.instance_method(:name)

    def digest(name, data)
      OpenSSL::Digest.digest(name, data)
    end

    # DER of the DigestInfo (with the NULL parameters, or without them as some signers write it).
    def digest_info(name, hash, null: true)
      @digest_info_prefixes ||= {}
      prefix = @digest_info_prefixes[[name, null, hash.bytesize]] ||= begin
        algorithm = [OpenSSL::ASN1::ObjectId(DIGEST_OIDS.fetch(name)), *(OpenSSL::ASN1::Null(nil) if null)]
        der = OpenSSL::ASN1::Sequence([OpenSSL::ASN1::Sequence(algorithm), OpenSSL::ASN1::OctetString("\x00".b * hash.bytesize)]).to_der
        der.byteslice(0, der.bytesize - hash.bytesize)
      end
      prefix + hash
    end

    # 00 01 FF..FF 00 payload (signatures), or nil when the payload does not fit.
    def type1(payload, k)
      return nil if payload.bytesize > k - 11

      "\x00\x01".b + ("\xFF".b * (k - 3 - payload.bytesize)) + "\x00".b + payload
    end

    # 00 02 nonzero random 00 payload (encryption), or nil when the payload does not fit.
    def type2(payload, k, random)
      return nil if payload.bytesize > k - 11

      filler = Array.new(k - 3 - payload.bytesize) { random.rand(1..255) }.pack("C*")
      "\x00\x02".b + filler + "\x00".b + payload
    end

    def oaep(payload, k, digest, label, random)
      h_len = digest(digest, "").bytesize
      return nil if payload.bytesize > k - (2 * h_len) - 2

      db = digest(digest, label) + ("\x00".b * (k - payload.bytesize - (2 * h_len) - 2)) + "\x01".b + payload
      seed = random.bytes(h_len)
      masked_db = xor(db, mgf1(seed, db.bytesize, digest))
      "\x00".b + xor(seed, mgf1(masked_db, h_len, digest)) + masked_db
    end

    # EMSA-PSS for a modulus of mod_bits bits, or nil when the salt does not fit.
    def pss(hash, salt, digest, mgf1_digest, mod_bits)
      em_len = (mod_bits + 6) / 8
      h_len = hash.bytesize
      return nil if em_len < h_len + salt.bytesize + 2

      h = digest(digest, ("\x00".b * 8) + hash + salt)
      db = ("\x00".b * (em_len - salt.bytesize - h_len - 2)) + "\x01".b + salt
      masked_db = clear_top_bits(xor(db, mgf1(h, db.bytesize, mgf1_digest)), mod_bits)
      masked_db + h + "\xBC".b
    end

    # The salt length if em (k bytes) is an EMSA-PSS encoding of hash, else nil.
    def pss_salt_length(em, hash, digest, mgf1_digest, mod_bits)
      em_len = (mod_bits + 6) / 8
      return nil unless em.byteslice(0, em.bytesize - em_len).delete("\x00").empty?

      em = em.byteslice(-em_len, em_len)
      h_len = hash.bytesize
      return nil if em.bytesize < h_len + 2 || em.getbyte(-1) != 0xBC

      masked_db = em.byteslice(0, em.bytesize - h_len - 1)
      h = em.byteslice(masked_db.bytesize, h_len)
      return nil unless clear_top_bits(masked_db, mod_bits) == masked_db

      db = clear_top_bits(xor(masked_db, mgf1(h, masked_db.bytesize, mgf1_digest)), mod_bits)
      salt = db.sub(/\A\x00*\x01/n, "")
      salt.bytesize if salt.bytesize < db.bytesize && h == digest(digest, ("\x00".b * 8) + hash + salt)
    end

    def mgf1(seed, length, digest)
      mask = "".b
      counter = 0
      while mask.bytesize < length
        mask << digest(digest, seed + [counter].pack("N"))
        counter += 1
      end
      mask.byteslice(0, length)
    end

    def xor(left, right)
      left.bytes.zip(right.bytes).map { |a, b| a ^ b }.pack("C*")
    end

    # PSS leaves the top bits of its first byte zero, so that the block stays below n.
    def clear_top_bits(masked_db, mod_bits)
      unused = (8 * ((mod_bits + 6) / 8)) - (mod_bits - 1)
      masked_db.dup.tap { |db| db.setbyte(0, db.getbyte(0) & (0xFF >> unused)) }
    end

    # The raw RSA operation block^exponent mod n as a k-byte block; nil for a negative exponent.
    def power(block, exponent, n)
      return nil if exponent.nil? || exponent.negative? || block.nil?

      bytes(block.unpack1("H*").to_i(16).pow(exponent, n), (n.bit_length + 7) / 8)
    end

    def bytes(number, length)
      [number.to_s(16).rjust(2 * length, "0")].pack("H*")
    end
  end
end
