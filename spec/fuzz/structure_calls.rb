# frozen_string_literal: true

module Fuzz
  # The structure methods the gem routes (X509::Certificate#sign, X509::Request#sign,
  # OCSP::BasicResponse#sign, PKCS7.sign, PKCS7#decrypt), each called with a key (and digest, data, flags) as the fuzzer draws them, on a
  # structure made the same way under every backend and MRI. Each answers what compares across them:
  # whether what was signed verifies under the key (stock's and MRI's own verification, which the gem
  # leaves alone), or the plaintext; or raises as the method raised.
  module StructureCalls
    module_function

    NAME = "/CN=fuzz"
    # The fixed issuer key of the envelopes' certificates: not the key drawn, which may be odd.
    ISSUER = "rsa2048"

    def certificate_sign(key, digest)
      cert = certificate(key)
      cert.sign(key, digest)
      cert.verify(key)
    end

    def request_sign(key, digest)
      request = OpenSSL::X509::Request.new
      request.subject = OpenSSL::X509::Name.parse(NAME)
      request.public_key = public_half(key)
      request.sign(key, digest)
      request.verify(key)
    end

    def ocsp_basic_response_sign(key, digest)
      cert = signed_certificate(key)
      response = OpenSSL::OCSP::BasicResponse.new
      response.add_status(OpenSSL::OCSP::CertificateId.new(cert, cert), OpenSSL::OCSP::V_CERTSTATUS_GOOD, 0, nil, 0, 3600, [])
      response.sign(cert, key, [], 0, digest)
      store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
      verified { OpenSSL::OCSP::BasicResponse.new(response.to_der).verify([cert], store, OpenSSL::OCSP::TRUSTOTHER) }
    end

    def pkcs7_sign(key, data, flags = nil)
      cert = signed_certificate(key)
      p7 = flags.nil? ? OpenSSL::PKCS7.sign(cert, key, data) : OpenSSL::PKCS7.sign(cert, key, data, [], flags)
      store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
      detached = flags.is_a?(Integer) && (flags & OpenSSL::PKCS7::DETACHED) != 0
      verified { p7.verify([cert], store, detached ? data : nil, OpenSSL::PKCS7::NOVERIFY | OpenSSL::PKCS7::BINARY) } && p7.data == data
    end

    # The check of what the method made, by stock's own verification (which the gem leaves alone):
    # false where that leaks a Java exception (jruby-openssl's PKCS7#verify does on data signed
    # with odd flags), so the call judged is the signing one.
    def verified
      yield
    rescue Exception => e # Java's exceptions are no StandardError
      raise unless defined?(Java::JavaLang::Throwable) && e.is_a?(Java::JavaLang::Throwable)

      false
    end

    def pkcs7_decrypt(key, with_certificate, flags = nil)
      cert = signed_certificate(key)
      envelope = OpenSSL::PKCS7.encrypt([cert], "fuzz plaintext", OpenSSL::Cipher.new("AES-128-CBC"), OpenSSL::PKCS7::BINARY)
      arguments = [key, (cert if with_certificate), *flags].compact
      OpenSSL::PKCS7.new(envelope.to_der).decrypt(*arguments)
    end

    # An unsigned certificate for the key's public half.
    def certificate(key)
      cert = OpenSSL::X509::Certificate.new
      cert.version = 2
      cert.serial = 7
      cert.subject = cert.issuer = OpenSSL::X509::Name.parse(NAME)
      cert.public_key = public_half(key)
      cert.not_before = Time.at(1_700_000_000)
      cert.not_after = Time.at(1_900_000_000)
      cert
    end

    # What the structure holds as its public key: the key drawn where it is one, else the issuer's
    # (a wrong type of key goes to the signing method, not to the setter).
    def public_half(key)
      key.is_a?(OpenSSL::PKey::PKey) ? key : KeyCorpus.key(ISSUER)
    end

    # The key's certificate, signed by the fixed issuer.
    def signed_certificate(key)
      certificate(key).sign(KeyCorpus.key(ISSUER), "SHA256")
    end
  end
end
