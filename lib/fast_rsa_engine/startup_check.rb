# frozen_string_literal: true

module FastRsaEngine
  # The end-to-end check at require, before the patch touches OpenSSL::PKey::RSA: one known-answer
  # signature through the patched #sign, on a throwaway subclass, with the backend that will run.
  # The key is a fixed test key (the one the Java self-test uses); MRI computed the signature.
  module StartupCheck
    KEY = <<~PEM
      -----BEGIN RSA PRIVATE KEY-----
      MIICXAIBAAKBgQC0h3BvUjLoNZjauzfP80doM3GlMLvaUS8vfwlqO53/c/n0s9Yk
      vUT0q+21mXHstnZMHZ4c0TkgxLEfk4P4MbjXT+dMDiQJR63aS/DWHpdPEntqHZ6y
      mrX0Ds3ECXO0ZHy/aWzk1GBWmkMjrf9xQTPq1nA2dp2vu+il60xgzKcSJQIDAQAB
      AoGAUZr7x0aX/oHj49RHiXgGamL+11ZtRGX4d3bskZn7dPM/JU952Me5+QQTA0km
      x4M/fG7S/2HQejCPhJ+RQ0tuqxro+KzpRRltG5cG1JFfWQjQwQaO77HgLFHWvu+6
      tefSABEwanpPIt0oYCt56Hyvgkh5IK7v7eCGPb5R9DTRzk0CQQDn18vPYyHzVuJG
      BSvw3GUuOb9NuHZJ7yMRnsThCCywAoh+aRnse2O6fL7tAqPo9pvX6Agh73e6gUtf
      AYJIqVPzAkEAx1bkBx75KMA/C5O3czLcVzA0ViSfvGN02J8YIJXbzEs04IUhbOfD
      qfRfEbJxkYOvGoAeA+4zcF3EpEQkRUE/hwJBAMxPVaKLP+4L0RfXkuONtfTImxfI
      ySVaglMS0XlmFMt/T/3mbRwDmN1M9Yw0WXIBcVERf6k4ORC4xE0TLVcPMZUCQBL2
      7kzLIpNA7v6P+CUKkrHs0R3c8CGBKM2vHSGEgFvIT+iIYey1hAT4Tc8mNe3NJGyW
      AcUH9XbcROgH35eDJKMCQF7N9S4dsunDS17rRhxWYNTsTJ0P6CHrUNgxOebiU11C
      Hb4pMY8jDAGG/EtilTNaZosi3ZoxMTM97DHsvnXtfdI=
      -----END RSA PRIVATE KEY-----
    PEM
    MESSAGE = "fast-rsa-engine start-up check"
    SIGNATURE = "76ac19f1ed1072abc343ad41e5d69af35246a69c9cbd5f02bb515a750ae54eabc7bac5bf0f65ef93" \
                "8847298f0b907f92ee02441a5d26c73d0050eb821bab9adf6a8cbe9bc0667f09362ba0dd4b785034" \
                "503f5cfc62dc038337de85cf63dd64a2540d1e06d1f8a246ddc452e72e28da9dc93c441982481550" \
                "e63d648ad3472869"

    # Raises, saying what went wrong, unless the engine itself produced MRI's signature.
    def self.run
      probe = Class.new(OpenSSL::PKey::RSA) { prepend RsaPatch }
      before = Native.engine_operations
      signature = probe.new(KEY).sign("SHA256", MESSAGE).unpack1("H*")
      raise "the start-up signature is not MRI's" unless signature == SIGNATURE
      raise "the start-up signature did not go through the engine" unless Native.engine_operations > before
    end
  
    # Each structure method (StructurePatch), run end to end through its patch on a throwaway
    # subclass with the test key: raises, saying what went wrong, unless its output is one that
    # stock's own code then accepts (a signature that verifies, the plaintext back), computed by
    # the engine where through_engine (a native backend is active). Once the patch is applied (with
    # :stock at require, checked again when a native backend first runs) the stock classes carry it.
    def self.structure(name, through_engine: true, applied: false)
      key = OpenSSL::PKey::RSA.new(KEY)
      before = Native.engine_operations
      raise "its output did not verify" unless STRUCTURE_CHECKS.fetch(name).call(key, applied)
      raise "it did not go through the engine" if through_engine && Native.engine_operations <= before
    end

    STRUCTURE_CHECKS = {
      # Signed twice: from the second sign on, the engine keeps what it signed (structures/SignedCertificates.java).
      certificate_sign: lambda do |key, applied|
        cert = certificate(key, patched(OpenSSL::X509::Certificate, applied) { prepend StructurePatch::Certificate })
        cert.verify(key) && cert.sign(key, "SHA256").verify(key)
      end,
      # A certificate read from DER verifies through the engine; one changed since is false, as stock's;
      # one read from the same values spelt otherwise than DER is false, as OpenSSL checks the bytes read.
      certificate_verify: lambda do |key, applied|
        reader = patched(OpenSSL::X509::Certificate, applied) { prepend StructurePatch::CertificateVerify }
        der = certificate(key).to_der
        reader.new(der).verify(key) && !reader.new(der).tap { |cert| cert.serial = 2 }.verify(key) &&
          !reader.new(first_length_spelt_long(der)).verify(key)
      end,
      request_sign: ->(key, applied) { request(key, patched(OpenSSL::X509::Request, applied) { prepend StructurePatch::Request }).verify(key) },
      request_verify: lambda do |key, applied|
        patched(OpenSSL::X509::Request, applied) { prepend StructurePatch::RequestVerify }.new(request(key).to_der).verify(key)
      end,
      crl_sign: lambda do |key, applied|
        crl = crl(key, patched(OpenSSL::X509::CRL, applied) { prepend StructurePatch::Crl })
        OpenSSL::X509::CRL.new(crl.to_der).verify(key) && crl.verify(key)
      end,
      # As the certificate's: a CRL changed since it was read is false.
      crl_verify: lambda do |key, applied|
        reader = patched(OpenSSL::X509::CRL, applied) { prepend StructurePatch::CrlVerify }
        der = crl(key).to_der
        reader.new(der).verify(key) && !reader.new(der).tap { |crl| crl.next_update = Time.at(0) }.verify(key)
      end,
      ocsp_basic_response_sign: lambda do |key, applied|
        cert = certificate(key)
        response = patched(OpenSSL::OCSP::BasicResponse, applied) { prepend StructurePatch::OcspBasicResponse }.new
        response.add_status(OpenSSL::OCSP::CertificateId.new(cert, cert), OpenSSL::OCSP::V_CERTSTATUS_GOOD, 0, nil, 0, 3600, [])
        response.sign(cert, key, [])
        store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
        OpenSSL::OCSP::BasicResponse.new(response.to_der).verify([cert], store, OpenSSL::OCSP::TRUSTOTHER)
      end,
      # A response read from DER verifies through the engine, its signer trusted alone
      # (OCSP::TRUSTOTHER) and its chain checked; with its signature (its DER's last byte) flipped,
      # trusted alone, false.
      ocsp_verify: lambda do |key, applied|
        cert = certificate(key)
        store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
        der = ocsp_response(key, cert).to_der
        reader = patched(OpenSSL::OCSP::BasicResponse, applied) { prepend StructurePatch::OcspVerify }
        reader.new(der).verify([cert], store, OpenSSL::OCSP::TRUSTOTHER) && reader.new(der).verify([cert], store) &&
          !reader.new(der.dup.tap { |bytes| bytes.setbyte(-1, bytes.getbyte(-1) ^ 1) }).verify([cert], store, OpenSSL::OCSP::TRUSTOTHER)
      end,
      # A chain of two (a leaf under a root, both of the test key) verifies through the engine with
      # stock's chain left behind; the leaf with its signature (its DER's last byte) flipped, false.
      store_context_verify: lambda do |key, applied|
        checker = patched(OpenSSL::X509::StoreContext, applied) { prepend StructurePatch::StoreContextVerify }
        root = certificate(key, ca: true)
        leaf = OpenSSL::X509::Certificate.new(issued_certificate(key, root).to_der)
        forged = OpenSSL::X509::Certificate.new(leaf.to_der.tap { |bytes| bytes.setbyte(-1, bytes.getbyte(-1) ^ 1) })
        store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(root) }
        good = checker.new(store, leaf, [])
        good.verify && good.chain.map(&:to_der) == [leaf.to_der, root.to_der] && good.error_string == "ok" && !checker.new(store, forged, []).verify
      end,
      ocsp_request_sign: lambda do |key, applied|
        cert = certificate(key)
        request = patched(OpenSSL::OCSP::Request, applied) { prepend StructurePatch::OcspRequest }.new
        request.add_certid(OpenSSL::OCSP::CertificateId.new(cert, cert))
        request.sign(cert, key, [])
        store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
        OpenSSL::OCSP::Request.new(request.to_der).verify([cert], store, OpenSSL::OCSP::TRUSTOTHER)
      end,
      pkcs7_sign: lambda do |key, applied|
        signer = patched(OpenSSL::PKCS7, applied) { StructurePatch.patch_pkcs7_sign(self) }
        cert = certificate(key)
        store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
        signer.sign(cert, key, MESSAGE, [], OpenSSL::PKCS7::BINARY).verify([cert], store, nil, OpenSSL::PKCS7::BINARY)
      end,
      # A signed PKCS7 read from DER verifies through the engine; with its content changed, false.
      pkcs7_verify: lambda do |key, applied|
        cert = certificate(key)
        store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
        der = OpenSSL::PKCS7.sign(cert, key, MESSAGE, [], OpenSSL::PKCS7::BINARY).to_der
        reader = patched(OpenSSL::PKCS7, applied) { prepend StructurePatch::Pkcs7Verify }
        reader.new(der).verify([cert], store, nil, OpenSSL::PKCS7::BINARY) &&
          !reader.new(der).verify([cert], store, "#{MESSAGE}!", OpenSSL::PKCS7::BINARY)
      end,
      pkcs7_decrypt: lambda do |key, applied|
        cert = certificate(key)
        envelope = OpenSSL::PKCS7.encrypt([cert], MESSAGE, OpenSSL::Cipher.new("AES-128-CBC"), OpenSSL::PKCS7::BINARY)
        opener = patched(OpenSSL::PKCS7, applied) { prepend StructurePatch.decrypt_patch(OpenSSL::PKCS7.instance_method(:decrypt)) }
        opener.new(envelope.to_der).decrypt(key, cert) == MESSAGE
      end
    }.freeze

    # The class a structure method's check runs on: the stock class itself once its patch is applied
    # (a second patch around the first would hand it the first's stand-in key), else a throwaway
    # subclass the block patches.
    # A certificate's or CRL's DER with its to-be-signed part's first field's length in long form: the
    # same values, not DER (a signature of the DER is not one of these bytes).
    def self.first_length_spelt_long(der)
      tbs, *rest = OpenSSL::ASN1.decode(der).value.map(&:to_der)
      first, *fields = OpenSSL::ASN1.decode(tbs).value.map(&:to_der)
      spelt = first.byteslice(0, 1) + "\x81".b + first.byteslice(1..)
      der_of(0x30, der_of(0x30, spelt + fields.join) + rest.join)
    end

    def self.der_of(tag, content)
      size = content.bytesize
      length = size < 0x80 ? [size].pack("C") : [0x80 | ((size.bit_length + 7) / 8)].pack("C") + [size].pack("N").sub(/\A\0+/n, "")
      [tag].pack("C") + length + content
    end

    def self.patched(stock_class, applied, &patch)
      applied ? stock_class : Class.new(stock_class, &patch)
    end

    # A self-signed certificate of the test key, signed by the class given (stock's by default).
    def self.certificate(key, certificate_class = OpenSSL::X509::Certificate, ca: false)
      cert = certificate_class.new
      cert.version = 2
      cert.serial = 1
      cert.subject = cert.issuer = OpenSSL::X509::Name.parse("/CN=fast-rsa-engine")
      cert.public_key = key # its public half; an EC key's public_key is a point
      cert.not_before = Time.at(0)
      cert.not_after = Time.at(4_102_444_800)
      if ca # a CA's basic constraints, and its key id (which a chain's check reads)
        cert.add_extension(OpenSSL::X509::Extension.new("basicConstraints", OpenSSL::ASN1::Sequence([OpenSSL::ASN1::Boolean(true)]), true))
        cert.add_extension(OpenSSL::X509::ExtensionFactory.new(cert, cert).create_extension("subjectKeyIdentifier", "hash"))
      end
      cert.sign(key, "SHA256")
    end

    # A leaf certificate of the test key under the issuer (whose key it also is), of another name.
    def self.issued_certificate(key, issuer)
      cert = OpenSSL::X509::Certificate.new
      cert.version = 2
      cert.serial = 2
      cert.subject = OpenSSL::X509::Name.parse("/CN=fast-rsa-engine leaf")
      cert.issuer = issuer.subject
      cert.public_key = key
      cert.not_before = Time.at(0)
      cert.not_after = Time.at(4_102_444_800)
      cert.add_extension(OpenSSL::X509::ExtensionFactory.new(issuer, cert).create_extension("authorityKeyIdentifier", "keyid:always"))
      cert.sign(key, "SHA256")
    end

    # A CSR of the test key, signed by the class given.
    def self.request(key, request_class = OpenSSL::X509::Request)
      request = request_class.new
      request.subject = OpenSSL::X509::Name.parse("/CN=fast-rsa-engine")
      request.public_key = key
      request.sign(key, OpenSSL::Digest.new("SHA256")) # 0.15 takes only a Digest
    end

    # A CRL signed with the test key by the class given.
    # A basic OCSP response the test key signs with its certificate, which it leaves out: the
    # signature is the DER's end.
    def self.ocsp_response(key, cert)
      response = OpenSSL::OCSP::BasicResponse.new
      response.add_status(OpenSSL::OCSP::CertificateId.new(cert, cert), OpenSSL::OCSP::V_CERTSTATUS_GOOD, 0, nil, 0, 3600, [])
      response.sign(cert, key, [], OpenSSL::OCSP::NOCERTS)
    end

    def self.crl(key, crl_class = OpenSSL::X509::CRL)
      crl = crl_class.new
      crl.version = 1
      crl.issuer = OpenSSL::X509::Name.parse("/CN=fast-rsa-engine")
      crl.last_update = Time.at(0)
      crl.next_update = Time.at(4_102_444_800)
      crl.sign(key, OpenSSL::Digest.new("SHA256"))
      crl
    end

    # The EC methods' check, before OpenSSL::PKey::EC is patched: through EcPatch on a throwaway
    # subclass, with the EC self-test's P-256 key (ext/java EcSelfTest), a signature stock verifies and
    # the ECDH secret MRI computed, both counted as the engine's; and a key EC.generate would return
    # (EcKeyGeneration), with which stock signs what stock verifies.
    EC_KEY = <<~PEM
      -----BEGIN EC PRIVATE KEY-----
      MHcCAQEEIFRRMMX+4RR8+WlLiqXatLtGpBfjI9qohpmK82BJT+groAoGCCqGSM49
      AwEHoUQDQgAE/HzLoVMn5cf1ZgI3PffKi1ckY5qQ6XXt+oB2VhDjHEHMBr88f1GN
      zyNVNqdLuD7mTYy92rHHP2c156YXgLoB7A==
      -----END EC PRIVATE KEY-----
    PEM
    EC_PEER = "040f9eae388ef77a604812b3ba69e024d0a82661723753e14ffd4eb158ffda99c8" \
              "3845b424d2916afb8ad968dc96b37abcfb52e2262bd40a46729d2b3a59917c41"
    EC_SECRET = "bc5303749e24a17f685e430af40041d5a2f786f8b23937cac4c279e14559e801"

    def self.ec(structures)
      key = Class.new(OpenSSL::PKey::EC) { prepend EcPatch }.new(EC_KEY)
      before = Native.stats[:calls].values_at(:ec_sign, :ec_dh_compute_key).map { |counts| counts ? counts[:engine] : 0 }
      signature = key.sign("SHA256", MESSAGE)
      raise "its signature does not verify" unless OpenSSL::PKey::EC.new(EC_KEY).verify("SHA256", signature, MESSAGE)

      peer = OpenSSL::PKey::EC::Point.new(key.group, OpenSSL::BN.new(EC_PEER, 16))
      raise "its ECDH secret is not MRI's" unless key.dh_compute_key(peer).unpack1("H*") == EC_SECRET

      after = Native.stats[:calls].values_at(:ec_sign, :ec_dh_compute_key).map { |counts| counts[:engine] }
      raise "it did not go through the engine" unless after.zip(before).all? { |now, earlier| now > earlier }

      ec_generated
      ec_structures(structures)
    end

    # A CSR and a certificate signed with the EC key through their patches, where applied (the
    # structure methods' two ways with an EC key: StructureMethods), each counted as the engine's
    # and verified by stock.
    def self.ec_structures(structures)
      key = OpenSSL::PKey::EC.new(EC_KEY)
      %i[request_sign certificate_sign].select { |name| structures[name] == "applied" }.each do |name|
        before = Native.stats[:calls].dig(name, :engine).to_i
        raise "its #{name} does not verify" unless STRUCTURE_CHECKS.fetch(name).call(key, true)
        raise "its #{name} did not go through the engine" unless Native.stats[:calls].dig(name, :engine).to_i > before
      end
    end

    def self.ec_generated
      key = EcKeyGeneration.generate(OpenSSL::PKey::EC, "prime256v1")
      raise "its generated key is not an EC key of the curve asked" unless key.instance_of?(OpenSSL::PKey::EC) && key.private? && key.group.curve_name == "prime256v1"
      raise "its generated key's signature does not verify" unless OpenSSL::PKey::EC.new(key.public_to_der).verify("SHA256", key.sign("SHA256", MESSAGE), MESSAGE)
    end
  end
end
