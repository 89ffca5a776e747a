# frozen_string_literal: true

require "json"

# Project Wycheproof's RSA vectors, in spec/fixtures/wycheproof (its README.md says where they come
# from and what each file tests). Hex strings are big-endian bytes.
module Wycheproof
  DIRECTORY = File.expand_path("../fixtures/wycheproof", __dir__)

  module_function

  def files(pattern)
    Dir[File.join(DIRECTORY, pattern)].sort
  end

  def groups(path)
    @groups ||= {}
    @groups[path] ||= JSON.parse(File.read(path)).fetch("testGroups")
  end

  def bytes(hex)
    [hex].pack("H*")
  end

  # The OpenSSL digest name for Wycheproof's "SHA-256", "SHA-512/224", "SHA3-256".
  def digest_name(name)
    name.start_with?("SHA3") ? name : name.sub("/", "-").sub("SHA-", "SHA")
  end

  # The group's private key, parsed once: examples share it (nothing here changes a key).
  def key(group)
    @keys ||= {}
    @keys[group.fetch("privateKeyPem")] ||= OpenSSL::PKey::RSA.new(group.fetch("privateKeyPem"))
  end

  # The group's key as the file's n, e and d alone: no CRT factors. JRuby builds it with set_key;
  # MRI's keys are immutable on OpenSSL 3.0, so there it is nil.
  def key_without_factors(group)
    return nil unless RUBY_ENGINE == "jruby"

    @keys_without_factors ||= {}
    @keys_without_factors[group.fetch("privateKeyPem")] ||= begin
      numbers = group.fetch("privateKey")
      key = OpenSSL::PKey::RSA.new
      key.set_key(*%w[modulus publicExponent privateExponent].map { |field| OpenSSL::BN.new(numbers.fetch(field), 16) })
      key
    end
  end
end
