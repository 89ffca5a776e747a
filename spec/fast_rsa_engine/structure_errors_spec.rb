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
    "envelope.decrypt(other)",
    "envelope.decrypt(key.public_key, cert)"
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
    @mri = MRI.run(script, "key" => fixture.pem, "other" => other_fixture.pem, "envelope" => MRI.hex(@envelope), "calls" => calls)
  end

  Backends.all.each do |backend|
    context "with the #{backend} backend" do
      around { |example| Backends.with(backend) { example.run } }

      it "raises MRI's error, class and message" do
        key = fixture.private_key
        other = other_fixture.private_key
        cert = Structures.signer(key)
        unsigned = Structures.unsigned_certificate(key, extensions: false)
        envelope = OpenSSL::PKCS7.new(@envelope)
        aggregate_failures do
          calls.zip(@mri).each do |call, mri|
            expect(mri).to include("raised"), "#{call}: MRI raises"
            expect(MriCalls.answer { eval(call) }).to eq(mri), call # rubocop:disable Security/Eval
          end
        end
      end
    end
  end
end
