# frozen_string_literal: true

# Structures signed with an RSA key, made the same way on every backend (fixed fields, so the
# certificate's and CSR's bytes, and their signatures, depend only on the key and digest).
module Structures
  module_function

  NAME = "/CN=fast-rsa-engine/O=specs"

  def certificate(key, digest = "SHA256", extensions: true)
    unsigned_certificate(key, extensions: extensions).sign(key, digest)
  end

  # A certificate never signed: jruby-openssl holds no X.509 object for it until it is.
  def unsigned_certificate(key, extensions: true)
    cert = OpenSSL::X509::Certificate.new
    cert.version = 2
    cert.serial = key.n % 2**32 # a serial of its own per key: PKCS#7 finds a recipient by issuer and serial
    cert.subject = cert.issuer = OpenSSL::X509::Name.parse(NAME)
    cert.public_key = key.public_key
    cert.not_before = Time.at(1_700_000_000)
    cert.not_after = Time.at(1_900_000_000)
    add_extensions(cert) if extensions
    cert
  end

  def add_extensions(cert)
    factory = OpenSSL::X509::ExtensionFactory.new
    factory.subject_certificate = factory.issuer_certificate = cert
    cert.add_extension(factory.create_extension("basicConstraints", "CA:TRUE", true))
    cert.add_extension(factory.create_extension("keyUsage", "digitalSignature, keyEncipherment, keyCertSign, cRLSign", true))
    cert.add_extension(factory.create_extension("subjectKeyIdentifier", "hash", false))
  end

  # The digest as an OpenSSL::Digest: jruby-openssl 0.15's CSR takes no name.
  def request(key, digest = "SHA256")
    digest = OpenSSL::Digest.new(digest) if digest.is_a?(String) && digest != "NOPE"
    unsigned_request(key).sign(key, digest)
  end

  def unsigned_request(key)
    request = OpenSSL::X509::Request.new
    request.subject = OpenSSL::X509::Name.parse(NAME)
    request.public_key = key.public_key
    request
  end

  # A CRL with one revoked certificate and one extension, fields fixed as the certificate's.
  def crl(key, digest = "SHA256")
    unsigned_crl.sign(key, digest)
  end

  # revoked: [serial, revocation time] of each entry, in the order added.
  def unsigned_crl(revoked: [[42, Time.at(1_800_000_000)]])
    crl = OpenSSL::X509::CRL.new
    crl.version = 1
    crl.issuer = OpenSSL::X509::Name.parse(NAME)
    crl.last_update = Time.at(1_700_000_000)
    crl.next_update = Time.at(1_900_000_000)
    revoked.each { |serial, time| crl.add_revoked(OpenSSL::X509::Revoked.new.tap { |r| r.serial = serial; r.time = time }) }
    crl.add_extension(OpenSSL::X509::Extension.new("crlNumber", OpenSSL::ASN1::Integer(7)))
    crl
  end

  # An OCSP request for the certificate, signed by its key (no nonce: the bytes depend only on the key).
  def ocsp_request(key, cert, digest = "SHA256")
    unsigned_ocsp_request(cert).sign(cert, key, [], 0, OpenSSL::Digest.new(digest))
  end

  def unsigned_ocsp_request(cert)
    OpenSSL::OCSP::Request.new.tap { |request| request.add_certid(OpenSSL::OCSP::CertificateId.new(cert, cert)) }
  end

  # A certificate for PKCS#7 signers: without extensions (stock's PKCS7#verify refuses the CA's above).
  def signer(key)
    certificate(key, extensions: false)
  end

  # A basic OCSP response for one certificate, DER (its producedAt is the time of signing: stock's
  # fails without one, OCSP::NOTIME).
  def ocsp_response(key, cert)
    unsigned_ocsp_response(cert).sign(cert, key, []).to_der
  end

  def unsigned_ocsp_response(cert)
    response = OpenSSL::OCSP::BasicResponse.new
    response.add_status(OpenSSL::OCSP::CertificateId.new(cert, cert), OpenSSL::OCSP::V_CERTSTATUS_GOOD, 0, nil,
                        Time.at(1_800_000_000), Time.at(1_800_003_600), [])
    response
  end

  # Whether PKCS7#decrypt's outcome with another key's private key is OpenSSL's: deciphering with a
  # random content key (its defence against padding oracles, DIFFERENCES.md pkcs7-decrypt-bad-padding),
  # "bad decrypt" mostly, random bytes about one time in 256 when that key's padding checks.
  def bad_decrypt_or_random?(outcome, plaintext)
    return outcome.value != plaintext unless outcome.raised?

    [outcome.error_class, outcome.message] == [OpenSSL::PKCS7::PKCS7Error, "bad decrypt"]
  end

  def pkcs7_signed(key, data, flags = OpenSSL::PKCS7::BINARY)
    OpenSSL::PKCS7.sign(signer(key), key, data, [], flags)
  end
end
