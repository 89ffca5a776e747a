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

    # RSA.new's arguments: a source, and sometimes a pass phrase (right, wrong, or no String). An
    # encrypted key always gets a String: without one, stock and MRI ask the terminal for it.
    def arguments(random, rsa_key)
      source, encrypted = source(random, rsa_key)
      passphrases = encrypted ? [PASSPHRASE, "wrong"] : [PASSPHRASE, "wrong", "", nil, 42]
      encrypted || random.rand < 0.3 ? [source, passphrases[random.rand(passphrases.size)]] : [source]
    end

    # One source, and whether it is an encrypted key: another type's key in one of its forms, or an
    # RSA key of the corpus, either sometimes malformed (an encrypted one never: a broken one may
    # lose what says it is encrypted, and stock would ask the terminal).
    def source(random, rsa_key)
      if random.rand < 0.5
        forms = OTHER_KEYS.fetch("keys").values.flat_map(&:to_a)
        form, hex = forms[random.rand(forms.size)]
        bytes = [hex].pack("H*")
        return [Value.bytes(bytes), true] if form == "encrypted_pem"

        return [Value.bytes(random.rand < 0.2 ? malformed(random, bytes) : bytes), false]
      end
      key = KeyCorpus.key(rsa_key)
      encoded = [key.to_pem, key.to_der, key.public_key.to_pem, key.public_key.to_der][random.rand(4)]
      [Value.bytes(random.rand < 0.6 ? malformed(random, encoded) : encoded), false]
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
