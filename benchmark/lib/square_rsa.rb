# frozen_string_literal: true

require "openssl"
require_relative "rsa_operations"

# The anchor row: Square's bouncycastle-rsa (NativeRSAEngine, GMP through jnagmp) driven
# directly from JRuby, PKCS#1 v1.5 through Bouncy Castle's PKCS1Encoding, as the 2015
# fast-rsa-engine gem did. JRuby only; only the private-key operations, sign and decrypt.
class SquareRsa
  NAMES = %w[sign decrypt].freeze
  JARS = %w[jna-5.17.0.jar jnagmp-3.0.0.jar bouncycastle-rsa-3.0.0.jar].freeze

  # The jars bin/setup downloaded and verified (the cache folder of bin/lib/toolchain.sh).
  def self.load_jars
    JARS.each { |jar| require File.join(cache_dir, "downloads", jar) }
  end

  def self.cache_dir
    ENV.fetch("FAST_RSA_ENGINE_CACHE") do
      File.join(ENV.fetch("XDG_CACHE_HOME") { File.join(Dir.home, ".cache") }, "fast-rsa-engine")
    end
  end

  def initialize(key)
    @key = key
    @parameters = crt_parameters(key)
    @ciphertext = key.public_encrypt(RsaOperations::MESSAGE).to_java_bytes
  end

  def names
    NAMES
  end

  # A callable for one operation, with its own cipher: a Bouncy Castle cipher is not thread-safe.
  def prepare(name)
    case name
    when "sign" then sign_with(cipher(encrypting: true))
    when "decrypt" then decrypt_with(cipher(encrypting: false))
    else raise ArgumentError, "Square's bouncycastle-rsa row has no #{name.inspect}"
    end
  end

  # Raises unless this gives the same bytes as OpenSSL (PKCS#1 v1.5 signatures are deterministic).
  def check!
    openssl_signature = @key.sign(RsaOperations::DIGEST, RsaOperations::MESSAGE)
    raise "signature differs from OpenSSL's" unless prepare("sign").call == openssl_signature
    raise "decrypt did not give the message back" unless prepare("decrypt").call == RsaOperations::MESSAGE
  end

  private

  def sign_with(cipher)
    -> { process(cipher, digest_info(RsaOperations::MESSAGE)) }
  end

  def decrypt_with(cipher)
    -> { process(cipher, @ciphertext) }
  end

  def cipher(encrypting:)
    cipher = org.bouncycastle.crypto.encodings.PKCS1Encoding.new(com.squareup.crypto.rsa.NativeRSAEngine.new)
    cipher.init(encrypting, @parameters)
    cipher
  end

  def process(cipher, bytes)
    String.from_java_bytes(cipher.processBlock(bytes, 0, bytes.length))
  end

  # What PKCS#1 v1.5 signs: the DER DigestInfo holding the message's SHA-256.
  def digest_info(message)
    sha256 = org.bouncycastle.asn1.x509.AlgorithmIdentifier.new(
      org.bouncycastle.asn1.nist.NISTObjectIdentifiers.id_sha256, org.bouncycastle.asn1.DERNull::INSTANCE
    )
    hash = OpenSSL::Digest.digest(RsaOperations::DIGEST, message)
    org.bouncycastle.asn1.x509.DigestInfo.new(sha256, hash.to_java_bytes).getEncoded("DER")
  end

  def crt_parameters(key)
    numbers = [key.n, key.e, key.d, key.p, key.q, key.dmp1, key.dmq1, key.iqmp]
    org.bouncycastle.crypto.params.RSAPrivateCrtKeyParameters.new(*numbers.map { |bn| java.math.BigInteger.new(bn.to_s) })
  end
end
