# frozen_string_literal: true

# The anchor row: Square's bouncycastle-rsa (NativeRSAEngine, GMP through jnagmp) driven directly
# from JRuby, PKCS#1 v1.5 through Bouncy Castle's PKCS1Encoding, as the 2015 fast-rsa-engine gem
# did. JRuby only, and only the private-key operations: sign and decrypt.
class SquareRsa
  NAMES = %w[sign decrypt].freeze
  # What PKCS#1 v1.5 signs: a SHA-256 in a DER DigestInfo, this prefix and the hash (RFC 8017, 9.2).
  SHA256_DIGEST_INFO = ["3031300d060960864801650304020105000420"].pack("H*").freeze

  # The jars bin/setup downloaded and verified, as bin/benchmark names them from downloads.lock.
  def self.load_jars
    ENV.fetch("SQUARE_RSA_JARS") { raise "SQUARE_RSA_JARS is not set: bin/benchmark sets it" }.split(":").each { |jar| require jar }
    self
  end

  def initialize(key)
    @key = key
    numbers = %i[n e d p q dmp1 dmq1 iqmp].map { |part| key.public_send(part).to_java }
    @parameters = org.bouncycastle.crypto.params.RSAPrivateCrtKeyParameters.new(*numbers)
    @ciphertext = key.public_encrypt(RsaOperations::MESSAGE).to_java_bytes
  end

  def names
    NAMES
  end

  # A callable with its own cipher, as a Bouncy Castle cipher is not thread-safe. Signing is PKCS#1
  # v1.5 encryption with the private key, of a digest made on every call, as OpenSSL does.
  def prepare(name)
    cipher = org.bouncycastle.crypto.encodings.PKCS1Encoding.new(com.squareup.crypto.rsa.NativeRSAEngine.new)
    cipher.init(name == "sign", @parameters)
    lambda do
      input = name == "sign" ? digest_info : @ciphertext
      String.from_java_bytes(cipher.processBlock(input, 0, input.length))
    end
  end

  def digest_info
    (SHA256_DIGEST_INFO + OpenSSL::Digest.digest(RsaOperations::DIGEST, RsaOperations::MESSAGE)).to_java_bytes
  end

  # Raises unless it gives OpenSSL's bytes (PKCS#1 v1.5 signatures are deterministic).
  def check!
    raise "signature differs from OpenSSL's" unless prepare("sign").call == @key.sign(RsaOperations::DIGEST, RsaOperations::MESSAGE)
    raise "decrypt did not give the message back" unless prepare("decrypt").call == RsaOperations::MESSAGE
  end
end
