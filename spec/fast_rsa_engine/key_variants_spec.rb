# frozen_string_literal: true

# Keys built other ways than from a full PEM: without CRT factors, changed after use (the engine's
# per-key cache must follow), duplicated, and of subclasses. Results are MRI's for the same numbers.
RSpec.describe "Key variants", jruby: true do
  let(:fixture) { ReferenceFixtures.key("rsa2048_e65537") }
  let(:other) { ReferenceFixtures.key("rsa1024_e3") }
  let(:message) { ReferenceFixtures.message("fox") }

  def signature_of(fixture)
    fixture.signature("SHA256", "fox")
  end

  # n, e and d alone, as jruby-openssl builds them with set_key.
  def without_factors(fixture)
    full = fixture.private_key
    OpenSSL::PKey::RSA.new.tap { |key| key.set_key(full.n, full.e, full.d) }
  end

  # Whether a signature with this key ran in the engine (its operation count), not in stock.
  def engine_ran?(key)
    Backends.engine_ran? { key.sign("SHA256", message) }
  end

  each_native_backend do |backend|
    describe "a key without CRT factors (set_key with n, e, d)" do
      let(:key) { without_factors(fixture) }

      it "has no factors, and runs through the engine" do
        expect([key.p, key.q, key.dmp1, key.dmq1, key.iqmp]).to all(be_nil)
        expect(engine_ran?(key)).to be(true)
      end

      it "signs as MRI signs with the full key" do
        fixture.signatures.each do |entry|
          signature = key.sign(entry["digest"], ReferenceFixtures.message(entry["message"]))
          expect(ReferenceFixtures.hex(signature)).to eq(entry["signature"]), "#{entry['digest']} #{entry['message']}"
        end
      end

      it "decrypts MRI's ciphertexts" do
        fixture.ciphertexts.each do |entry|
          plaintext = key.private_decrypt(ReferenceFixtures.bytes(entry["ciphertext"]), ReferenceFixtures.padding(entry["padding"]))
          expect(ReferenceFixtures.hex(plaintext)).to eq(entry["plaintext"]), entry["padding"]
        end
      end

      it "makes PSS signatures that verify with MRI's public key", needs: %i[sign_pss verify_pss] do
        signature = key.sign_pss("SHA256", message, salt_length: :max, mgf1_hash: "SHA256")
        expect(fixture.public_key.verify_pss("SHA256", signature, message, salt_length: :auto, mgf1_hash: "SHA256")).to be(true)
      end
    end

    describe "a key whose CRT fields are zero (from DER)" do
      it "gives MRI's signature, or raises what stock raises" do
        full = fixture.private_key
        numbers = [0, full.n, full.e, full.d, 0, 0, 0, 0, 0].map { |number| OpenSSL::ASN1::Integer(number) }
        key = OpenSSL::PKey::RSA.new(OpenSSL::ASN1::Sequence(numbers).to_der)
        stock = Backends.with(:stock) { Outcome.of { key.sign("SHA256", message) } }
        engine = Outcome.of { key.sign("SHA256", message) }
        if engine.raised?
          expect([engine.error_class, engine.message]).to eq([stock.error_class, stock.message]), "engine #{engine}; stock #{stock}"
        else
          expect(engine.value).to eq(signature_of(fixture))
        end
      end
    end

    describe "changes after use" do
      it "set_key to other numbers: the next results are the new key's" do
        key = fixture.private_key
        expect(key.sign("SHA256", message)).to eq(signature_of(fixture))
        replacement = other.private_key
        key.set_key(replacement.n, replacement.e, replacement.d)
        expect(key.sign("SHA256", message)).to eq(signature_of(other))
        expect(engine_ran?(key)).to be(true)
      end

      it "set_factors and set_crt_params on a key used without them: results stay right" do
        key = without_factors(fixture)
        expect(key.sign("SHA256", message)).to eq(signature_of(fixture))
        full = fixture.private_key
        key.set_factors(full.p, full.q)
        expect(key.sign("SHA256", message)).to eq(signature_of(fixture))
        key.set_crt_params(full.dmp1, full.dmq1, full.iqmp)
        expect(key.sign("SHA256", message)).to eq(signature_of(fixture))
        expect(engine_ran?(key)).to be(true)
      end

      it "set_key, set_factors and set_crt_params to another key: its results, through the engine" do
        key = fixture.private_key
        key.sign("SHA256", message)
        replacement = other.private_key
        key.set_key(replacement.n, replacement.e, replacement.d)
        key.set_factors(replacement.p, replacement.q)
        key.set_crt_params(replacement.dmp1, replacement.dmq1, replacement.iqmp)
        expect(key.sign("SHA256", message)).to eq(signature_of(other))
        ciphertext = other.ciphertext("PKCS1_PADDING", 1)
        expect(key.private_decrypt(ReferenceFixtures.bytes(ciphertext["ciphertext"]))).to eq(ReferenceFixtures.bytes(ciphertext["plaintext"]))
        expect(engine_ran?(key)).to be(true)
      end

      it "a switch of backend after use: the key runs on the new one" do
        key = fixture.private_key
        key.sign("SHA256", message)
        Backends.with(:stock) { expect(engine_ran?(key)).to be(false) }
        expect(engine_ran?(key)).to be(true)
        expect(key.sign("SHA256", message)).to eq(signature_of(fixture))
      end
    end

    describe "duplicated keys" do
      it "dup and clone of a used key sign as the original, through the engine" do
        key = fixture.private_key
        key.sign("SHA256", message)
        [key.dup, key.clone].each do |copy|
          expect(copy.sign("SHA256", message)).to eq(signature_of(fixture))
          expect(engine_ran?(copy)).to be(true)
        end
      end

      it "changing a copy leaves the original as it was" do
        key = fixture.private_key
        key.sign("SHA256", message)
        copy = key.dup
        replacement = other.private_key
        copy.set_key(replacement.n, replacement.e, replacement.d)
        expect(copy.sign("SHA256", message)).to eq(signature_of(other))
        expect(key.sign("SHA256", message)).to eq(signature_of(fixture))
      end
    end

    describe "subclasses of OpenSSL::PKey::RSA" do
      let(:subclass) { Class.new(OpenSSL::PKey::RSA) }

      it "sign and decrypt through the engine" do
        key = subclass.new(fixture.pem)
        expect(key.sign("SHA256", message)).to eq(signature_of(fixture))
        expect(engine_ran?(key)).to be(true)
      end

      it "an override calling super reaches the engine" do
        overriding = Class.new(OpenSSL::PKey::RSA) do
          def sign(digest, data, *options)
            "signed:".b + super
          end
        end
        key = overriding.new(fixture.pem)
        expect(key.sign("SHA256", message)).to eq("signed:".b + signature_of(fixture))
        expect(engine_ran?(key)).to be(true)
      end
    end
  end
end
