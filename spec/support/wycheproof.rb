# frozen_string_literal: true

require "json"

# Project Wycheproof's RSA and EC vectors, in spec/fixtures/wycheproof (its README.md says where they
# come from and what each file tests). Hex strings are big-endian bytes.
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

  # OpenSSL's name for Wycheproof's curve name.
  def curve_name(name)
    name == "secp256r1" ? "prime256v1" : name
  end

  # A public EC key from its SubjectPublicKeyInfo (DER): OpenSSL::PKey.read, as apps read a peer's
  # key. jruby-openssl 0.15 (JRuby 9.4.12) reads no EC key through PKey.read ("Could not parse PKey:
  # unsupported"), only through EC.new, so there it is EC.new.
  def ec_public_key(der)
    RUBY_ENGINE == "jruby" && Backends.old_stock? ? OpenSSL::PKey::EC.new(der) : OpenSSL::PKey.read(der)
  end

  # The ECDSA group's public key, parsed once: examples share it.
  def ecdsa_key(group)
    @ecdsa_keys ||= {}
    @ecdsa_keys[group.fetch("publicKeyDer")] ||= ec_public_key(bytes(group.fetch("publicKeyDer")))
  end

  # What MRI's OpenSSL answers for each ECDH test of a file that is not valid, by tcId: for
  # dh_compute_key and derive, the secret's hex, or nil where it raised or the peer did not load.
  # MRI runs once per file (spec/support/mri.rb).
  def mri_ecdh_secrets(path)
    @mri_ecdh_secrets ||= {}
    @mri_ecdh_secrets[path] ||= MRI.run(<<~RUBY, "path" => path, "helpers" => File.expand_path("ec_fixtures.rb", __dir__))
      input = JSON.parse($stdin.read)
      require input["helpers"]
      group = JSON.parse(File.read(input["path"])).fetch("testGroups").first
      curve = group["curve"] == "secp256r1" ? "prime256v1" : group["curve"]
      # A secret's hex, or nil where OpenSSL refused (MRI raises PKeyError for every refusal here).
      secret = lambda do |&call|
        call.call.unpack1("H*")
      rescue OpenSSL::PKey::PKeyError
        nil
      end
      answers = group["tests"].reject { |test| test["result"] == "valid" }.to_h do |test|
        key = EcFixtures.from_scalar(curve, OpenSSL::BN.new(test["private"], 16))
        peer = begin
          OpenSSL::PKey.read([test["public"]].pack("H*"))
        rescue OpenSSL::PKey::PKeyError # the peer does not load: no secret either way
          nil
        end
        [test["tcId"].to_s, { "dh_compute_key" => peer && secret.call { key.dh_compute_key(peer.public_key) },
                              "derive" => peer && secret.call { key.derive(peer) } }]
      end
      puts JSON.generate(answers)
    RUBY
  end
end
