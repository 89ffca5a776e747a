# frozen_string_literal: true

require "openssl"

# The EC operations timed on one key, each a callable, as RsaOperations are RSA's: ec_sign (ECDSA with
# the curve's JOSE digest: ES256, ES384, ES512), ec_verify with the public key alone, ecdh
# (dh_compute_key with a fixed peer's point), ec_keygen (a new key on the curve a call), and the
# structures an EC CA or client signs, as RSA's cert_sign and csr_sign: ec_cert_sign (a self-signed
# certificate, which stock signs through the JDK's SunEC) and ec_csr_sign (a CSR, through Bouncy
# Castle). A curve is named by its size in bits, in the table's "bits" column.
class EcOperations
  NAMES = %w[ec_sign ec_verify ecdh ec_keygen ec_cert_sign ec_csr_sign].freeze
  CURVES = { 256 => "prime256v1", 384 => "secp384r1", 521 => "secp521r1" }.freeze
  DIGESTS = { 256 => "SHA256", 384 => "SHA384", 521 => "SHA512" }.freeze
  MESSAGE = "k" * 32

  attr_reader :operations

  def self.operation?(name)
    NAMES.include?(name)
  end

  def initialize(key)
    @key = key
    bits = key.group.degree
    digest = DIGESTS.fetch(bits)
    public_key = OpenSSL::PKey.read(key.public_to_der)
    signature = key.sign(digest, MESSAGE)
    peer = OpenSSL::PKey::EC.generate(CURVES.fetch(bits)).public_key
    @operations = { "ec_sign" => -> { key.sign(digest, MESSAGE) },
                    "ec_verify" => -> { public_key.verify(digest, signature, MESSAGE) },
                    "ecdh" => -> { key.dh_compute_key(peer) },
                    "ec_keygen" => -> { OpenSSL::PKey::EC.generate(CURVES.fetch(bits)) } }
    @operations.merge!(structure_operations(key, OpenSSL::Digest.new(digest)))
  end

  # A self-signed certificate and a CSR of the key (RsaOperations.certificate's fields; the public
  # key set from the key, whose public_key is a point).
  def structure_operations(key, digest)
    cert = RsaOperations.certificate(key)
    request = OpenSSL::X509::Request.new.tap { |r| r.subject = cert.subject; r.public_key = key }
    { "ec_cert_sign" => -> { cert.sign(key, digest) }, "ec_csr_sign" => -> { request.sign(key, digest) } }
  end

  def names
    NAMES
  end

  # Raises unless the operations give right answers, so a broken backend is never timed.
  def check!
    raise "ec_verify rejected a good signature" unless @operations["ec_verify"].call
    raise "ec_sign made a signature that does not verify" unless @key.verify(DIGESTS.fetch(@key.group.degree), @operations["ec_sign"].call, MESSAGE)
    raise "ec_keygen made no private key" unless @operations["ec_keygen"].call.private?
    raise "ec_cert_sign made a certificate that does not verify" unless @operations["ec_cert_sign"].call.verify(@key)
    raise "ec_csr_sign made a CSR that does not verify" unless @operations["ec_csr_sign"].call.verify(@key)
  end
end
