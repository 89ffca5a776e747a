# frozen_string_literal: true

# X509::Certificate#verify, X509::Request#verify and X509::CRL#verify through the engine
# (ext/java/fastrsaengine/verification/SignatureCheck.java): the engine answers as OpenSSL for an RSA
# PKCS#1 v1.5, RSA-PSS or ECDSA signature checked with a key of its kind, and leaves every other
# answer to stock (spec/fast_rsa_engine/strict_verification_spec.rb: the forms stock takes leniently). Over
# structures MRI makes (good ones of each digest, RSA and EC; RSA-PSS with several parameters, one
# signed with another salt length than it names; tampered; with the algorithm inside and outside
# differing; relabelled with another digest; a signature cut short), the keys that go with them and
# others, and arguments that are no key, every answer is MRI's, or stock's for a key of another kind.
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
    # RSASSA-PSS: its identifier (defaults left out, as OpenSSL writes it), and the structure signed
    # under it (with another salt length than it names, where given).
    hash_id = ->(digest) { OpenSSL::ASN1::Sequence([OpenSSL::ASN1::ObjectId(digest)]) }
    pss_algorithm = lambda do |digest, mgf1, salt|
      fields = []
      fields << OpenSSL::ASN1::ASN1Data.new([hash_id.(digest)], 0, :CONTEXT_SPECIFIC) unless digest == "SHA1"
      fields << OpenSSL::ASN1::ASN1Data.new([OpenSSL::ASN1::Sequence([OpenSSL::ASN1::ObjectId("mgf1"), hash_id.(mgf1)])], 1, :CONTEXT_SPECIFIC) unless mgf1 == "SHA1"
      fields << OpenSSL::ASN1::ASN1Data.new([OpenSSL::ASN1::Integer(salt)], 2, :CONTEXT_SPECIFIC) unless salt == 20
      OpenSSL::ASN1::Sequence([OpenSSL::ASN1::ObjectId("RSASSA-PSS"), OpenSSL::ASN1::Sequence(fields)])
    end
    pss = lambda do |kind, digest, mgf1, salt, signed_salt = salt|
      id = pss_algorithm.(digest, mgf1, salt)
      unsigned = relabelled.(kind, build[kind].(rsa, "SHA256").to_der, id, id)
      tbs = OpenSSL::ASN1.decode(unsigned).value[0].to_der
      relabelled.(kind, unsigned, id, id, rsa.sign_pss(digest, tbs, salt_length: signed_salt, mgf1_hash: mgf1))
    end
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
      pss_good = pss.(kind, "SHA256", "SHA256", 32)
      made.merge!("pss sha256" => pss_good, "pss sha1 defaults" => pss.(kind, "SHA1", "SHA1", 20),
                  "pss sha512 mgf1 sha256 salt 0" => pss.(kind, "SHA512", "SHA256", 0),
                  "pss salt differs" => pss.(kind, "SHA256", "SHA256", 32, 20), "pss tampered" => flip.(pss_good, pss_good.bytesize - 1))
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
    it "answers as MRI where the key is of the signature's kind, the engine deciding, else as stock (#{backend})" do
      cases.each do |kind, name, der, key_name, mri|
        key = keys.fetch(key_name)
        before = engine_answers(counted[kind])
        ours = outcome(readers[kind], der, key)
        stock = Backends.with(:stock) { outcome(readers[kind], der, key) }
        # The engine reads an RSA key's signatures and an EC key's: OpenSSL's answer, on every backend
        # (DIFFERENCES.md, verify-strict-structures); a key of another kind than the signature's is stock's
        # (stock false or RequestError, MRI an error or false), but a certificate's two algorithm
        # identifiers apart, which OpenSSL compares first (false).
        decided = name.start_with?("ec") == key_name.start_with?("ec") || (kind == "certificate" && name == "algorithms differ")
        expected = decided ? mri : shown(stock)
        expect(shown(ours)).to eq(expected), "#{kind} #{name} with #{key_name}: #{ours} against stock's #{stock}, MRI's #{mri}"
        expect(engine_answers(counted[kind]) > before).to eq(decided), "#{kind} #{name} with #{key_name}: engine"
      end
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

    it "raises CRLError where stock fails in Java: a CRL checked with an EC key read without its point (#{backend})" do
      signer = OpenSSL::PKey::EC.generate("prime256v1")
      crl = OpenSSL::X509::CRL.new.tap { |c| c.version = 1; c.issuer = OpenSSL::X509::Name.parse("/CN=crl"); c.last_update = Time.at(1_700_000_000); c.next_update = Time.at(1_900_000_000) }
      crl.sign(signer, "SHA256")
      scalar = OpenSSL::ASN1::OctetString(signer.private_key.to_s(2).rjust(32, "\0"))
      curve = OpenSSL::ASN1::ASN1Data.new([OpenSSL::ASN1::ObjectId("prime256v1")], 0, :CONTEXT_SPECIFIC)
      read = Outcome.of { OpenSSL::PKey::EC.new(OpenSSL::ASN1::Sequence([OpenSSL::ASN1::Integer(1), scalar, curve]).to_der) }
      skip "this jruby-openssl reads no EC key without its point: #{read}" if read.raised?
      without_point = read.value
      stock = Backends.with(:stock) { Outcome.of { OpenSSL::X509::CRL.new(crl.to_der).verify(without_point) } }
      skip "this jruby-openssl checks with such a key: #{stock}" unless stock.raised?
      # With an EC engine, the point computed from the scalar, as OpenSSL computes it at load: MRI's true.
      next expect(OpenSSL::X509::CRL.new(crl.to_der).verify(without_point)).to be(true) if EcFixtures.engine?

      expect { OpenSSL::X509::CRL.new(crl.to_der).verify(without_point) }.to raise_error(OpenSSL::X509::CRLError, "EVP lib")
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
