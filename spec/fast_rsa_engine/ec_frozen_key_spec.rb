# frozen_string_literal: true

# An app's EC key, KEY = OpenSSL::PKey::EC.new(pem).freeze (an ES256 signing key, an ECDH identity),
# answers every patched EC method frozen as unfrozen, on every backend: frozen before first use and
# after use. The engine keeps its per-key state beside the key, so a frozen key is still the engine's.
RSpec.describe "Frozen EC keys", jruby: true do
  der = OpenSSL::PKey::EC.generate("prime256v1").to_der # jruby-openssl 0.15 reads no EC PEM of its own writing
  peer = OpenSSL::PKey::EC.generate("prime256v1")
  message = "frozen"
  hash = OpenSSL::Digest.digest("SHA256", message)

  # Each patched method, as a call on a receiver (the private key or its public half) answering
  # something deterministic: a signature is judged by the key's public half.
  def self.calls(der, peer, message, hash)
    key = OpenSSL::PKey::EC.new(der)
    public_key = EcFixtures.public_only(key)
    {
      "sign" => [:private, ->(k) { public_key.verify("SHA256", k.sign("SHA256", message), message) }],
      "dsa_sign_asn1" => [:private, ->(k) { public_key.dsa_verify_asn1(hash, k.dsa_sign_asn1(hash)) }],
      "sign_raw" => [:private, ->(k) { public_key.dsa_verify_asn1(hash, k.sign_raw(nil, hash)) }],
      "verify" => [:public, ->(k) { k.verify("SHA256", key.sign("SHA256", message), message) }],
      "dsa_verify_asn1" => [:public, ->(k) { k.dsa_verify_asn1(hash, key.dsa_sign_asn1(hash)) }],
      "verify_raw" => [:public, ->(k) { k.verify_raw(nil, key.dsa_sign_asn1(hash), hash) }],
      "dh_compute_key" => [:private, ->(k) { k.dh_compute_key(peer.public_key) }],
      "derive" => [:private, ->(k) { k.derive(peer) }]
    }.select { |name, _| defined?(FastRsaEngine::EcPatch) && FastRsaEngine::EcPatch.method_defined?(name) }
  end

  def receiver(kind, der)
    key = OpenSSL::PKey::EC.new(der)
    kind == :private ? key : EcFixtures.public_only(key)
  end

  (Backends.native + [:stock]).each do |backend|
    context "with the #{backend} backend" do
      around { |example| Backends.with(backend) { example.run } }

      calls(der, peer, message, hash).each do |name, (kind, call)|
        it "#{name}: frozen before first use, and frozen after use, answers as the unfrozen key, in the engine where there is one" do
          expected = Outcome.of { call.(receiver(kind, der)) }
          expect(expected.value).to(kind == :private && name.start_with?("dh", "derive") ? be_a(String) : be(true))

          used = receiver(kind, der)
          call.(used)
          answers = EcFixtures.engine_answers(:"ec_#{name}") do
            expect(Outcome.of { call.(receiver(kind, der).freeze) }.value).to eq(expected.value)
            expect(Outcome.of { call.(used.freeze) }.value).to eq(expected.value)
          end
          expect(answers).to eq("ec_#{name}": EcFixtures.engine? ? 2 : 0)
        end
      end
    end
  end
end
