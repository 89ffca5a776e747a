# frozen_string_literal: true

require "openssl"

# The X.509 structures of one key as apps make and check them, each a callable, for RsaOperations and
# EcOperations (which name them with "ec_" before): cert_sign and csr_sign build a certificate or a
# CSR and sign it, as a CA issues one per request; cert_resign signs one certificate object again,
# a case apps rarely have; cert_verify, csr_verify and crl_verify check a structure's signature with
# the public key alone, on an object read from its DER once: the check, without the reading (which
# costs MRI's OpenSSL 3.0 several times what it costs JRuby, so that with it a row would show the
# reading more than the check); ocsp_verify checks an OCSP basic response the key signed, its
# self-signed certificate given and trusted, as an OCSP client checks its responder's answer.
module StructureOperations
  NAMES = %w[cert_sign cert_resign cert_verify csr_sign csr_verify crl_verify ocsp_verify].freeze
  SUBJECT = "/CN=127.0.0.1"

  # A self-signed certificate for the key, valid from a minute ago for a year.
  def self.certificate(key, digest)
    cert = OpenSSL::X509::Certificate.new
    cert.version = 2
    cert.serial = 1
    cert.subject = cert.issuer = OpenSSL::X509::Name.parse(SUBJECT)
    cert.public_key = key # its public half (an EC key's public_key is a point)
    cert.not_before = Time.now - 60
    cert.not_after = Time.now + 365 * 24 * 3600
    cert.sign(key, digest)
  end

  # A CSR of the key, of the certificate's subject.
  def self.request(key, digest)
    request = OpenSSL::X509::Request.new
    request.subject = OpenSSL::X509::Name.parse(SUBJECT)
    request.public_key = key
    request.sign(key, digest)
  end

  # An empty CRL the key issues, valid from a minute ago for an hour.
  def self.crl(key, digest)
    crl = OpenSSL::X509::CRL.new
    crl.version = 1
    crl.issuer = OpenSSL::X509::Name.parse(SUBJECT)
    crl.last_update = Time.now - 60
    crl.next_update = Time.now + 3600
    crl.sign(key, digest)
  end

  # A basic OCSP response the key signs with its certificate: the certificate itself good.
  def self.ocsp_response(cert, key, digest)
    response = OpenSSL::OCSP::BasicResponse.new
    response.add_status(OpenSSL::OCSP::CertificateId.new(cert, cert), OpenSSL::OCSP::V_CERTSTATUS_GOOD, 0, nil, -60, 3600, [])
    response.sign(cert, key, [cert], 0, digest)
  end

  # name => callable, for the key (private), its public key alone, and a Digest (not a name:
  # jruby-openssl 0.15's CSR takes no name).
  def self.operations(key, public_key, digest)
    cert = certificate(key, digest)
    resigned = certificate(key, digest) # its own: an ECDSA signature made anew changes the certificate the OCSP check trusts
    read = { cert: OpenSSL::X509::Certificate.new(cert.to_der), csr: OpenSSL::X509::Request.new(request(key, digest).to_der),
             crl: OpenSSL::X509::CRL.new(crl(key, digest).to_der),
             ocsp: OpenSSL::OCSP::BasicResponse.new(ocsp_response(cert, key, digest).to_der) }
    store = OpenSSL::X509::Store.new.tap { |trusted| trusted.add_cert(cert) }
    { "cert_sign" => -> { certificate(key, digest) },
      "cert_resign" => -> { resigned.sign(key, digest) },
      "cert_verify" => -> { read[:cert].verify(public_key) },
      "csr_sign" => -> { request(key, digest) },
      "csr_verify" => -> { read[:csr].verify(public_key) },
      "crl_verify" => -> { read[:crl].verify(public_key) },
      "ocsp_verify" => -> { read[:ocsp].verify([cert], store) } }
  end

  # Raises unless every signed structure verifies and every check answers true.
  def self.check!(operations, key)
    %w[cert_sign cert_resign csr_sign].each do |name|
      raise "#{name} made a structure that does not verify" unless operations.fetch(name).call.verify(key)
    end
    %w[cert_verify csr_verify crl_verify ocsp_verify].each { |name| raise "#{name} rejected a good signature" unless operations.fetch(name).call }
  end
end
