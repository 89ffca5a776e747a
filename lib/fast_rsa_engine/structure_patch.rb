# frozen_string_literal: true

module FastRsaEngine
  # The methods that sign or decrypt a structure with an RSA key, beyond OpenSSL::PKey::RSA's own:
  # X509::Certificate#sign, X509::Request#sign, X509::CRL#sign, OCSP::BasicResponse#sign,
  # OCSP::Request#sign, PKCS7.sign and PKCS7#decrypt; and their checks, X509::Certificate#verify,
  # X509::Request#verify, X509::CRL#verify, OCSP::BasicResponse#verify and PKCS7#verify
  # (FastRsaEngine::VerificationMethods: the engine's yes, else stock's answer). Each is one line: its Java side,
  # FastRsaEngine::StructureMethods (ext/java), checks the arguments as MRI does (and edits the
  # args array passed to it where stock cannot take what MRI does: an OCSP digest by name, a nil
  # certificate to PKCS7#decrypt; StructureArguments), runs
  # stock's method with a stand-in key and computes the RSA operation in the engine, or yields to
  # the block with the caller's key: stock jruby-openssl, found by Ruby's own lookup (`super`, or
  # stock's method kept as it was).
  #
  # Each is applied only after the start-up check has run it end to end (StartupCheck.structure),
  # so a jruby-openssl whose insides moved (ext/java/fastrsaengine/structures/JopensslSeams.java) leaves
  # that method to stock, with one warning.
  module StructurePatch
    # X509::Certificate#sign(key, digest)
    module Certificate
      def sign(a0, a1) = StructureMethods.certificate_sign(self, a0, a1) { |key = a0| super(key, a1) }
    end

    # X509::Certificate#verify(key): OpenSSL's answer where the engine reads the signature, else
    # stock's; new notes the DER it was given, which verify checks as it stands.
    module CertificateVerify
      def initialize(*args) = VerificationMethods.certificate_read(self, args) { super(*args) }
      def verify(a0) = VerificationMethods.certificate_verify(self, a0) { super(a0) }
    end

    # X509::Request#sign(key, digest)
    module Request
      def sign(a0, a1) = StructureMethods.request_sign(self, a0, a1) { |key = a0| super(key, a1) }
    end

    # X509::Request#verify(key), as the certificate's; version= notes a version set after signing.
    module RequestVerify
      def initialize(*args) = VerificationMethods.request_read(self, args) { |*given| super(*(given.empty? ? args : given)) }
      def verify(a0) = VerificationMethods.request_verify(self, a0) { super(a0) }

      def version=(a0)
        VerificationMethods.request_version_set(self, a0) { super(a0) }
      end
    end

    # X509::CRL#sign(key, digest)
    module Crl
      def sign(a0, a1) = StructureMethods.crl_sign(self, a0, a1) { |key = a0| super(key, a1) }
    end

    # X509::CRL#verify(key), as the certificate's.
    module CrlVerify
      def initialize(*args) = VerificationMethods.crl_read(self, args) { super(*args) }
      def verify(a0) = VerificationMethods.crl_verify(self, a0) { super(a0) }
    end

    # OCSP::BasicResponse#sign(signer_cert, key [, certs [, flags [, digest]]])
    module OcspBasicResponse
      def sign(*args) = StructureMethods.ocsp_basic_response_sign(self, args) { |*key| super(*StructurePatch.with_key(args, 1, key)) }
    end

    # OCSP::BasicResponse#verify(certs, store [, flags]): the engine's check of the signature, then
    # true or stock's with OCSP::NOSIGS added (the chain) where it is good.
    module OcspVerify
      def initialize(*args) = VerificationMethods.ocsp_read(self, args) { |*given| super(*(given.empty? ? args : given)) }
      def verify(*args) = VerificationMethods.ocsp_verify(self, args) { |*given| super(*(given.empty? ? args : given)) }
    end

    # X509::StoreContext#verify (X509::Store#verify calls it): true for a chain the gem checks itself
    # (FastRsaEngine::ChainMethods), with the context left as stock's verify leaves it; else stock's.
    module StoreContextVerify
      def verify = ChainMethods.store_context_verify(self) { super() }
      def error_string = ChainMethods.error_string(error) { super() }
    end

    # X509::Store#verify: stock's, which calls the context's verify and copies its fields, then the
    # error's words as OpenSSL's where stock has none for it (X509::StoreContext#error_string's).
    module StoreVerify
      def verify(*args, &block)
        super.tap { @error_string = ChainMethods.error_string(@error) { @error_string } if @error }
      end
    end

    # OCSP::Request#sign(signer_cert, key [, certs [, flags [, digest]]])
    module OcspRequest
      def sign(*args) = StructureMethods.ocsp_request_sign(self, args) { |*key| super(*StructurePatch.with_key(args, 1, key)) }
    end

    # PKCS7#verify(certs, store [, indata [, flags]]): stock's, with PKCS7::NOSIGS added where the
    # engine found every signature good.
    module Pkcs7Verify
      def verify(*args) = VerificationMethods.pkcs7_verify(self, args) { |*given| super(*(given.empty? ? args : given)) }
    end

    # PKCS7#decrypt(key [, cert [, flags]]): stock's decrypt, kept, runs on the PKCS7 the engine
    # opened, with the arguments as StructureMethods left them.
    def self.decrypt_patch(stock_decrypt)
      Module.new do
        define_method(:decrypt) do |*args|
          StructureMethods.pkcs7_decrypt(self, args) { |p7 = self, *key| stock_decrypt.bind_call(p7, *StructurePatch.with_key(args, 0, key)) }
        end
      end
    end

    # The patches by name: what the start-up check runs, and apply applies.
    PATCHES = {
      certificate_sign: -> { OpenSSL::X509::Certificate.prepend(Certificate) },
      certificate_verify: -> { OpenSSL::X509::Certificate.prepend(CertificateVerify) },
      request_sign: -> { OpenSSL::X509::Request.prepend(Request) },
      request_verify: -> { OpenSSL::X509::Request.prepend(RequestVerify) },
      crl_sign: -> { OpenSSL::X509::CRL.prepend(Crl) },
      crl_verify: -> { OpenSSL::X509::CRL.prepend(CrlVerify) },
      ocsp_basic_response_sign: -> { OpenSSL::OCSP::BasicResponse.prepend(OcspBasicResponse) },
      ocsp_verify: -> { OpenSSL::OCSP::BasicResponse.prepend(OcspVerify) },
      ocsp_request_sign: -> { OpenSSL::OCSP::Request.prepend(OcspRequest) },
      store_context_verify: -> { OpenSSL::X509::StoreContext.prepend(StoreContextVerify) && OpenSSL::X509::Store.prepend(StoreVerify) },
      pkcs7_sign: -> { patch_pkcs7_sign(OpenSSL::PKCS7) },
      pkcs7_verify: -> { OpenSSL::PKCS7.prepend(Pkcs7Verify) },
      pkcs7_decrypt: -> { OpenSSL::PKCS7.prepend(decrypt_patch(OpenSSL::PKCS7.instance_method(:decrypt))) }
    }.freeze

    # PKCS7.sign, redefined in place (a module prepended to a singleton class changes what JRuby
    # lists as its singleton methods), stock's kept and called as it was: with the caller's
    # arguments, or all of them as given (with a stand-in key; with PKCS7::NOATTR, other flags too).
    def self.patch_pkcs7_sign(pkcs7)
      stock_sign = pkcs7.method(:sign).unbind
      pkcs7.define_singleton_method(:sign) do |*args, &block|
        StructureMethods.pkcs7_sign(args) { |*given| stock_sign.bind_call(self, *(given.empty? ? args : given), &block) }
      end
    end

    # The caller's arguments, with the key at index replaced where the engine passes a stand-in
    # (key: [stand_in]); untouched where it passes none, so stock counts the caller's arguments.
    def self.with_key(args, index, key)
      key.empty? ? args : args.dup.tap { |replaced| replaced[index] = key.first }
    end

    def self.apply(name)
      PATCHES.fetch(name).call
    end
  end
end
