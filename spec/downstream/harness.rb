# frozen_string_literal: true

require "json"
require "openssl"

# What the drivers under spec/downstream/libraries share: the registry of libraries, the steps a
# driver declares, the keys every configuration is given, and the plain form of a step's result
# that a transcript holds. Loaded by the JRuby recorder (spec/downstream/record.rb).
module Downstream
  # One library as an app uses it: the Debian package it comes from, the files an app requires,
  # and the driver's definition, run in a Driver.
  Library = Struct.new(:name, :package, :requires, :definition, keyword_init: true)

  # A value a step returned that a transcript cannot hold as data: the driver is wrong, not the gem.
  class UnrecordableValue < StandardError; end

  LIBRARIES = {}

  module_function

  def library(name, package:, requires:, &definition)
    LIBRARIES[name] = Library.new(name: name, package: package, requires: requires, definition: definition)
  end

  def load_libraries
    Dir[File.join(__dir__, "libraries", "*.rb")].sort.each { |file| require file }
    LIBRARIES
  end

  # A step's result as JSON data: text stays text, bytes become hex, DER-encodable objects their
  # DER. Anything else (an object whose inspect holds an address) would compare by chance.
  def plain(value)
    case value
    when String then text?(value) ? value : { "hex" => value.unpack1("H*") }
    when Symbol then ":#{value}"
    when Integer, Float, true, false, nil then value
    when Array then value.map { |item| plain(item) }
    when Hash then value.to_h { |key, item| [key.to_s, plain(item)] }
    when Time then value.utc.strftime("%Y-%m-%d %H:%M:%S UTC")
    when OpenSSL::BN then value.to_s(16)
    else
      raise UnrecordableValue, "a step returned a #{value.class}: return text, bytes, numbers, arrays or hashes" unless value.respond_to?(:to_der)

      { "der" => value.to_der.unpack1("H*") }
    end
  end

  def text?(string)
    string.dup.force_encoding(Encoding::UTF_8).valid_encoding? && !string.match?(/[\x00-\x08\x0e-\x1f\x7f]/n)
  end

  # The inverse of #plain for the one value a randomized step hands to another configuration.
  def restore(value)
    value.is_a?(Hash) && value.key?("hex") ? [value["hex"]].pack("H*") : value
  end

  # The keys of one run, made by MRI (spec/downstream/fixtures.rb) and read by every configuration.
  class Keys
    PASSPHRASE = "downstream passphrase"

    def initialize(dir)
      @dir = dir
    end

    def path(name) = File.join(@dir, name)
    def read(name) = File.binread(path(name))
    def pem(name) = File.read(path(name))

    def rsa = @rsa ||= OpenSSL::PKey::RSA.new(pem("rsa.pem"))
    def other_rsa = @other_rsa ||= OpenSSL::PKey::RSA.new(pem("other_rsa.pem"))
    def rsa_3072 = @rsa_3072 ||= OpenSSL::PKey::RSA.new(pem("rsa_3072.pem"))
    def public_rsa = @public_rsa ||= OpenSSL::PKey::RSA.new(pem("rsa_public.pem"))
    def ec = @ec ||= OpenSSL::PKey::EC.new(pem("ec.pem"))
    def dsa = @dsa ||= OpenSSL::PKey::DSA.new(pem("dsa.pem"))
    def certificate = @certificate ||= OpenSSL::X509::Certificate.new(pem("certificate.pem"))

    # The RSA key in each form an app keeps one: name => text or bytes, all of the same key.
    def rsa_forms
      { "PKCS#1 PEM" => pem("rsa.pem"), "PKCS#8 PEM" => pem("rsa_pkcs8.pem"), "DER" => read("rsa.der"),
        "public PEM" => pem("rsa_public.pem") }
    end

    def ssh = @ssh ||= JSON.parse(File.read(path("ssh.json")))

    # The curves JOSE signs with (ES256, ES384, ES512 and ES256K), by OpenSSL's name: per curve a
    # key, its public half alone (as a verifier holds it) and another key of the curve.
    EC_CURVES = %w[prime256v1 secp384r1 secp521r1 secp256k1].freeze

    def ec_key(curve) = ec_keys[["ec", curve]] ||= OpenSSL::PKey::EC.new(pem("ec_#{curve}.pem"))
    def public_ec(curve) = ec_keys[["public", curve]] ||= OpenSSL::PKey::EC.new(pem("ec_#{curve}_public.pem"))
    def other_ec(curve) = ec_keys[["other", curve]] ||= OpenSSL::PKey::EC.new(pem("other_ec_#{curve}.pem"))

    private

    def ec_keys = @ec_keys ||= {}
  end

  # A library's steps, declared by its driver's definition. A step's outcome is compared between
  # configurations; a randomized step's output is handed to the other configuration, whose verify
  # gives the outcome (so it must equal that configuration's own verification of its own output).
  class Driver
    Step = Struct.new(:name, :produce, :verify)

    # Claims and data the drivers sign: fixed, so that deterministic outputs compare byte for byte.
    PAYLOAD = { "sub" => "downstream", "iss" => "fast-rsa-engine", "aud" => "apps", "n" => 42 }.freeze
    DATA = "the libraries as apps use them"

    attr_reader :steps, :keys

    def payload = PAYLOAD
    def data = DATA

    def initialize(keys)
      @keys = keys
      @steps = []
    end

    def step(name, &produce)
      add(Step.new(name, produce, nil))
    end

    def randomized(name, verify:, &produce)
      add(Step.new(name, produce, verify))
    end

    # A copy of text or bytes with one character changed, for the error paths of tampered input.
    def tamper(string, at: string.length / 2)
      copy = string.dup
      copy[at] = copy[at] == "A" ? "B" : "A"
      copy
    end

    # A JWT's header and claims, verified with key (ruby-jwt, which the JWT-signing libraries load),
    # without the times of signing, which differ from run to run.
    def claims_of(token, key, algorithm = "RS256")
      payload, header = JWT.decode(token, key, true, algorithm: algorithm, verify_expiration: false)
      [payload.reject { |name, _| %w[iat exp nbf].include?(name) }, header]
    end

    private

    def add(step)
      raise ArgumentError, "two steps named #{step.name.inspect}" if @steps.any? { |s| s.name == step.name }

      @steps << step
    end
  end
end
