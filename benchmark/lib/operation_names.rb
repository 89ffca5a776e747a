# frozen_string_literal: true

require_relative "ec_operations"
require_relative "rsa_operations"

# What a reader calls each of bin/benchmark's operations ("RS256 sign", "check a chain"), and the
# family the chart draws it with: the README's table and the chart name operations as apps make
# them, the full table by bin/benchmark's own names.
module OperationNames
  # By the name without EcOperations::PREFIX; an operation of no family listed is its key's (RSA or EC).
  FAMILIES = { "issuing" => %w[cert_sign cert_resign csr_sign pkcs7_sign],
               "checking" => %w[cert_verify csr_verify crl_verify ocsp_verify pkcs7_verify] + ChainOperations::RSA_NAMES,
               "TLS" => TlsOperations::NAMES }.freeze
  ORDER = ["RSA", "EC", *FAMILIES.keys].freeze # the chart's panels, top to bottom
  # "%s": the JWT algorithm's digest size (RS256, ES384), "%k": the key ("RSA-2048", "P-256").
  LABELS = { "sign" => "RS%s sign", "verify" => "RS%s verify", "sign_pss" => "PS%s sign", "verify_pss" => "PS%s verify",
             "public_op" => "RSA public operation alone", "encrypt" => "encrypt (OAEP)", "decrypt" => "decrypt",
             "keygen" => "generate a key", "ec_sign" => "ES%s sign", "ec_verify" => "ES%s verify",
             "ec_verify_digest" => "ES%s verify a digest", "ecdh" => "ECDH", "ec_keygen" => "generate a key",
             "cert_sign" => "issue a certificate", "cert_resign" => "re-sign a certificate", "cert_verify" => "check a certificate",
             "csr_sign" => "sign a CSR", "csr_verify" => "check a CSR", "crl_verify" => "check a CRL",
             "ocsp_verify" => "check an OCSP answer", "pkcs7_sign" => "PKCS#7 sign", "pkcs7_verify" => "PKCS#7 verify",
             "pkcs7_decrypt" => "PKCS#7 decrypt", "store_verify" => "check a chain (Store#verify)",
             "store_context_verify" => "check a chain", "ocsp_verify_chain" => "check an OCSP answer's chain",
             "ocsp_verify_noverify" => "check an OCSP answer (NOVERIFY)", "pkcs7_verify_chain" => "PKCS#7 verify with its chain",
             "tls13_handshake" => "TLS 1.3 handshake", "tls12_handshake" => "TLS 1.2 handshake",
             "https_get" => "HTTPS GET, new connection" }.freeze

  module_function

  def family(op)
    base = op.delete_prefix(EcOperations::PREFIX)
    FAMILIES.find { |_, names| names.include?(base) }&.first || (EcOperations.operation?(op) ? "EC" : "RSA")
  end

  # "RS256 sign (RSA-2048)", "check a chain (P-256)": an operation on a key of `bits`.
  def label(op, bits)
    ec = EcOperations.operation?(op)
    digest = ec ? EcOperations::DIGESTS.fetch(bits).delete_prefix("SHA") : RsaOperations::DIGEST.delete_prefix("SHA")
    text = LABELS.fetch(op) { LABELS.fetch(op.delete_prefix(EcOperations::PREFIX), op) }
    "#{text.sub('%s', digest)} (#{ec ? "P-#{bits}" : "RSA-#{bits}"})"
  end
end
