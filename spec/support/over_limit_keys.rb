# frozen_string_literal: true

# RSA public keys beyond OpenSSL's limits and within them (a modulus above 3,072 bits with an
# exponent above 64 bits refused at once), and the calls the strict verification spec makes with
# each, made alike by MRI (its script requires this file by PATH) and by JRuby.
module OverLimitKeys
  PATH = __FILE__

  # [modulus bits, exponent bits]: beyond the exponent's limit, and within the limits. (A modulus
  # beyond 16,384 bits, OpenSSL's "modulus too large", stock reads from nowhere: Bouncy Castle and
  # the JDK refuse it.)
  SIZES = [[16_384, 16_000], [4096, 65], [3073, 65], [3072, 1000]].freeze

  # Odd numbers below 2,000 that are prime, multiplied: Bouncy Castle refuses a modulus with a factor among them.
  SMALL_PRIMES = (3..2000).step(2).select { |i| (3..Integer.sqrt(i)).step(2).none? { |d| (i % d).zero? } }.inject(:*)

  module_function

  # A public key's DER (SubjectPublicKeyInfo) of an odd modulus and exponent of these sizes, drawn
  # from the Random given: no private half is needed to refuse one.
  def key_der(modulus_bits, exponent_bits, random)
    n = random.rand(2**(modulus_bits - 1)...2**modulus_bits) | 1 until n&.gcd(SMALL_PRIMES) == 1
    e = random.rand(2**(exponent_bits - 1)...2**exponent_bits) | 1
    rsa_key = OpenSSL::ASN1::Sequence([OpenSSL::ASN1::Integer(n), OpenSSL::ASN1::Integer(e)])
    algorithm = OpenSSL::ASN1::Sequence([OpenSSL::ASN1::ObjectId("rsaEncryption"), OpenSSL::ASN1::Null(nil)])
    OpenSSL::ASN1::Sequence([algorithm, OpenSSL::ASN1::BitString(rsa_key.to_der)]).to_der
  end

  # Method => what it answers with the key (true, false, "bytes", or [error class, message]); the
  # certificate (its DER) is another key's, checked with this one.
  def answers(key, certificate_der)
    signature = "\x01".b * key.n.num_bytes
    {
      "verify" => -> { key.verify("SHA256", signature, "data") },
      "verify_raw" => -> { key.verify_raw("SHA256", signature, "\0" * 32) },
      "verify_pss" => -> { key.verify_pss("SHA256", signature, "data", salt_length: :auto, mgf1_hash: "SHA256") },
      "public_encrypt" => -> { key.public_encrypt("data") },
      "public_decrypt" => -> { key.public_decrypt(signature) },
      "encrypt" => -> { key.encrypt("data") },
      "certificate" => -> { OpenSSL::X509::Certificate.new(certificate_der).verify(key) }
    }.transform_values { |call| answer(&call) }
  end

  def answer
    value = yield
    value.is_a?(String) ? "bytes" : value
  rescue StandardError => e
    [e.class.name, e.message]
  end
end
