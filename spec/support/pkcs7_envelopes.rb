# frozen_string_literal: true

# PKCS#7 envelopes of every kind PKCS7#decrypt must answer as OpenSSL decides it (issue "PKCS#7
# decryption exactly as OpenSSL decides it"): made by MRI's OpenSSL (PKCS7.encrypt) and then
# edited in their DER, the first recipient's encrypted key replaced by a block of a chosen kind,
# and for one kind the content cipher's OID by one OpenSSL cannot decrypt with. MRI makes the
# rows (with OpenSSL's legacy provider, for RC2: LEGACY_CONFIG), and MRI (as configured by
# default), untouched stock and the gem answer them (answers); scripts require this file by path.
#
# A row: {"name", "der" (hex), "cipher", "block", "key" (which recipient's key decrypts: 0 or 1),
# "certificate" (whether the call gives that recipient's certificate), "forged" (whether the
# block that key opens is one of those rewritten)}.
module Pkcs7Envelopes
  PATH = __FILE__
  DATA = "PKCS#7 content"

  # An OpenSSL configuration with the legacy provider beside the default one: MRI then makes RC2.
  LEGACY_CONFIG = <<~CONFIG
    openssl_conf = openssl_init
    [openssl_init]
    providers = provider_sect
    [provider_sect]
    default = default_sect
    legacy = legacy_sect
    [default_sect]
    activate = 1
    [legacy_sect]
    activate = 1
  CONFIG

  CIPHERS = %w[AES-128-CBC AES-256-CBC DES-EDE3-CBC RC2-40-CBC RC2-CBC].freeze
  # AES-128-GCM's OID, where the envelope says AES-128-CBC: a content cipher neither OpenSSL nor
  # jruby-openssl decrypts a PKCS#7 envelope with.
  UNKNOWN_CIPHER = "2.16.840.1.101.3.4.1.6"

  # How the first recipient's encrypted key is written (the second's stays genuine):
  #   genuine       as PKCS7.encrypt wrote it
  #   short         a genuine encryption of the content key whose top byte is zero, written in k-1 bytes
  #   bad_padding   the encryption of k random bytes that are no PKCS#1 block (k bytes)
  #   bad_short     the same, of a block whose top byte is zero, written in k-1 bytes
  #   other_length  a well-padded block holding a key 8 bytes longer than the cipher's
  #   unencrypted   the content key's PKCS#1 block itself, not encrypted (k-1 bytes: its top byte is zero)
  BLOCKS = %w[genuine short bad_padding bad_short other_length unencrypted].freeze

  module_function

  # Every row, for keys (two RSA keys of one size) and their certificates.
  def rows(keys, certificates)
    (CIPHERS + ["unknown"]).flat_map do |cipher|
      [1, 2].flat_map do |recipients|
        BLOCKS.flat_map do |block|
          der = envelope(keys, certificates.first(recipients), DATA, cipher, block)
          (0...recipients).flat_map do |key|
            [true, false].map do |certificate|
              { "name" => "#{cipher}, #{recipients} recipient(s), first block #{block}, key #{key}, #{certificate ? 'with' : 'without'} certificate",
                "der" => der.unpack1("H*"), "cipher" => cipher, "block" => block, "key" => key, "certificate" => certificate,
                "forged" => key.zero? && !%w[genuine short].include?(block) }
            end
          end
        end
      end
    end
  end

  # What PKCS7#decrypt answers for each row: "content" (the content given to PKCS7.encrypt), or
  # "<class>: <message>". Random bytes where the content was (a forged block's random key whose
  # padding happened to check: OpenSSL's answer one time in about 256) count as "bad decrypt".
  def answers(rows, keys, certificates)
    rows.map do |row|
      envelope = OpenSSL::PKCS7.new([row["der"]].pack("H*"))
      key = keys[row["key"]]
      plaintext = row["certificate"] ? envelope.decrypt(key, certificates[row["key"]]) : envelope.decrypt(key)
      plaintext == DATA ? "content" : "OpenSSL::PKCS7::PKCS7Error: bad decrypt"
    rescue StandardError => e
      "#{e.class}: #{e.message}"
    end
  end

  def envelope(keys, certificates, data, cipher, block)
    cipher_name = cipher == "unknown" ? "AES-128-CBC" : cipher
    genuine = OpenSSL::PKCS7.encrypt(certificates, data, OpenSSL::Cipher.new(cipher_name), OpenSSL::PKCS7::BINARY).to_der
    asn1 = OpenSSL::ASN1.decode(genuine)
    enveloped = asn1.value[1].value[0]
    recipient = enveloped.value[1].value.find { |info| serial(info) == certificates.first.serial }
    encrypted_key = recipient.value[3]
    content_key = keys.first.private_decrypt(encrypted_key.value)
    encrypted_key.value = block(keys.first, content_key, block)
    algorithm = enveloped.value[2].value[1]
    algorithm.value[0] = OpenSSL::ASN1::ObjectId.new(UNKNOWN_CIPHER) if cipher == "unknown"
    asn1.to_der
  end

  def serial(recipient_info)
    recipient_info.value[1].value[1].value
  end

  def block(key, content_key, kind)
    size = key.n.num_bytes
    case kind
    when "genuine" then key.public_encrypt(content_key)
    when "short" then until_top_zero { key.public_encrypt(content_key) }[1..]
    when "bad_padding" then raw_encrypt(key, "\x01".b + Random.bytes(size - 1))
    when "bad_short" then until_top_zero { raw_encrypt(key, "\x01".b + Random.bytes(size - 1)) }[1..]
    when "other_length" then key.public_encrypt(content_key + Random.bytes(8))
    when "unencrypted" then pkcs1_block(content_key, size)[1..]
    else raise ArgumentError, kind
    end
  end

  def until_top_zero
    loop do
      block = yield
      return block if block.getbyte(0).zero?
    end
  end

  def raw_encrypt(key, block)
    key.public_encrypt(block, OpenSSL::PKey::RSA::NO_PADDING)
  end

  # A PKCS#1 v1.5 encryption block (type 2) of k bytes holding data.
  def pkcs1_block(data, size)
    padding = Array.new(size - data.bytesize - 3) { rand(1..255) }.pack("C*")
    "\x00\x02".b + padding + "\x00".b + data
  end
end
