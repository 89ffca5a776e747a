# frozen_string_literal: true

require "json"

# MRI's outputs for fixed keys and inputs, written by spec/fixtures/generate.rb under MRI:
# the byte-for-byte reference for the engine on JRuby. Byte strings in the file are hex.
module ReferenceFixtures
  PATH = File.expand_path("../fixtures/mri_reference.json", __dir__)

  # One key of the file and what MRI computed with it.
  class KeyFixture
    attr_reader :name, :bits, :e

    def initialize(data)
      @data = data
      @name = data.fetch("name")
      @bits = data.fetch("bits")
      @e = data.fetch("e")
    end

    def pem
      @data.fetch("pem")
    end

    # A fresh key object each time: the engine keeps its state per object.
    def private_key
      OpenSSL::PKey::RSA.new(pem)
    end

    def public_key
      OpenSSL::PKey::RSA.new(private_key.public_key.to_pem)
    end

    def modulus_bytes
      (bits + 7) / 8
    end

    def signatures
      @data.fetch("sign")
    end

    def raw_signatures
      @data.fetch("sign_raw")
    end

    def private_encryptions
      @data.fetch("private_encrypt")
    end

    def ciphertexts
      @data.fetch("public_encrypt")
    end

    def pss_calls
      @data.fetch("pss")
    end

    def edge_cases
      @data.fetch("edge_cases", [])
    end

    # MRI's PKCS#1 v1.5 signature of a named message.
    def signature(digest, message)
      entry = signatures.find { |s| s["digest"] == digest && s["message"] == message }
      raise KeyError, "#{name} has no #{digest} signature of #{message}" unless entry

      ReferenceFixtures.bytes(entry.fetch("signature"))
    end

    def ciphertext(padding, index = 0)
      entries = ciphertexts.select { |c| c["padding"] == padding }
      entries.fetch(index)
    end
  end

  class << self
    def document
      @document ||= JSON.parse(File.read(PATH))
    end

    def keys
      @keys ||= document.fetch("keys").map { |data| KeyFixture.new(data) }
    end

    def key(name)
      keys.find { |fixture| fixture.name == name } or raise KeyError, "no fixture key #{name}"
    end

    def message(name)
      bytes(document.fetch("messages").fetch(name))
    end

    def bytes(hex)
      [hex].pack("H*")
    end

    def hex(bytes)
      bytes.unpack1("H*")
    end

    def padding(name)
      OpenSSL::PKey::RSA.const_get(name)
    end

    # The arguments of a recorded call: {"bytes" => hex} is a binary String, anything else as is.
    def arguments(recorded)
      recorded.map { |arg| arg.is_a?(Hash) && arg.key?("bytes") ? bytes(arg.fetch("bytes")) : arg }
    end
  end
end
