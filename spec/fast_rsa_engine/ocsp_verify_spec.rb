# frozen_string_literal: true

# OCSP::BasicResponse#verify through the engine (ext/java/fastrsaengine/verification/OcspVerification.java):
# where stock answers with the signature alone (OCSP::NOVERIFY, or OCSP::TRUSTOTHER without
# OCSP::NOINTERN), true where the engine finds the response's signature made by the signer stock
# finds; else stock's whole verify (where it checks the chain, its answer is the chain's). Over
# responses MRI signs (RSA and EC signers, the signature tampered, another key's signature under the
# responder's name, a responder named by key hash, no certificates inside), with the certificates
# given or not, a store trusting them or empty, and each flag, every answer is stock's.
RSpec.describe "OCSP::BasicResponse#verify through the engine", jruby: true do
  # MRI signs and answers each case: {"certificates" => {name => DER hex}, "cases" => [[name,
  # response DER hex, certificates given, flags, store trusted, MRI's answer]]}.
  mri_cases = <<~'RUBY'
    input = JSON.parse($stdin.read)
    keys = input["keys"].transform_values { |pem| OpenSSL::PKey.read(pem) }.merge("ec" => OpenSSL::PKey::EC.generate("prime256v1"))
    certificate = lambda do |name, key, serial|
      cert = OpenSSL::X509::Certificate.new
      cert.version = 2
      cert.serial = serial
      cert.subject = cert.issuer = OpenSSL::X509::Name.parse("/CN=ocsp #{name}")
      cert.public_key = key.is_a?(OpenSSL::PKey::EC) ? key : key.public_key
      cert.not_before = Time.at(1_700_000_000)
      cert.not_after = Time.at(4_000_000_000)
      factory = OpenSSL::X509::ExtensionFactory.new(cert, cert)
      cert.add_extension(factory.create_extension("basicConstraints", "CA:TRUE", true))
      cert.sign(key, "SHA256")
    end
    certs = keys.each_with_index.to_h { |(name, key), i| [name, certificate.(name, key, i + 1)] }
    # A response about the signer's own certificate, signed by its key with its certificate as responder.
    respond = lambda do |signer, flags: 0, digest: "SHA256"|
      response = OpenSSL::OCSP::BasicResponse.new
      id = OpenSSL::OCSP::CertificateId.new(certs[signer], certs[signer])
      response.add_status(id, OpenSSL::OCSP::V_CERTSTATUS_GOOD, 0, nil, Time.at(1_700_000_100), Time.at(4_000_000_000), [])
      response.sign(certs[signer], keys[signer], [certs[signer]], flags, OpenSSL::Digest.new(digest)).to_der
    end
    # The response with its signature replaced by another key's over the same data.
    resigned = lambda do |der, key|
      asn1 = OpenSSL::ASN1.decode(der)
      asn1.value[2] = OpenSSL::ASN1::BitString.new(key.sign("SHA256", asn1.value[0].to_der))
      asn1.to_der
    end
    flip = ->(der, at) { der.dup.tap { |bytes| bytes.setbyte(at, bytes.getbyte(at) ^ 1) } }
    without_certs = respond.("rsa", flags: OpenSSL::OCSP::NOCERTS)
    structures = {
      "rsa" => respond.("rsa"), "rsa sha512" => respond.("rsa", digest: "SHA512"), "ec" => respond.("ec"),
      "no certificates inside" => without_certs, "signature tampered" => flip.(without_certs, without_certs.bytesize - 1),
      "response data tampered" => flip.(without_certs, without_certs.bytesize - 300),
      "signed by another key" => resigned.(respond.("rsa"), keys["other"]), "responder by key hash" => respond.("rsa", flags: OpenSSL::OCSP::RESPID_KEY)
    }
    store = ->(trusted) { OpenSSL::X509::Store.new.tap { |s| certs.each_value { |cert| s.add_cert(cert) } if trusted } }
    ocsp = OpenSSL::OCSP
    # [certificates given, flags, store trusted]
    calls = [[["rsa"], 0, true], [[], 0, true], [["rsa"], 0, false], [["rsa"], ocsp::NOVERIFY, false], [[], ocsp::NOVERIFY, false],
             [["rsa"], ocsp::TRUSTOTHER, false], [["rsa"], ocsp::TRUSTOTHER | ocsp::NOINTERN, true], [[], ocsp::NOINTERN | ocsp::NOVERIFY, true],
             [["rsa"], ocsp::NOSIGS, true], [["rsa"], ocsp::NOSIGS | ocsp::NOVERIFY, true], [["ec"], ocsp::NOVERIFY, true],
             [["other"], ocsp::NOCHAIN, true], [["rsa", "ec"], ocsp::NOCHECKS, true]]
    cases = structures.flat_map do |name, der|
      calls.map do |given, flags, trusted|
        answer = begin
          OpenSSL::OCSP::BasicResponse.new(der).verify(given.map { |n| certs[n] }, store.(trusted), flags)
        rescue StandardError => e
          e.class.name
        end
        [name, der.unpack1("H*"), given, flags, trusted, answer]
      end
    end
    puts JSON.generate("certificates" => certs.transform_values { |cert| cert.to_der.unpack1("H*") }, "cases" => cases)
  RUBY

  include_context "MRI-signed cases", mri_cases

  def verified(der, given, flags, trusted)
    store = OpenSSL::X509::Store.new.tap { |s| certificates.each_value { |cert| s.add_cert(cert) } if trusted }
    outcome = Outcome.of { OpenSSL::OCSP::BasicResponse.new([der].pack("H*")).verify(given.map { |name| certificates.fetch(name) }, store, flags) }
    outcome.raised? ? outcome.error_class.name : outcome.value
  end

  def engine_answers
    FastRsaEngine.stats[:calls].fetch(:ocsp_verify, {}).fetch(:engine, 0)
  end

  # Whether the engine answers for the signature (OpenSSL checks it first): unless OCSP::NOSIGS, where
  # stock finds its signer by name (among the certificates given, or inside unless OCSP::NOINTERN;
  # stock finds none by key hash), RSA or EC on every backend.
  def through_engine?(name, given, flags)
    return false unless (flags & OpenSSL::OCSP::NOSIGS).zero? && name != "responder by key hash"

    signer = name == "ec" ? "ec" : "rsa"
    inside = !["no certificates inside", "signature tampered", "response data tampered"].include?(name)
    given.include?(signer) || (inside && (flags & OpenSSL::OCSP::NOINTERN).zero?)
  end

  # Whether a response's signature is its signer's.
  def good?(name)
    ["rsa", "rsa sha512", "ec", "no certificates inside", "responder by key hash"].include?(name)
  end

  it "MRI's cases cover true and false (the spec can tell one from the other)" do
    expect(cases.map(&:last)).to include(true, false)
  end

  each_native_backend do |backend|
    it "answers false for a bad signature as MRI (stock's chain check answers true), else as stock (#{backend})" do
      cases.each do |name, der, given, flags, trusted, mri|
        before = engine_answers
        ours = verified(der, given, flags, trusted)
        stock = Backends.with(:stock) { verified(der, given, flags, trusted) }
        label = "#{name}, #{[given, flags, trusted].inspect}"
        # DIFFERENCES.md, verify-strict-structures: stock's verify with the signer's chain answers for the chain alone.
        bad = through_engine?(name, given, flags) && !good?(name)
        expect(mri).to eq(false), label if bad
        expected = bad ? mri : stock
        expect(ours).to eq(expected), "#{label}: #{ours.inspect} against stock's #{stock.inspect}, MRI's #{mri.inspect}"
        expect(engine_answers > before).to eq(through_engine?(name, given, flags)), label
      end
    end

    it "answers as MRI where the answer is the signature's alone (OCSP::NOVERIFY): stock's chain checks are its own (#{backend})" do
      alone = cases.select { |_, _, _, flags, *| (flags & OpenSSL::OCSP::NOVERIFY).positive? && (flags & OpenSSL::OCSP::NOSIGS).zero? }
      expect(alone.map(&:last)).to include(true, false)
      alone.each do |name, der, given, flags, trusted, mri|
        next if name == "responder by key hash" # stock finds no signer by key hash (MRI does)

        expect(verified(der, given, flags, trusted)).to eq(mri), "#{name}, #{[given, flags, trusted].inspect}"
      end
    end
  end

  it "raises MRI's errors where stock fails in Java: the argument count, a store or certificate of another class, an empty response" do
    response = OpenSSL::OCSP::BasicResponse.new([cases.first[1]].pack("H*"))
    cert = certificates.fetch("rsa")
    store = OpenSSL::X509::Store.new
    expect { response.verify([cert]) }.to raise_error(ArgumentError, "wrong number of arguments (given 1, expected 2..3)")
    expect { response.verify }.to raise_error(ArgumentError, "wrong number of arguments (given 0, expected 2..3)")
    expect { response.verify([cert], nil) }.to raise_error(TypeError, "wrong argument type nil (expected OpenSSL/X509/STORE)")
    expect { response.verify([1], store) }.to raise_error(OpenSSL::OpenSSLError, "object in array not of class ##type##")
    expect { OpenSSL::OCSP::BasicResponse.new.verify([cert], store) }.to raise_error(OpenSSL::OCSP::OCSPError)
    # Stock's own Ruby errors stay: certificates that are no Array, flags that are no Integer.
    expect { response.verify(nil, store) }.to raise_error(TypeError)
    expect { response.verify([cert], store, "0") }.to raise_error(TypeError)
  end
end
