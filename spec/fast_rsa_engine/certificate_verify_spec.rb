# frozen_string_literal: true

# X509::Certificate#verify through the engine (ext/java/fastrsaengine/structures/CertificateCheck.java):
# the engine answers yes to an RSA PKCS#1 v1.5 signature it finds the key's, and leaves every other
# answer to stock. Over certificates MRI makes (good ones of each digest, tampered, signed by another
# key, with the algorithm inside and outside differing, EC), the keys that go
# with them and others, and arguments that are no key, every answer is stock's, and MRI's where
# stock's is.
RSpec.describe "X509::Certificate#verify through the engine", jruby: true do
  # MRI makes the certificates and answers each case: [certificate DER hex, key name, answer].
  mri_cases = <<~'RUBY'
    input = JSON.parse($stdin.read)
    keys = input["keys"].transform_values { |pem| OpenSSL::PKey.read(pem) }
    ec_signer = OpenSSL::PKey::EC.generate("prime256v1")
    hex = ->(bytes) { bytes.unpack1("H*") }
    build = lambda do |key, digest|
      cert = OpenSSL::X509::Certificate.new
      cert.version = 2
      cert.serial = 7
      cert.subject = cert.issuer = OpenSSL::X509::Name.parse("/CN=verify")
      cert.public_key = key.is_a?(OpenSSL::PKey::EC) ? key : key.public_key
      cert.not_before = Time.at(1_700_000_000)
      cert.not_after = Time.at(1_900_000_000)
      cert.sign(key, digest)
    end
    flip = ->(der, at) { der.dup.tap { |bytes| bytes.setbyte(at, bytes.getbyte(at) ^ 1) } }
    # The algorithm outside (SHA-1) differing from the one inside (SHA-256), signed with SHA-1 over the inside.
    mismatched = lambda do |key|
      parts = OpenSSL::ASN1.decode(build.(key, "SHA256").to_der).value
      sha1 = OpenSSL::ASN1::Sequence([OpenSSL::ASN1::ObjectId("sha1WithRSAEncryption"), OpenSSL::ASN1::Null(nil)])
      OpenSSL::ASN1::Sequence([parts[0], sha1, OpenSSL::ASN1::BitString(key.sign("SHA1", parts[0].to_der))]).to_der
    end
    rsa = keys["rsa"]
    good = build.(rsa, "SHA256").to_der
    certificates = {
      "sha256" => good, "sha1" => build.(rsa, "SHA1").to_der, "sha224" => build.(rsa, "SHA224").to_der,
      "sha384" => build.(rsa, "SHA384").to_der, "sha512" => build.(rsa, "SHA512").to_der,
      "signature tampered" => flip.(good, good.bytesize - 1), "subject tampered" => flip.(good, good.index("verify")),
      "algorithms differ" => mismatched.(rsa), "ec" => build.(ec_signer, "SHA256").to_der
    }
    answer = lambda do |der, key|
      OpenSSL::X509::Certificate.new(der).verify(key)
    rescue StandardError => e
      e.class.name
    end
    cases = certificates.flat_map do |name, der|
      keys.map { |key_name, key| [name, hex.(der), key_name, answer.(der, key)] }
    end
    puts JSON.generate(cases)
  RUBY

  # The keys checked with: the certificates' own (whole, public), another RSA key, and an EC key
  # (where jruby-openssl writes an EC key MRI reads: not 0.15's PEM).
  let(:keys) do
    rsa = ReferenceFixtures.key("rsa2048_e65537").private_key
    keys = { "rsa" => rsa, "rsa_public" => rsa.public_key, "other" => ReferenceFixtures.key("rsa3072_e65537").private_key }
    Backends.old_stock? ? keys : keys.merge("ec" => OpenSSL::PKey::EC.generate("prime256v1"))
  end
  let(:cases) { MRI.run(mri_cases, { "keys" => keys.transform_values(&:to_pem) }) }

  def outcome(der, key)
    Outcome.of { OpenSSL::X509::Certificate.new([der].pack("H*")).verify(key) }
  end

  def shown(outcome)
    outcome.raised? ? outcome.error_class.name : outcome.value
  end

  def engine_answers
    FastRsaEngine.stats[:calls].fetch(:certificate_verify, {}).fetch(:engine, 0)
  end

  it "MRI's cases cover yes and no (the spec can tell one from the other)" do
    expect(cases.map(&:last)).to include(true, false)
  end

  each_native_backend do |backend|
    it "answers as stock and as MRI, for each certificate and key, the engine the good RSA ones (#{backend})" do
      differs = [] # stock's answers that are not MRI's: the gem keeps them
      cases.each do |name, der, key_name, mri|
        key = keys.fetch(key_name)
        before = engine_answers
        ours = outcome(der, key)
        stock = Backends.with(:stock) { outcome(der, key) }
        expect(shown(ours)).to eq(shown(stock)), "#{name} with #{key_name}: #{ours} against stock's #{stock}"
        differs << [name, key_name, shown(stock), mri] unless shown(stock) == mri
        engine = engine_answers > before
        expect(engine).to eq(ours.value == true && name.start_with?("sha")), "#{name} with #{key_name}: engine #{engine}"
      end
      # Stock's answers that are not MRI's, which the gem keeps (it gives only the yes): a key of another
      # kind than the signature's (stock false, MRI CertificateError), and the algorithm inside other
      # than outside (stock CertificateError, MRI false).
      kept = ->(name, key_name) { name == "algorithms differ" || (name == "ec") != (key_name == "ec") }
      expect(differs.reject { |name, key_name, *| kept.(name, key_name) }).to eq([])
    end

    it "answers false for a certificate changed since it was read, as stock does (#{backend})" do
      der = cases.find { |name, *| name == "sha256" }[1]
      cert = OpenSSL::X509::Certificate.new([der].pack("H*"))
      cert.serial = 8
      expect(cert.verify(keys["rsa"])).to be(false)
      expect(Backends.with(:stock) { cert.verify(keys["rsa"]) }).to be(false)
    end

    it "gives MRI's TypeError for what is no key, where stock fails in Java (#{backend})" do
      der = cases.find { |name, *| name == "sha256" }[1]
      { "a key" => "String", nil => "nil", 1 => "Integer" }.each do |argument, kind|
        expect { OpenSSL::X509::Certificate.new([der].pack("H*")).verify(argument) }
          .to raise_error(TypeError, "wrong argument type #{kind} (expected OpenSSL/EVP_PKEY)")
      end
    end
  end
end
