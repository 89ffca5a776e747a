# frozen_string_literal: true

require_relative "rsa_operations"

# The anchor row: Square's bouncycastle-rsa (NativeRSAEngine, GMP through jnagmp) driven directly
# from JRuby, PKCS#1 v1.5 through Bouncy Castle's PKCS1Encoding, as the 2015 fast-rsa-engine gem
# did. JRuby only, and only the private-key operations: sign and decrypt.
class SquareRsa
  NAMES = %w[sign decrypt].freeze
  SHA256_DIGEST_INFO = ["3031300d060960864801650304020105000420"].pack("H*").freeze

  # The jars bin/setup downloaded and verified, as bin/benchmark names them from downloads.lock.
  def self.load_jars
    ENV.fetch("SQUARE_RSA_JARS") { raise "SQUARE_RSA_JARS is not set: bin/benchmark sets it" }.split(":").each { |jar| require jar }
  end

  def initialize(key)
    @key = key
    numbers = [key.n, key.e, key.d, key.p, key.q, key.dmp1, key.dmq1, key.iqmp]
    @parameters = org.bouncycastle.crypto.params.RSAPrivateCrtKeyParameters.new(*numbers.map { |bn| bn.to_java })
    @ciphertext = key.public_encrypt(RsaOperations::MESSAGE).to_java_bytes
  end

  def names
    NAMES
  end

  # A callable with its own cipher, as a Bouncy Castle cipher is not thread-safe. Signing is
  # PKCS#1 v1.5 encryption with the private key, of a digest made on every call, as OpenSSL does.
  def prepare(name)
    raise ArgumentError, "Square's bouncycastle-rsa row has no #{name}" unless NAMES.include?(name)

    cipher = org.bouncycastle.crypto.encodings.PKCS1Encoding.new(com.squareup.crypto.rsa.NativeRSAEngine.new)
    cipher.init(name == "sign", @parameters)
    lambda do
      input = name == "sign" ? digest_info : @ciphertext
      String.from_java_bytes(cipher.processBlock(input, 0, input.length))
    end
  end

  # Raises unless this gives OpenSSL's bytes (PKCS#1 v1.5 signatures are deterministic).
  def check!
    openssl_signature = @key.sign(RsaOperations::DIGEST, RsaOperations::MESSAGE)
    raise "signature differs from OpenSSL's" unless prepare("sign").call == openssl_signature
    raise "decrypt did not give the message back" unless prepare("decrypt").call == RsaOperations::MESSAGE
  end

  private

  # What PKCS#1 v1.5 signs: the DER DigestInfo of the message's SHA-256, a fixed prefix and the hash
  # (RFC 8017, section 9.2, note 1).
  def digest_info
    (SHA256_DIGEST_INFO + OpenSSL::Digest.digest(RsaOperations::DIGEST, RsaOperations::MESSAGE)).to_java_bytes
  end
end
