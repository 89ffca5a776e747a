# frozen_string_literal: true

require "openssl"
require_relative "chain_operations"
require_relative "structure_operations"
require_relative "tls_operations"

# The EC operations timed on one key, each a callable, as RsaOperations are RSA's: ec_sign (ECDSA with
# the curve's JOSE digest: ES256, ES384, ES512), ec_verify with the public key alone,
# ec_verify_digest the same check of the message's digest (the arithmetic inside every ECDSA check), ecdh
# (dh_compute_key with a fixed peer's point), ec_keygen (a new key on the curve a call), and the
# structures of an EC key, RSA's as StructureOperations makes them, each named with "ec_" before:
# ec_cert_sign (which stock signs through the JDK's SunEC), ec_csr_sign (through Bouncy Castle),
# ec_cert_verify and so on, and the chain checks' (ChainOperations): ec_store_verify..., and TLS's (TlsOperations): ec_tls13_handshake... A curve is named by its size in bits, in the table's "bits" column.
class EcOperations
  # Before the name of each operation of another family's made with an EC key.
  PREFIX = "ec_"
  NAMES = (%w[ec_sign ec_verify ec_verify_digest ecdh ec_keygen] +
           (StructureOperations::NAMES + ChainOperations::NAMES + TlsOperations::NAMES).map { |name| "#{PREFIX}#{name}" }).freeze
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
    hashed = OpenSSL::Digest.digest(digest, MESSAGE)
    peer = OpenSSL::PKey::EC.generate(CURVES.fetch(bits)).public_key
    @operations = { "ec_sign" => -> { key.sign(digest, MESSAGE) },
                    "ec_verify" => -> { public_key.verify(digest, signature, MESSAGE) },
                    "ec_verify_digest" => -> { public_key.dsa_verify_asn1(hashed, signature) },
                    "ecdh" => -> { key.dh_compute_key(peer) },
                    "ec_keygen" => -> { OpenSSL::PKey::EC.generate(CURVES.fetch(bits)) } }
    @structures = StructureOperations.operations(key, public_key, OpenSSL::Digest.new(digest))
    others = Array.new(2) { OpenSSL::PKey::EC.generate(CURVES.fetch(bits)) }
    @chains = ChainOperations.operations(key, *others, OpenSSL::Digest.new(digest))
    @structures.merge!(@chains, TlsOperations.operations(key, *others, OpenSSL::Digest.new(digest)))
    @operations.merge!(@structures.transform_keys { |name| "#{PREFIX}#{name}" })
  end

  def names
    NAMES
  end

  # Raises unless the operations give right answers, so a broken backend is never timed; TLS's where
  # asked for, as RsaOperations#check!.
  def check!(asked = [])
    raise "ec_verify rejected a good signature" unless @operations["ec_verify"].call && @operations["ec_verify_digest"].call
    raise "ec_sign made a signature that does not verify" unless @key.verify(DIGESTS.fetch(@key.group.degree), @operations["ec_sign"].call, MESSAGE)
    raise "ec_keygen made no private key" unless @operations["ec_keygen"].call.private?
    StructureOperations.check!(@structures, @key)
    ChainOperations.check!(@chains)
    TlsOperations.check!(@structures) if TlsOperations.asked?(asked, PREFIX)
  end
end
