# frozen_string_literal: true

# KEY = OpenSSL::PKey::RSA.new(pem).freeze is how many apps keep their JWT or session key. The
# engine keeps its per-key state beside the key, never on it, so a frozen key answers every
# patched method as an unfrozen one does, on every backend: frozen before first use, after use,
# and after a switch of backend.
RSpec.describe "Frozen keys", jruby: true do
  fixture = ReferenceFixtures.key("rsa2048_e65537")
  message = ReferenceFixtures.message("fox")
  digest = OpenSSL::Digest.digest("SHA256", message)
  pss = { salt_length: :digest, mgf1_hash: "SHA256" }

  # Each patched method, as a call on a receiver (a private or a public key) whose answer is
  # compared with the unfrozen key's: randomized outputs are first opened by the unfrozen key.
  def self.calls(fixture, message, digest, pss)
    key = fixture.private_key
    pkcs1 = ReferenceFixtures.bytes(fixture.ciphertext("PKCS1_PADDING", 1)["ciphertext"])
    signature = fixture.signature("SHA256", "fox")
    {
      "sign" => [:private, ->(k) { k.sign("SHA256", message) }],
      "sign_raw" => [:private, ->(k) { k.sign_raw("SHA256", digest) }],
      "sign_pss" => [:private, ->(k) { key.verify_pss("SHA256", k.sign_pss("SHA256", message, **pss), message, **pss) }],
      "private_encrypt" => [:private, ->(k) { k.private_encrypt("abc") }],
      "private_decrypt" => [:private, ->(k) { k.private_decrypt(pkcs1) }],
      "decrypt" => [:private, ->(k) { k.decrypt(pkcs1) }],
      "public_decrypt" => [:public, ->(k) { k.public_decrypt(key.private_encrypt("abc")) }],
      "public_encrypt" => [:public, ->(k) { key.private_decrypt(k.public_encrypt("abc")) }],
      "encrypt" => [:public, ->(k) { key.decrypt(k.encrypt("abc", "rsa_padding_mode" => "oaep"), "rsa_padding_mode" => "oaep") }],
      "verify" => [:public, ->(k) { k.verify("SHA256", signature, message) }],
      "verify_raw" => [:public, ->(k) { k.verify_raw("SHA256", signature, digest) }],
      "verify_pss" => [:public, ->(k) { k.verify_pss("SHA256", key.sign_pss("SHA256", message, **pss), message, **pss) }]
    }.select { |name, _| defined?(FastRsaEngine::RsaPatch) && FastRsaEngine::RsaPatch.method_defined?(name) }
  end

  def receiver(kind, fixture)
    kind == :private ? fixture.private_key : OpenSSL::PKey::RSA.new(fixture.private_key.public_key.to_pem)
  end

  (Backends.native + [:stock]).each do |backend|
    context "with the #{backend} backend" do
      around { |example| Backends.with(backend) { example.run } }

      calls(fixture, message, digest, pss).each do |name, (kind, call)|
        it "#{name}: frozen before first use, and frozen after use, answers as the unfrozen key" do
          expected = Outcome.of { call.(receiver(kind, fixture)) }
          expect(expected).not_to be_raised
          expect(Outcome.of { call.(receiver(kind, fixture).freeze) }.value).to eq(expected.value)

          used = receiver(kind, fixture)
          call.(used)
          expect(Outcome.of { call.(used.freeze) }.value).to eq(expected.value)
        end
      end
    end
  end

  it "a frozen key signs through the engine, and again after a switch of backend" do
    skip "needs a native backend" if Backends.native.empty?

    key = fixture.private_key.freeze
    expected = fixture.signature("SHA256", "fox")
    Backends.native.each do |backend|
      Backends.with(backend) do
        signature = nil
        expect(Backends.engine_ran? { signature = key.sign("SHA256", message) }).to be(true)
        expect(signature).to eq(expected)
      end
    end
  end
end
