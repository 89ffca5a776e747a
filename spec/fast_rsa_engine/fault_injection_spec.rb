# frozen_string_literal: true

# A faulty CRT result leaks the key (the Bellcore attack: one wrong signature factors n). Keys
# with a corrupted CRT number stand in for the fault: the engine, which must be the one computing,
# must raise, or return exactly the right result (it runs such a key as n, e, d, as OpenSSL falls
# back to d), never a wrong one; and its messages carry no key numbers. Faults inside a backend's
# own arithmetic are injected in spec/fast_rsa_engine/result_check_spec.rb.
RSpec.describe "Corrupted CRT keys", jruby: true do
  fields = %i[version n e d p q dmp1 dmq1 iqmp]

  # The fixture key with some of its numbers off by the given amounts, through DER.
  def self.corrupted(fixture, fields, changes)
    numbers = OpenSSL::ASN1.decode(fixture.private_key.to_der).value.map(&:value)
    changes.each { |field, delta| numbers[fields.index(field)] = OpenSSL::BN.new(numbers[fields.index(field)].to_i + delta) }
    OpenSSL::PKey::RSA.new(OpenSSL::ASN1::Sequence(numbers.map { |number| OpenSSL::ASN1::Integer(number) }).to_der)
  end

  let(:fixture) { ReferenceFixtures.key("rsa2048_e65537") }
  let(:good) { fixture.private_key }
  let(:message) { ReferenceFixtures.message("fox") }
  let(:hash) { OpenSSL::Digest.digest("SHA256", message) }
  let(:raw_signature) { ReferenceFixtures.bytes(fixture.raw_signatures.find { |entry| entry["digest"] == "SHA256" && entry["input"] == ReferenceFixtures.hex(hash) }.fetch("signature")) }
  let(:encryption) { fixture.private_encryptions.find { |entry| entry["padding"] == "PKCS1_PADDING" } }
  let(:ciphertext) { fixture.ciphertext("PKCS1_PADDING", 1) }

  # Each operation, and how to tell its result is the right one.
  def operations
    {
      "sign" => [->(key) { key.sign("SHA256", message) }, ->(out) { out == fixture.signature("SHA256", "fox") }],
      "sign_raw" => [->(key) { key.sign_raw("SHA256", hash) }, ->(out) { out == raw_signature }],
      "private_encrypt" => [->(key) { key.private_encrypt(bytes(encryption["data"])) }, ->(out) { out == bytes(encryption["output"]) }],
      "private_decrypt" => [->(key) { key.private_decrypt(bytes(ciphertext["ciphertext"])) }, ->(out) { out == bytes(ciphertext["plaintext"]) }],
      "sign_pss" => [->(key) { key.sign_pss("SHA256", message, salt_length: :digest, mgf1_hash: "SHA256") },
                     ->(out) { fixture.public_key.verify_pss("SHA256", out, message, salt_length: 32, mgf1_hash: "SHA256") }]
    }
  end

  def bytes(hex)
    ReferenceFixtures.bytes(hex)
  end

  # sign raises OpenSSL::PKey::PKeyError in MRI and stock; RSAError, the engine's, is one.
  def error_class(method)
    # MRI raises PKeyError from sign and sign_raw (an RSAError is one too), RSAError from the others.
    %w[sign sign_raw].include?(method) ? OpenSSL::PKey::PKeyError : OpenSSL::PKey::RSAError
  end

  # No key number in the message, in decimal or hex, whole or as a long run of digits.
  def expect_no_key_numbers(error, *keys)
    message = error.message
    expect(message).not_to match(/\h{32}|\d{40}/), "the message holds a long number: #{message}"
    keys.product(%i[p q d dmp1 dmq1 iqmp]).each do |key, part|
      number = key.public_send(part).to_i
      [number.to_s, number.to_s(16), number.to_s(16).upcase].each do |digits|
        expect(message).not_to include(digits), "the message holds #{part}"
      end
    end
  end

  each_native_backend do |backend|
    [{ dmp1: 1 }, { dmp1: -1 }, { dmq1: 1 }, { iqmp: 1 }].each do |changes|
      context "with #{changes.keys.join(', ')} off by #{changes.values.first}" do
        let(:bad) { self.class.corrupted(fixture, fields, changes) }

        it "is the fixture key with that number changed" do
          changes.each { |field, delta| expect(bad.public_send(field).to_i).to eq(good.public_send(field).to_i + delta) }
          expect(bad.n).to eq(good.n)
        end

        %w[sign sign_raw private_encrypt private_decrypt sign_pss].each do |method|
          it "#{method} raises #{method == 'sign' ? 'OpenSSL::PKey::PKeyError' : 'OpenSSL::PKey::RSAError'} or returns the right result" do
            call, right = operations.fetch(method)
            outcome = nil
            expect(Backends.engine_ran? { outcome = Outcome.of { call.(bad) } }).to be(true), "stock, not the engine, ran"
            if outcome.raised?
              expect(outcome.error).to be_a(error_class(method)), "raised #{outcome}"
              expect_no_key_numbers(outcome.error, good, bad)
            else
              expect(right.(outcome.value)).to be(true), "#{method} returned a wrong result: a faulty CRT result left the engine"
            end
          end
        end
      end
    end

    context "with both dmp1 and d off by one" do
      let(:bad) { self.class.corrupted(fixture, fields, dmp1: 1, d: 1) }

      %w[sign sign_raw private_encrypt private_decrypt sign_pss].each do |method|
        it "#{method}: the engine refuses the key (d does not invert e); stock raises, and the message holds no key number" do
          call, = operations.fetch(method)
          outcome = nil
          expect(Backends.engine_ran? { outcome = Outcome.of { call.(bad) } }).to be(false)
          skip "jruby-openssl #{JOpenSSL::VERSION} lacks #{method}" if Backends.stock_lacks?(outcome)
          expect(outcome.error).to be_a(error_class(method)), "expected #{error_class(method)}, got #{outcome}"
          expect_no_key_numbers(outcome.error, good, bad)
        end
      end
    end
  end

  # CRT numbers that pass every per-key check and are still wrong: p a product of two primes, dP
  # and qInv computed for it as if it were prime. Every CRT result is then wrong, its check fails,
  # and OpenSSL falls back to d. Every backend must do the same (AWS-LC used to raise), and give
  # MRI's signature.
  describe "a composite p whose CRT numbers pass every check" do
    before(:context) do
      e = 65_537
      prime = ->(bits) { loop { candidate = OpenSSL::BN.generate_prime(bits).to_i; break candidate if (candidate - 1) % e != 0 } }
      p1, p2, q = prime.(512), prime.(512), prime.(1024)
      p = p1 * p2
      lambda_n = [p1 - 1, p2 - 1, q - 1].reduce { |a, b| a.lcm(b) }
      inverse = ->(a, m) { OpenSSL::BN.new(a).mod_inverse(m).to_i }
      numbers = [0, p * q, e, inverse.(e, lambda_n), p, q, inverse.(e, p - 1), inverse.(e, lambda_n) % (q - 1), inverse.(q, p)]
      @der = OpenSSL::ASN1::Sequence(numbers.map { |number| OpenSSL::ASN1::Integer(number) }).to_der
      @mri = MRI.run(<<~'RUBY', "der" => MRI.hex(@der))
        key = OpenSSL::PKey::RSA.new([JSON.parse($stdin.read)["der"]].pack("H*"))
        puts JSON.generate("signature" => key.sign("SHA256", "composite p").unpack1("H*"))
      RUBY
    end

    # (Stock raises, naming the Java exception its Bouncy Castle engine threw.)
    Backends.native.each do |backend|
      it "signs as MRI with the #{backend} backend, and the failed check is counted" do
        Backends.with(backend) do
          FastRsaEngine.reset_stats
          expect(OpenSSL::PKey::RSA.new(@der).sign("SHA256", "composite p")).to eq(MRI.bytes(@mri["signature"]))
          expect(FastRsaEngine.stats[:check_failures]).to be >= 1
        end
      end
    end
  end
end

