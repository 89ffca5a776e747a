# frozen_string_literal: true

# PKCS7#verify through the engine (ext/java/fastrsaengine/verification/Pkcs7Check.java): where the
# engine finds every signer's RSA signature good, stock's verify runs with PKCS7::NOSIGS added (the
# chain, the content), else stock's whole verify. Over signed data MRI makes (attached and detached,
# no attributes, tampered signature or content, another key's, EC),
# with the certificates and store given or not, each answer and the data read out are stock's, and
# MRI's where stock's is.
RSpec.describe "PKCS7#verify through the engine", jruby: true do
  # MRI signs and answers each case: {"certificates" => {name => DER hex}, "cases" => [[name, PKCS7
  # DER hex, certificates given, data given, flags, store, MRI's answer, MRI's data]]}.
  mri_cases = <<~'RUBY'
    input = JSON.parse($stdin.read)
    keys = input["keys"].transform_values { |pem| OpenSSL::PKey.read(pem) }.merge("ec" => OpenSSL::PKey::EC.generate("prime256v1"))
    certificate = lambda do |key, serial|
      cert = OpenSSL::X509::Certificate.new
      cert.version = 2
      cert.serial = serial
      cert.subject = cert.issuer = OpenSSL::X509::Name.parse("/CN=pkcs7 #{serial}")
      cert.public_key = key.is_a?(OpenSSL::PKey::EC) ? key : key.public_key
      cert.not_before = Time.at(1_700_000_000)
      cert.not_after = Time.at(4_000_000_000)
      cert.sign(key, "SHA256")
    end
    certs = keys.each_with_index.to_h { |(name, key), i| [name, certificate.(key, i + 1)] }
    data = input["data"]
    flip = ->(der, at) { der.dup.tap { |bytes| bytes.setbyte(at, bytes.getbyte(at) ^ 1) } }
    binary = OpenSSL::PKCS7::BINARY
    sign = ->(name, flags = binary) { OpenSSL::PKCS7.sign(certs[name], keys[name], data, [], flags).to_der }
    good = sign.("rsa")
    structures = {
      "attached" => good, "detached" => sign.("rsa", binary | OpenSSL::PKCS7::DETACHED),
      "no attributes" => sign.("rsa", binary | OpenSSL::PKCS7::NOATTR),
      "signature tampered" => flip.(good, good.bytesize - 1), "content tampered" => flip.(good, good.index(data)),
      "signed by another key" => sign.("other"), "ec signer" => sign.("ec")
    }
    store = ->(trusted) { OpenSSL::X509::Store.new.tap { |s| certs.each_value { |cert| s.add_cert(cert) } if trusted } }
    # [certificates given, data given, flags, store trusted]
    calls = [[["rsa"], nil, binary, true], [nil, nil, binary, true], [["rsa"], data, binary, true], [["rsa"], "#{data}!", binary, true],
             [["rsa"], nil, 0, true], [["rsa"], nil, binary, false], [["rsa"], nil, OpenSSL::PKCS7::NOVERIFY, false],
             [["rsa"], nil, OpenSSL::PKCS7::NOSIGS, true], [["other"], nil, binary, true], [nil, nil, OpenSSL::PKCS7::NOINTERN, true]]
    cases = structures.flat_map do |name, der|
      calls.map do |given, indata, flags, trusted|
        p7 = OpenSSL::PKCS7.new(der)
        answer = begin
          p7.verify(given&.map { |n| certs[n] }, store.(trusted), indata, flags)
        rescue StandardError => e
          e.class.name
        end
        [name, der.unpack1("H*"), given, indata, flags, trusted, answer, p7.data]
      end
    end
    puts JSON.generate("certificates" => certs.transform_values { |cert| cert.to_der.unpack1("H*") }, "cases" => cases)
  RUBY

  data = "pkcs7 content to check"
  include_context "MRI-signed cases", mri_cases
  let(:mri_input) { { "data" => data } }

  # The answer and the data read out, as [answer, data].
  def verified(der, given, indata, flags, trusted)
    p7 = OpenSSL::PKCS7.new([der].pack("H*"))
    store = OpenSSL::X509::Store.new.tap { |s| certificates.each_value { |cert| s.add_cert(cert) } if trusted }
    outcome = Outcome.of { p7.verify(given&.map { |name| certificates.fetch(name) }, store, indata, flags) }
    [outcome.raised? ? outcome.error_class.name : outcome.value, p7.data]
  end

  def engine_answers
    FastRsaEngine.stats[:calls].fetch(:pkcs7_verify, {}).fetch(:engine, 0)
  end

  # Whether the engine checks the signatures: an RSA or EC signer's with attributes over the content
  # digested (the data given, else the content inside), found, and the signatures not skipped.
  define_method(:through_engine?) do |name, given, indata, flags|
    content = indata || (name == "detached" ? nil : name == "content tampered" ? "tampered" : data)
    signers = ["attached", "detached", "content tampered", "signed by another key", "signature tampered", "ec signer"]
    signers.include?(name) && content == data &&
      (flags & OpenSSL::PKCS7::NOSIGS).zero? && !(given.nil? && (flags & OpenSSL::PKCS7::NOINTERN).positive?)
  end

  it "MRI's cases cover true and false (the spec can tell one from the other)" do
    expect(cases.map { |c| c[6] }).to include(true, false)
  end

  it "raises MRI's errors where stock fails in Java: a store that is none, certificates of another kind" do
    p7 = OpenSSL::PKCS7.new([cases.first[1]].pack("H*"))
    cert = certificates.fetch("rsa")
    store = OpenSSL::X509::Store.new
    expect { p7.verify([cert]) }.to raise_error(ArgumentError, "wrong number of arguments (given 1, expected 2..4)")
    expect { p7.verify([cert], nil) }.to raise_error(TypeError, "wrong argument type nil (expected OpenSSL/X509/STORE)")
    expect { p7.verify(nil, "store") }.to raise_error(TypeError, "wrong argument type String (expected OpenSSL/X509/STORE)")
    expect { p7.verify(false, store) }.to raise_error(TypeError, "wrong argument type false (expected Array)")
    expect { p7.verify(cert, store) }.to raise_error(TypeError, "wrong argument type OpenSSL::X509::Certificate (expected Array)")
    expect { p7.verify([cert, 1], store) }.to raise_error(OpenSSL::OpenSSLError, "object in array not of class ##type##")
    # Stock's own Ruby error stays for flags that are no Integer.
    expect { p7.verify([cert], store, nil, "0") }.to raise_error(TypeError)
  end

  each_native_backend do |backend|
    it "answers and reads out the data as stock, and as MRI, for each structure and call; the engine the good RSA ones (#{backend})" do
      differs = []
      cases.each do |name, der, given, indata, flags, trusted, mri_answer, mri_data|
        before = engine_answers
        ours = verified(der, given, indata, flags, trusted)
        stock = Backends.with(:stock) { verified(der, given, indata, flags, trusted) }
        label = "#{name}, #{[given, indata, flags, trusted].inspect}"
        engine = engine_answers > before
        # DIFFERENCES.md, verifies-where-stock-false: stock refuses every ECDSA signer; the engine's yes is MRI's.
        expected = name == "ec signer" && engine && ours[0] == true ? [mri_answer, mri_data] : stock
        expect(ours).to eq(expected), "#{label}: #{ours} against #{expected} (stock's #{stock})"
        differs << [name, given, indata, flags, trusted, stock, [mri_answer, mri_data]] unless ours != stock || stock == [mri_answer, mri_data]
        expect(engine).to eq(through_engine?(name, given, indata, flags)), label
      end
      # Stock's answers that are not MRI's, which the gem keeps (it gives only the signatures' yes):
      # no attributes or an EC signer (stock false, MRI true), PKCS7::NOSIGS on detached data not
      # given (stock true, MRI false).
      kept = ->(name, flags) { ["no attributes", "ec signer"].include?(name) || (name == "detached" && (flags & OpenSSL::PKCS7::NOSIGS).positive?) }
      expect(differs.reject { |name, _, _, flags, *| kept.(name, flags) }).to eq([])
    end
  end
end
