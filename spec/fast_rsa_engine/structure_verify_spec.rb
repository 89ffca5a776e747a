# frozen_string_literal: true

# X509::Certificate#verify, X509::Request#verify and X509::CRL#verify through the engine
# (ext/java/fastrsaengine/verification/SignatureCheck.java): the engine answers yes to an RSA PKCS#1
# v1.5 or ECDSA signature it finds the key's, and leaves every other answer to stock. Over structures
# MRI makes (good ones of each digest, RSA and EC; tampered; with the algorithm inside and outside
# differing; relabelled with another digest; a signature cut short), the keys that go with them and
# others, and arguments that are no key, every answer is stock's, and MRI's where stock's is.
RSpec.describe "Certificate, CSR and CRL verification through the engine", jruby: true do
  # MRI makes the structures and answers each case: {"ec_signer" => PEM, "cases" => [[kind, name,
  # DER hex, key name, answer]]}, with its own EC signer among the keys.
  mri_cases = <<~'RUBY'
    input = JSON.parse($stdin.read)
    ec_signer = OpenSSL::PKey::EC.generate("prime256v1")
    keys = input["keys"].transform_values { |pem| OpenSSL::PKey.read(pem) }.merge("ec_signer" => ec_signer)
    name = OpenSSL::X509::Name.parse("/CN=verify")
    public_part = ->(key) { key.is_a?(OpenSSL::PKey::EC) ? key : key.public_key }
    build = {
      "certificate" => lambda do |key, digest|
        cert = OpenSSL::X509::Certificate.new
        cert.version = 2
        cert.serial = 7
        cert.subject = cert.issuer = name
        cert.public_key = public_part.(key)
        cert.not_before = Time.at(1_700_000_000)
        cert.not_after = Time.at(1_900_000_000)
        cert.sign(key, digest)
      end,
      "request" => lambda do |key, digest|
        request = OpenSSL::X509::Request.new
        request.version = 0
        request.subject = name
        request.public_key = public_part.(key)
        request.sign(key, digest)
      end,
      "crl" => lambda do |key, digest|
        crl = OpenSSL::X509::CRL.new
        crl.version = 1
        crl.issuer = name
        crl.last_update = Time.at(1_700_000_000)
        crl.next_update = Time.at(1_900_000_000)
        crl.sign(key, digest)
      end
    }
    readers = { "certificate" => OpenSSL::X509::Certificate, "request" => OpenSSL::X509::Request, "crl" => OpenSSL::X509::CRL }
    inner_algorithm_at = { "certificate" => 2, "crl" => 1 } # the to-be-signed part's signature field
    algorithm = ->(digest) { OpenSSL::ASN1::Sequence([OpenSSL::ASN1::ObjectId("#{digest.downcase}WithRSAEncryption"), OpenSSL::ASN1::Null(nil)]) }
    flip = ->(der, at) { der.dup.tap { |bytes| bytes.setbyte(at, bytes.getbyte(at) ^ 1) } }
    # The structure with its algorithms (outside; inside where it has one) named otherwise, and the signature given.
    relabelled = lambda do |kind, der, outer, inner, signature = nil|
      tbs, _, bits = OpenSSL::ASN1.decode(der).value
      tbs.value[inner_algorithm_at[kind]] = inner if inner && inner_algorithm_at[kind]
      OpenSSL::ASN1::Sequence([tbs, outer, OpenSSL::ASN1::BitString(signature || bits.value)]).to_der
    end
    # Outside SHA-1, inside SHA-256, signed with SHA-1 over the inside.
    mismatched = lambda do |kind, key|
      der = build[kind].(key, "SHA256").to_der
      relabelled.(kind, der, algorithm.("SHA1"), nil, key.sign("SHA1", OpenSSL::ASN1.decode(der).value[0].to_der))
    end
    rsa = keys["rsa"]
    structures = build.keys.flat_map do |kind|
      good = build[kind].(rsa, "SHA256").to_der
      signature = OpenSSL::ASN1.decode(good).value[2].value
      made = %w[SHA1 SHA224 SHA384 SHA512].to_h { |digest| [digest.downcase, build[kind].(rsa, digest).to_der] }
      made.merge!("sha256" => good, "ec sha256" => build[kind].(ec_signer, "SHA256").to_der,
                  "ec sha384" => build[kind].(ec_signer, "SHA384").to_der,
                  "signature tampered" => flip.(good, good.bytesize - 1), "name tampered" => flip.(good, good.index("verify")),
                  "relabelled" => relabelled.(kind, good, algorithm.("SHA512"), algorithm.("SHA512")),
                  "signature cut short" => relabelled.(kind, good, algorithm.("SHA256"), algorithm.("SHA256"), signature[1..]))
      made["algorithms differ"] = mismatched.(kind, rsa) if inner_algorithm_at[kind]
      made.map { |name, der| [kind, name, der] }
    end
    answer = lambda do |kind, der, key|
      readers[kind].new(der).verify(key)
    rescue StandardError => e
      e.class.name
    end
    cases = structures.flat_map do |kind, name, der|
      keys.map { |key_name, key| [kind, name, der.unpack1("H*"), key_name, answer.(kind, der, key)] }
    end
    puts JSON.generate("ec_signer" => ec_signer.to_pem, "cases" => cases)
  RUBY

  readers = { "certificate" => OpenSSL::X509::Certificate, "request" => OpenSSL::X509::Request, "crl" => OpenSSL::X509::CRL }
  counted = { "certificate" => :certificate_verify, "request" => :request_verify, "crl" => :crl_verify }

  # The keys checked with: the RSA structures' own (whole, public), another RSA key, an EC key, and
  # MRI's EC signer (each where jruby-openssl writes and reads an EC key as MRI does: not 0.15).
  let(:given_keys) do
    rsa = ReferenceFixtures.key("rsa2048_e65537").private_key
    keys = { "rsa" => rsa, "rsa_public" => rsa.public_key, "other" => ReferenceFixtures.key("rsa3072_e65537").private_key }
    Backends.old_stock? ? keys : keys.merge("ec" => OpenSSL::PKey::EC.generate("prime256v1"))
  end
  let(:mri) { MRI.run(mri_cases, { "keys" => given_keys.transform_values(&:to_pem) }) }
  let(:keys) { Backends.old_stock? ? given_keys : given_keys.merge("ec_signer" => OpenSSL::PKey.read(mri["ec_signer"])) }
  let(:cases) { mri["cases"].select { |*, key_name, _| keys.key?(key_name) } }

  def outcome(reader, der, key)
    Outcome.of { reader.new([der].pack("H*")).verify(key) }
  end

  def shown(outcome)
    outcome.raised? ? outcome.error_class.name : outcome.value
  end

  def engine_answers(method)
    FastRsaEngine.stats[:calls].fetch(method, {}).fetch(:engine, 0)
  end

  def good_der(kind)
    cases.find { |k, name, *| k == kind && name == "sha256" }[2]
  end

  it "MRI's cases cover yes and no for each structure (the spec can tell one from the other)" do
    readers.each_key { |kind| expect(cases.select { |k, *| k == kind }.map(&:last)).to include(true, false) }
  end

  each_native_backend do |backend|
    it "answers as stock and as MRI, for each structure and key, the engine the good ones (#{backend})" do
      differs = [] # stock's answers that are not MRI's: the gem keeps them
      cases.each do |kind, name, der, key_name, mri|
        key = keys.fetch(key_name)
        before = engine_answers(counted[kind])
        ours = outcome(readers[kind], der, key)
        stock = Backends.with(:stock) { outcome(readers[kind], der, key) }
        expect(shown(ours)).to eq(shown(stock)), "#{kind} #{name} with #{key_name}: #{ours} against stock's #{stock}"
        differs << [kind, name, key_name, shown(stock), mri] unless shown(stock) == mri
        engine = engine_answers(counted[kind]) > before
        through_engine = ours.value == true && name.match?(/\A(ec )?sha\d+\z/) && (!name.start_with?("ec") || EcFixtures.engine?)
        expect(engine).to eq(through_engine), "#{kind} #{name} with #{key_name}: engine #{engine}"
      end
      # Stock's answers that are not MRI's, which the gem keeps (it gives only the yes): a key of another
      # kind than the signature's (stock false or RequestError, MRI an error or false), and the algorithm inside other
      # than outside (stock CertificateError or false, MRI false or CRLError).
      kept = ->(name, key_name) { name == "algorithms differ" || name.start_with?("ec") != key_name.start_with?("ec") }
      expect(differs.reject { |_, name, key_name, *| kept.(name, key_name) }).to eq([])
    end

    it "answers false for a certificate or CRL changed since it was read, as stock does (#{backend})" do
      { "certificate" => ->(cert) { cert.serial = 8 }, "crl" => ->(crl) { crl.next_update = Time.at(1_900_000_001) } }.each do |kind, change|
        structure = readers[kind].new([good_der(kind)].pack("H*")).tap(&change)
        expect(structure.verify(keys["rsa"])).to be(false), kind
        expect(Backends.with(:stock) { structure.verify(keys["rsa"]) }).to be(false), kind
      end
    end

    it "gives MRI's TypeError for what is no key to a certificate or CRL, where stock fails in Java (#{backend})" do
      %w[certificate crl].each do |kind|
        { "a key" => "String", nil => "nil", 1 => "Integer" }.each do |argument, type|
          expect { readers[kind].new([good_der(kind)].pack("H*")).verify(argument) }
            .to raise_error(TypeError, "wrong argument type #{type} (expected OpenSSL/EVP_PKEY)")
        end
      end
    end

    it "leaves what is no key to a CSR to stock, which reads its public_key (#{backend})" do
      certificate = readers["certificate"].new([good_der("certificate")].pack("H*"))
      ["a key", nil, 1, certificate].each do |argument|
        ours = outcome(readers["request"], good_der("request"), argument)
        expect(shown(ours)).to eq(shown(Backends.with(:stock) { outcome(readers["request"], good_der("request"), argument) })), argument.class.name
      end
    end
  end
end
