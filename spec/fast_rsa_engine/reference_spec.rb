# frozen_string_literal: true

# Every native backend computes, byte for byte, what MRI's OpenSSL computed for the same key and
# input (spec/fixtures/mri_reference.json, written by spec/fixtures/generate.rb under MRI).
RSpec.describe "MRI reference outputs", jruby: true do
  def expect_mri_bytes(actual, expected_hex, what)
    expect(actual).to be_a(String), "#{what}: expected a String, got #{actual.inspect}"
    expect(actual.encoding).to eq(Encoding::BINARY), "#{what}: encoding #{actual.encoding}"
    expect(ReferenceFixtures.hex(actual)).to eq(expected_hex), "#{what}: bytes differ from MRI's"
  end

  def message(name)
    ReferenceFixtures.message(name)
  end

  def bytes(hex)
    ReferenceFixtures.bytes(hex)
  end

  # sign_raw with rsa_padding_mode "pss" and no rsa_pss_saltlen.
  def self.default_raw_pss?(call)
    call["method"] == "sign_raw" && !call["options"].key?("rsa_pss_saltlen")
  end

  each_native_backend(:aggregate_failures) do |backend|
    ReferenceFixtures.keys.each do |fixture|
      context "key #{fixture.name}" do
        let(:key) { fixture.private_key }

        fixture.signatures.group_by { |entry| entry["digest"] }.each do |digest, entries|
          it "sign(#{digest}, message) gives MRI's signature" do
            entries.each do |entry|
              expect_mri_bytes(key.sign(digest, message(entry["message"])), entry["signature"], "#{digest} #{entry['message']}")
            end
          end
        end

        it "sign takes the digest as an OpenSSL::Digest or a lower-case name" do
          expected = ReferenceFixtures.hex(fixture.signature("SHA256", "fox"))
          expect_mri_bytes(key.sign(OpenSSL::Digest.new("SHA256"), message("fox")), expected, "OpenSSL::Digest")
          expect_mri_bytes(key.sign("sha256", message("fox")), expected, "sha256")
        end

        fixture.raw_signatures.group_by { |entry| entry["digest"] }.each do |digest, entries|
          it "sign_raw(#{digest.inspect}, input) gives MRI's signature" do
            entries.each do |entry|
              input = bytes(entry["input"])
              expect_mri_bytes(key.sign_raw(digest, input), entry["signature"], "#{input.bytesize}-byte input")
            end
          end
        end

        fixture.private_encryptions.group_by { |entry| entry["padding"] }.each do |padding, entries|
          it "private_encrypt(data, #{padding}) gives MRI's output" do
            entries.each do |entry|
              data = bytes(entry["data"])
              output = key.private_encrypt(data, ReferenceFixtures.padding(padding))
              expect_mri_bytes(output, entry["output"], "#{data.bytesize}-byte data #{entry['data'][0, 16]}...")
            end
          end
        end

        fixture.ciphertexts.group_by { |entry| entry["padding"] }.each do |padding, entries|
          it "private_decrypt(ciphertext, #{padding}) returns MRI's plaintext" do
            entries.each do |entry|
              plaintext = key.private_decrypt(bytes(entry["ciphertext"]), ReferenceFixtures.padding(padding))
              expect_mri_bytes(plaintext, entry["plaintext"], "plaintext #{entry['plaintext'][0, 16]}...")
            end
          end
        end

        if fixture.ciphertexts.any? { |entry| entry["padding"] == "NO_PADDING" && entry["plaintext"].start_with?("00") }
          it "private_decrypt with NO_PADDING keeps the leading zero bytes (k bytes, as MRI)" do
            fixture.ciphertexts.select { |entry| entry["padding"] == "NO_PADDING" }.each do |entry|
              plaintext = key.private_decrypt(bytes(entry["ciphertext"]), OpenSSL::PKey::RSA::NO_PADDING)
              expect(plaintext.bytesize).to eq(fixture.modulus_bytes)
            end
          end
        end

        # The public-key side, which the patch also runs through the engine.
        fixture.private_encryptions.group_by { |entry| entry["padding"] }.each do |padding, entries|
          it "public_decrypt(MRI's private_encrypt output, #{padding}) with the public key returns the data" do
            public_key = fixture.public_key
            entries.each do |entry|
              data = public_key.public_decrypt(bytes(entry["output"]), ReferenceFixtures.padding(padding))
              expect_mri_bytes(data, entry["data"], "data #{entry['data'][0, 16]}...")
            end
          end
        end

        it "public_encrypt(plaintext, NO_PADDING) with the public key gives MRI's ciphertext" do
          public_key = fixture.public_key
          fixture.ciphertexts.select { |entry| entry["padding"] == "NO_PADDING" }.each do |entry|
            ciphertext = public_key.public_encrypt(bytes(entry["plaintext"]), OpenSSL::PKey::RSA::NO_PADDING)
            expect_mri_bytes(ciphertext, entry["ciphertext"], "plaintext #{entry['plaintext'][0, 16]}...")
          end
        end

        # PSS is randomized: what MRI fixes is the salt length each call chooses, which a verifier
        # given that exact length checks (a salt one byte longer or shorter fails).
        fixture.pss_calls.reject { |call| default_raw_pss?(call) }.each do |call|
          it "#{call['method']}(#{call['digest']}, #{call['options']}) verifies with MRI's salt length #{call['salt_length']}", needs: %i[verify_pss sign_options] do
            expect_mri_salt_length(fixture, sign_like_mri(key, call), call)
          end
        end

        it "sign_pss is randomized: two signatures of one message differ" do
          first = key.sign_pss("SHA256", message("fox"), salt_length: :digest, mgf1_hash: "SHA256")
          second = key.sign_pss("SHA256", message("fox"), salt_length: :digest, mgf1_hash: "SHA256")
          expect(first).not_to eq(second)
        end
      end
    end
  end

  Backends.native.each do |backend|
    it "with the #{backend} backend, sign_raw PSS without rsa_pss_saltlen uses MRI's salt length on every key", :aggregate_failures do
      Backends.with(backend) do
        ReferenceFixtures.keys.each do |fixture|
          fixture.pss_calls.select { |call| self.class.default_raw_pss?(call) }.each do |call|
            expect_mri_salt_length(fixture, sign_like_mri(fixture.private_key, call), call)
          end
        end
      end
    end
  end

  # The signature verifies with MRI's salt length, and with no length one byte off it.
  def expect_mri_salt_length(fixture, signature, call)
    expect(signature.encoding).to eq(Encoding::BINARY)
    expect(signature.bytesize).to eq(fixture.modulus_bytes)
    expect(verify_pss(fixture.public_key, call, signature, call["salt_length"])).to be(true), "#{fixture.name} #{call}"
    [call["salt_length"] - 1, call["salt_length"] + 1].reject(&:negative?).each do |other|
      expect(verify_pss(fixture.public_key, call, signature, other)).to be(false), "#{fixture.name}: also verifies with salt length #{other}"
    end
  end

  def sign_like_mri(key, call)
    data = message("fox")
    options = call["options"]
    case call["method"]
    when "sign_pss"
      salt = options["salt_length"]
      key.sign_pss(call["digest"], data, salt_length: salt.is_a?(String) ? salt.to_sym : salt, mgf1_hash: options["mgf1_hash"])
    when "sign" then key.sign(call["digest"], data, options)
    when "sign_raw" then key.sign_raw(call["digest"], OpenSSL::Digest.digest(call["digest"], data), options)
    else raise ArgumentError, call["method"]
    end
  end

  def verify_pss(public_key, call, signature, salt_length)
    public_key.verify_pss(call["digest"], signature, message("fox"), salt_length: salt_length, mgf1_hash: call["mgf1"])
  rescue OpenSSL::PKey::PKeyError
    false
  end
end
