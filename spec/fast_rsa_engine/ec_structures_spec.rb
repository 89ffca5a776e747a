# frozen_string_literal: true

# The structure methods with an EC key, signed by the EC engine (StructureMethods, EcStructureSigner):
# a certificate, CSR, CRL and OCSP's request and response each verify on stock and on MRI, their
# to-be-signed bytes are stock's with the key, and stats count them. An EC key on a backend without
# an EC engine, or of a curve the engine lacks, stays stock's.
RSpec.describe "Structures signed with an EC key", jruby: true do
  curves = %w[prime256v1 secp384r1 secp521r1]
  name = OpenSSL::X509::Name.parse(Structures::NAME)

  # MRI reads each structure and checks it with its certificate's key: [certificate, CRL, CSR, OCSP
  # request, OCSP response] verified.
  mri_verifies = <<~'RUBY'
    input = JSON.parse($stdin.read)
    bytes = ->(hex) { [hex].pack("H*") }
    results = input.map do |entry|
      cert = OpenSSL::X509::Certificate.new(bytes.(entry["certificate"]))
      store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
      [cert.verify(cert.public_key), OpenSSL::X509::CRL.new(bytes.(entry["crl"])).verify(cert.public_key),
       OpenSSL::X509::Request.new(bytes.(entry["request"])).verify(cert.public_key),
       OpenSSL::OCSP::Request.new(bytes.(entry["ocsp_request"])).verify([cert], store, OpenSSL::OCSP::TRUSTOTHER),
       OpenSSL::OCSP::BasicResponse.new(bytes.(entry["ocsp_response"])).verify([cert], store, OpenSSL::OCSP::TRUSTOTHER)]
    end
    puts JSON.generate(results)
  RUBY

  # A self-signed certificate of an EC key (its public key set from the key: an EC key's public_key
  # is a point).
  def certificate(key, digest = "SHA256")
    unsigned_certificate(key).sign(key, digest)
  end

  def unsigned_certificate(key)
    cert = OpenSSL::X509::Certificate.new
    cert.version = 2
    cert.serial = 1
    cert.subject = cert.issuer = OpenSSL::X509::Name.parse(Structures::NAME)
    cert.public_key = key
    cert.not_before = Time.at(1_700_000_000)
    cert.not_after = Time.at(1_900_000_000)
    Structures.add_extensions(cert)
    cert
  end

  def request(key, digest)
    request = OpenSSL::X509::Request.new
    request.subject = OpenSSL::X509::Name.parse(Structures::NAME)
    request.public_key = key
    request.sign(key, OpenSSL::Digest.new(digest))
  end

  # The element a signature covers, as encoded: X.509's to-be-signed part, the OCSP request's tbsRequest.
  def signed_part(der)
    OpenSSL::ASN1.decode(der).value.first.to_der
  end

  def counts(method)
    FastRsaEngine.stats[:calls].fetch(method, {})
  end

  # A CSR of the key signed by stock: it verifies, and request_sign counts the key as declined.
  def expect_stocks_csr(key)
    declined = counts(:request_sign).fetch(:key_declined, 0)
    expect(OpenSSL::X509::Request.new(request(key, "SHA256").to_der).verify(key)).to be(true)
    expect(counts(:request_sign)[:key_declined]).to eq(declined + 1)
  end

  # The stats name of each structure's sign.
  def signed_by
    { certificate: :certificate_sign, crl: :crl_sign, request: :request_sign, ocsp_request: :ocsp_request_sign,
      ocsp_response: :ocsp_basic_response_sign }
  end

  each_native_backend do |backend|
    before { skip "the #{backend} backend has no EC engine: EC keys stay with stock" unless EcFixtures.engine? }

    it "every structure: the engine signs each, stock and MRI verify them, and the signed bytes are stock's" do
      checked = curves.product(EcFixtures::DIGESTS).map do |curve, digest|
        key = OpenSSL::PKey::EC.generate(curve)
        signed = nil
        answers = EcFixtures.engine_answers(*signed_by.values) do
          cert = certificate(key, digest)
          signed = { certificate: cert, crl: Structures.crl(key, OpenSSL::Digest.new(digest)), request: request(key, digest),
                     ocsp_request: Structures.ocsp_request(key, cert, digest),
                     ocsp_response: Structures.unsigned_ocsp_response(cert).sign(cert, key, [], 0, OpenSSL::Digest.new(digest)) }
        end
        expect(answers.values).to all(eq(1)), "#{curve} #{digest}: #{answers}"

        cert = signed[:certificate]
        store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
        expect(OpenSSL::X509::Certificate.new(cert.to_der).verify(key)).to be(true)
        expect(OpenSSL::X509::CRL.new(signed[:crl].to_der).verify(key)).to be(true)
        expect(OpenSSL::X509::Request.new(signed[:request].to_der).verify(key)).to be(true)
        expect(OpenSSL::OCSP::Request.new(signed[:ocsp_request].to_der).verify([cert], store, OpenSSL::OCSP::TRUSTOTHER)).to be(true)
        expect(OpenSSL::OCSP::BasicResponse.new(signed[:ocsp_response].to_der).verify([cert], store, OpenSSL::OCSP::TRUSTOTHER)).to be(true)
        %i[certificate crl request].each { |name| expect(signed[name].signature_algorithm).to eq("ecdsa-with-#{digest}"), "#{name} #{digest}" }

        stock = Backends.with("stock") do
          { certificate: certificate(key, digest), crl: Structures.crl(key, OpenSSL::Digest.new(digest)),
            request: request(key, digest), ocsp_request: Structures.ocsp_request(key, cert, digest) }
        end
        stock.each { |name, made| expect(signed_part(signed[name].to_der)).to eq(signed_part(made.to_der)), "#{name}: #{curve} #{digest}" }
        signed.transform_values { |made| MRI.hex(made.to_der) }
      end
      expect(MRI.run(mri_verifies, checked)).to all(eq([true] * 5))
    end

    it "a digest no ECDSA algorithm is defined with (MD5) gets stock's error, and leaves the certificate as stock's does" do
      key = OpenSSL::PKey::EC.generate("prime256v1")
      left = ->(cert) { [(cert.sign(key, "MD5") rescue $!.class), StructureReaders.timeless(cert)] }
      expect(left.call(unsigned_certificate(key))).to eq(Backends.with("stock") { left.call(unsigned_certificate(key)) })
    end

    it "a key of a curve the engine lacks is stock's: its CSR verifies, counted as declined" do
      expect_stocks_csr(OpenSSL::PKey::EC.generate(EcFixtures::STOCK_CURVES.first))
    end
  end

  # Stock on JDK 17 signs certificates and CRLs through SunEC, which has no secp256k1 or secp224r1,
  # and fails in Java's words; MRI signs. Where the engine lacks the curve, Bouncy Castle's ECDSA
  # signs in Java (structures/JdkEcdsa.java), the backend :stock included.
  it "secp256k1 and secp224r1 certificates and CRLs are signed as MRI signs them, on every backend" do
    signed = %w[secp256k1 secp224r1].product(["stock"] + Backends.native).map do |curve, backend|
      key = OpenSSL::PKey::EC.generate(curve)
      Backends.with(backend) do
        { "certificate" => MRI.hex(certificate(key, "SHA384").to_der), "crl" => MRI.hex(Structures.crl(key, OpenSSL::Digest.new("SHA1")).to_der) }
      end
    end
    verdicts = MRI.run(<<~'RUBY', signed)
      hex = ->(text) { [text].pack("H*") }
      puts JSON.generate(JSON.parse($stdin.read).map do |made|
        cert = OpenSSL::X509::Certificate.new(hex.(made["certificate"]))
        crl = OpenSSL::X509::CRL.new(hex.(made["crl"]))
        [cert.signature_algorithm, cert.verify(cert.public_key), crl.signature_algorithm, crl.verify(cert.public_key)]
      end)
    RUBY
    expect(verdicts).to all(eq(["ecdsa-with-SHA384", true, "ecdsa-with-SHA1", true]))
  end

  it "a public key alone signs no certificate or CSR: MRI's ArgumentError, on every backend" do
    key = EcFixtures.public_only(OpenSSL::PKey::EC.generate("prime256v1"))
    (["stock"] + Backends.native).each do |backend|
      Backends.with(backend) do
        expect { certificate(key) }.to raise_error(ArgumentError, "private key is needed")
        expect { request(key, "SHA256") }.to raise_error(ArgumentError, "private key is needed")
      end
    end
  end

  it "a backend without an EC engine leaves an EC key's CSR to stock" do
    without_ec = Backends.native.find { |backend| Backends.with(backend) { !FastRsaEngine::Native.ec? } }
    skip "every native backend here has an EC engine" unless without_ec

    Backends.with(without_ec) { expect_stocks_csr(OpenSSL::PKey::EC.generate("prime256v1")) }
  end

  # The stand-in's toy curve is a group of prime order generated by its point, as its comment says:
  # its generator is on the curve, and n * G is the point at infinity (by Bouncy Castle's arithmetic).
  it "the CSR's EC stand-in's toy curve has the prime order it names" do
    skip "needs the extension" if Backends.native.empty?

    require "jruby"
    klass = java.lang.Class.forName("fastrsaengine.structures.StandInEcKey", true, JRuby.runtime.jruby_class_loader)
    spec = klass.getDeclaredField("TOY_CURVE").tap { |f| f.accessible = true }.get(nil)
    curve = spec.curve
    p = curve.field.p # JRuby hands BigIntegers to Ruby as Integers
    x, y = spec.generator.affine_x, spec.generator.affine_y
    expect((y**2 - (x**3 + curve.a * x + curve.b)) % p).to eq(0)
    expect(OpenSSL::BN.new(spec.order).prime?).to be(true)
    bc = org.bouncycastle.jcajce.provider.asymmetric.util.EC5Util.convertSpec(spec)
    expect(bc.g.multiply(bc.n).infinity?).to be(true)
    expect(bc.g.multiply(java.math.BigInteger::ONE).infinity?).to be(false)
  end
end
