# frozen_string_literal: true

require "json"

module Fuzz
  # OpenSSL::PKey::RSA.new(source [, pass phrase]) as apps load keys of unknown type (`RSA.new(pem)
  # rescue RSAError`, then EC or DSA): keys of other types in every form (spec/fixtures/other_keys.json,
  # made by MRI), and the corpus's RSA keys as PEM and DER, whole or malformed. A source is drawn
  # as bytes, so MRI and JRuby load the same.
  module KeyLoading
    OTHER_KEYS = JSON.parse(File.read(File.expand_path("../fixtures/other_keys.json", __dir__)))
    PASSPHRASE = OTHER_KEYS.fetch("passphrase")

    module_function

    def load(*args)
      OpenSSL::PKey::RSA.new(*args)
    end

    # One source: another type's key, or an RSA key of the corpus, sometimes malformed.
    def source(random, rsa_key)
      if random.rand < 0.5
        forms = OTHER_KEYS.fetch("keys").values.flat_map(&:values)
        return Value.bytes(malformed(random, [forms[random.rand(forms.size)]].pack("H*"))) if random.rand < 0.2

        return Value.bytes([forms[random.rand(forms.size)]].pack("H*"))
      end
      key = KeyCorpus.key(rsa_key)
      encoded = [key.to_pem, key.to_der, key.public_key.to_pem, key.public_key.to_der][random.rand(4)]
      Value.bytes(random.rand < 0.6 ? malformed(random, encoded) : encoded)
    end

    # A source broken one way: cut short, a byte changed, a PEM label another type's, its body
    # not Base64, or nothing.
    def malformed(random, bytes)
      bytes = bytes.b
      case random.rand(5)
      when 0 then bytes[0, random.rand(bytes.size)]
      when 1 then bytes.dup.tap { |b| b.setbyte(random.rand(b.size), random.rand(256)) }
      when 2 then bytes.sub(/(BEGIN|END) (RSA )?(PUBLIC|PRIVATE) KEY/) { "#{Regexp.last_match(1)} EC PRIVATE KEY" }
      when 3 then bytes.sub(/\n[A-Za-z0-9+\/]{8}/, "\n!@#$%^&*")
      else ""
      end
    end
  end
end
