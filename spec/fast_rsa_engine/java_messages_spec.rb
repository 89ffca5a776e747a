# frozen_string_literal: true

# No error message in Java's words reaches the user: where stock fails in the JVM (BigInteger's
# arithmetic on a key whose numbers do not agree, Bouncy Castle refusing a block, a cast) or names
# a Java class in its own message ("java.lang.IllegalArgumentException: input data too large"),
# the gem raises MRI's words for the method; the class is MRI's where stock leaks a Java exception,
# and stock's where stock raised a Ruby error (what callers rescue: RSAError, a PKeyError as MRI's
# is; stock_answers_spec.rb compares with stock untouched). Each call also runs in MRI, in a process
# beside, with the same keys.
RSpec.describe "Errors in Java's words", jruby: true do
  fixture = ReferenceFixtures.key("rsa2048_e65537")
  java_words = /\bjava\.[a-z]+\.\w|\borg\.(jruby|bouncycastle)\.|cannot be cast|BigInteger|out of bounds|\A-?\d+\z/

  # Ruby source run in JRuby and MRI, with key, crafted (key's n and e with -d, no factors: stock's
  # BigInteger divides by zero), tiny (512 bits, too small for a SHA-512 DigestInfo) and ciphertext.
  calls = [
    'crafted.private_encrypt("c")', 'crafted.sign_pss("SHA256", "m", salt_length: 0, mgf1_hash: "SHA256")',
    "crafted.private_decrypt(ciphertext)", 'crafted.sign("SHA384", "m")', 'crafted.sign_raw("SHA256", "h" * 32)',
    "crafted.decrypt(ciphertext)", 'tiny.sign("SHA512", "m")', 'key.sign_raw(nil, "x" * 246)'
  ]

  script = <<~RUBY
    require #{MriCalls::PATH.inspect}
    input = JSON.parse($stdin.read)
    key = OpenSSL::PKey::RSA.new(input["pem"])
    crafted = OpenSSL::PKey::RSA.new([input["crafted"]].pack("H*"))
    tiny = OpenSSL::PKey::RSA.new(input["tiny"])
    ciphertext = [input["ciphertext"]].pack("H*")
    puts JSON.generate(input["calls"].map { |call| MriCalls.answer { eval(call) } })
  RUBY

  def self.crafted_der(key)
    numbers = [0, key.n.to_i, key.e.to_i, -key.d.to_i, 0, 0, 0, 0, 0]
    OpenSSL::ASN1::Sequence(numbers.map { |number| OpenSSL::ASN1::Integer(number) }).to_der
  end

  before(:all) do
    @tiny = OpenSSL::PKey::RSA.new(512).to_pem
    @crafted = self.class.crafted_der(fixture.private_key)
    @ciphertext = fixture.public_key.public_encrypt("hello")
    @mri = MRI.run(script, "pem" => fixture.pem, "crafted" => MRI.hex(@crafted), "tiny" => @tiny,
                           "ciphertext" => MRI.hex(@ciphertext), "calls" => calls)
  end

  Backends.all.each do |backend|
    context "with the #{backend} backend" do
      around { |example| Backends.with(backend) { example.run } }

      it "raises MRI's words, and MRI's class or stock's (a subclass), where stock fails in Java's words", needs: MissingMethods::ONE_FIFTEEN_LACKS do
        key = fixture.private_key
        crafted = OpenSSL::PKey::RSA.new(@crafted)
        tiny = OpenSSL::PKey::RSA.new(@tiny)
        ciphertext = @ciphertext
        aggregate_failures do
          calls.zip(@mri).each do |call, mri|
            answer = MriCalls.answer { eval(call) } # rubocop:disable Security/Eval
            # Stock has no decrypt, and before jruby-openssl 0.16 no sign_raw or sign_pss, to fall back to.
            next if answer["raised"] == "NoMethodError" && answer["message"].include?("no superclass method")

            expect(answer["message"]).to eq(mri["message"]), call
            expect(Object.const_get(answer["raised"])).to be <= Object.const_get(mri["raised"]), "#{call}: #{answer} (MRI: #{mri})"
            expect(mri["message"]).not_to match(java_words), "#{call}: MRI's own words"
          end
        end
      end

      it "never words an error as Java does, where MRI answers otherwise (key generation with odd arguments)" do
        [[1024, -3], [1024, 3.0]].each do |arguments|
          outcome = Outcome.of { OpenSSL::PKey::RSA.generate(*arguments) }
          expect(outcome.java_exception?).to be(false), "generate#{arguments}: #{outcome}"
          expect(outcome.message.to_s).not_to match(java_words), "generate#{arguments}: #{outcome}"
        end
      end
    end
  end
end
