# frozen_string_literal: true

# The structure methods with bad arguments where stock jruby-openssl fails in Java (a cast, a
# NullPointerException, Bouncy Castle refusing a block): the gem raises MRI's error for the
# structure, class and message, not a Java exception nor RSA's error (every structure method's
# Ruby frame is named "sign" or "decrypt", as RSA's are). Each call also runs in MRI, in a
# process beside, with the same keys; found by the fuzzer (spec/fuzz/structure_calls.rb).
RSpec.describe "Structure methods' errors where stock fails in Java", jruby: true do
  fixture = ReferenceFixtures.key("rsa2048_e65537")
  other_fixture = ReferenceFixtures.key("rsa1024_e65537")

  # Ruby source run in JRuby and MRI, with key and other (another key), cert (key's, signed),
  # unsigned (key's, never signed) and envelope (to cert). Stock leaks each as a Java exception,
  # or as its own error in Java's words.
  calls = [
    'OpenSSL::PKCS7.sign(unsigned, key, "data", [], OpenSSL::PKCS7::BINARY).to_der',
    'OpenSSL::OCSP::BasicResponse.new.sign(unsigned, key, [], 0, OpenSSL::Digest.new("SHA256")).to_der',
    'OpenSSL::PKCS7.sign(nil, key, "data")',
    'OpenSSL::PKCS7.sign(cert, key, "data", "text")',
    "OpenSSL::OCSP::BasicResponse.new.sign(nil, key)",
    'OpenSSL::OCSP::BasicResponse.new.sign(cert, key, "text", 0, OpenSSL::Digest.new("SHA256"))',
    'envelope.decrypt(key, "text")',
    "envelope.decrypt(nil)",
    "envelope.decrypt(key.public_key, cert)",
    # Arguments MRI refuses and stock checks otherwise: MRI's error for the first in MRI's order.
    'Structures.crl(key).sign(key, "DSS1")', # stock's message carries the private key's PEM
    'OpenSSL::OCSP::BasicResponse.new.sign(cert, key, [], 0, "NOPE")',
    'OpenSSL::OCSP::Request.new.sign("text", key, 1.5, 2**40, "NOPE")',
    'OpenSSL::OCSP::Request.new.sign(cert, key, 1.5, 2**40, 12)',
    'OpenSSL::PKCS7.sign(cert, key, "data", [nil])',
    'OpenSSL::PKCS7.sign(cert, key.public_key, 12, "text", 2**40)',
    "envelope.decrypt(key, nil, 2**40)"
  ]
  # Calls MRI answers where stock fails in Java: the same answer.
  answered = [
    "envelope.decrypt(key, nil)",
    "envelope.decrypt(key, nil, 0)",
    'OpenSSL::OCSP::Request.new(OpenSSL::OCSP::Request.new.tap { |r| r.add_certid(OpenSSL::OCSP::CertificateId.new(cert, cert)) }' \
    '.sign(cert, key, [], 0, "SHA384").to_der).verify([cert], OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }, OpenSSL::OCSP::TRUSTOTHER)'
  ]

  script = <<~RUBY
    require #{MriCalls::PATH.inspect}
    require #{File.expand_path('../support/structures.rb', __dir__).inspect}
    input = JSON.parse($stdin.read)
    key = OpenSSL::PKey::RSA.new(input["key"])
    other = OpenSSL::PKey::RSA.new(input["other"])
    cert = Structures.signer(key)
    unsigned = Structures.unsigned_certificate(key, extensions: false)
    envelope = OpenSSL::PKCS7.new([input["envelope"]].pack("H*"))
    puts JSON.generate(input["calls"].map { |call| MriCalls.answer { eval(call) } })
  RUBY

  before(:all) do
    cert = Structures.signer(fixture.private_key)
    @envelope = OpenSSL::PKCS7.encrypt([cert], "x", OpenSSL::Cipher.new("AES-128-CBC"), OpenSSL::PKCS7::BINARY).to_der
    @mri = MRI.run(script, "key" => fixture.pem, "other" => other_fixture.pem, "envelope" => MRI.hex(@envelope), "calls" => calls + answered)
  end

  Backends.all.each do |backend|
    context "with the #{backend} backend" do
      around { |example| Backends.with(backend) { example.run } }

      # MRI's OpenSSL answers another key's envelope, with no certificate, by deciphering with a
      # random key (its defence against padding oracles): mostly "bad decrypt", but one time in
      # about 256 the random key's padding checks and it returns random bytes. So it is not asked.
      it "raises MRI's usual error for another key's envelope" do
        envelope = OpenSSL::PKCS7.new(@envelope)
        expect { envelope.decrypt(other_fixture.private_key) }.to raise_error(OpenSSL::PKCS7::PKCS7Error, "bad decrypt")
      end

      it "raises MRI's error, class and message, or answers as MRI" do
        key = fixture.private_key
        other = other_fixture.private_key
        cert = Structures.signer(key)
        unsigned = Structures.unsigned_certificate(key, extensions: false)
        envelope = OpenSSL::PKCS7.new(@envelope)
        aggregate_failures do
          (calls + answered).zip(@mri).each do |call, mri|
            expect(mri.key?("raised")).to be(calls.include?(call)), "#{call}: MRI answered #{mri}"
            # Ruby 3.4 (JRuby 10) quotes a C type as 'int', Ruby 3.1 (MRI here, JRuby 9.4) as `int'.
            quoted_alike = ->(answer) { answer.transform_values { |v| v.is_a?(String) ? v.tr("`", "'") : v } }
            expect(quoted_alike.(MriCalls.answer { eval(call) })).to eq(quoted_alike.(mri)), call # rubocop:disable Security/Eval
          end
        end
      end
    end
  end
end
