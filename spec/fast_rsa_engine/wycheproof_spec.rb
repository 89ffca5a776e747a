# frozen_string_literal: true

# Project Wycheproof's RSA vectors through every backend: PKCS#1 v1.5 signature generation
# (exact bytes), PKCS#1 v1.5 and OAEP decryption (valid ciphertexts give the message, invalid
# ones raise a Ruby error and never return data). On MRI the same vectors run through
# MRI's OpenSSL, which checks the spec itself.
RSpec.describe "Wycheproof vectors" do
  # Missing vectors fail the suite rather than skip it: passing them is a requirement.
  it("finds the vectors in #{Wycheproof::DIRECTORY}") do
    expect(Wycheproof.files("rsa_*.json").size).to eq(13)
    expect(Wycheproof.files("ec*_test.json").size).to eq(8) # ECDSA and ECDH on four curves: wycheproof_ec_spec.rb
  end

  # OAEP other than SHA-1 / MGF1-SHA-1 without a label needs `decrypt` with options, where the
  # backend has it; :stock means jruby-openssl's own methods, whatever the patch adds.
  def self.decrypt_with_options?(backend)
    backend != :stock || Backends.stock_has?(:decrypt)
  end

  # The OAEP cases private_decrypt(ct, PKCS1_OAEP_PADDING) cannot express.
  def self.inexpressible(group)
    sha1 = group.fetch("sha") == "SHA-1" && group.fetch("mgfSha") == "SHA-1"
    group.fetch("tests").reject { |test| sha1 && test["label"].empty? }
  end

  def expect_decryption(test, outcome, error_class)
    expected = Wycheproof.bytes(test["msg"]) if test["msg"]
    case test["result"]
    when "valid"
      expect(outcome.raised?).to be(false), "expected the message, got #{outcome}"
      expect(outcome.value).to eq(expected)
    when "invalid"
      expect(outcome.error).to be_a(error_class), "expected #{error_class}, got #{outcome}"
    else # acceptable: the message, or a Ruby error; never other bytes
      expect(outcome.value).to eq(expected) unless outcome.raised?
      expect(outcome.error).to be_a(error_class) if outcome.raised?
    end
  end

  def self.label(test)
    "tcId #{test['tcId']} #{test['result']} #{test['comment']} #{test['flags'].join(',')}".strip
  end

  Backends.all.each do |backend|
    context "with the #{backend} backend" do
      around { |example| Backends.with(backend) { example.run } }

      Wycheproof.files("rsa_pkcs1_*_sig_gen_test.json").each do |path|
        describe File.basename(path) do
          Wycheproof.groups(path).each do |group|
            digest = Wycheproof.digest_name(group.fetch("sha"))
            context "#{group['keySize']}-bit key, #{digest}" do
              let(:key) { Wycheproof.key(group) }
              let(:key_without_factors) { Wycheproof.key_without_factors(group) }

              group.fetch("tests").each do |test|
                it "#{label(test)}: sign gives the vector's signature" do
                  message = Wycheproof.bytes(test["msg"])
                  expected = test["sig"]
                  expect(key.sign(digest, message).unpack1("H*")).to eq(expected)
                  expect(key_without_factors.sign(digest, message).unpack1("H*")).to eq(expected) if key_without_factors
                end
              end
            end
          end
        end
      end

      Wycheproof.files("rsa_pkcs1_*_test.json").reject { |path| path.include?("sig_gen") }.each do |path|
        describe File.basename(path) do
          Wycheproof.groups(path).each do |group|
            context "#{group['keySize']}-bit key" do
              let(:key) { Wycheproof.key(group) }

              group.fetch("tests").each do |test|
                it "#{label(test)}: private_decrypt" do
                  ciphertext = Wycheproof.bytes(test["ct"])
                  expect_decryption(test, Outcome.of { key.private_decrypt(ciphertext) }, OpenSSL::PKey::RSAError)
                end
              end
            end
          end
        end
      end

      Wycheproof.files("rsa_oaep_*_test.json").each do |path|
        describe File.basename(path) do
          inexpressible = Wycheproof.groups(path).sum { |group| inexpressible(group).size }
          if inexpressible.positive? && !decrypt_with_options?(backend)
            it "#{inexpressible} cases with other digests or a label" do
              skip "private_decrypt takes no OAEP digest or label, and #{backend} has no PKey#decrypt"
            end
          end

          Wycheproof.groups(path).each do |group|
            oaep_digest = group.fetch("sha")
            mgf1_digest = group.fetch("mgfSha")
            context "#{group['keySize']}-bit key, OAEP #{oaep_digest}, MGF1 #{mgf1_digest}" do
              let(:key) { Wycheproof.key(group) }

              others = inexpressible(group)
              expressible = group.fetch("tests") - others

              expressible.each do |test|
                it "#{label(test)}: private_decrypt(ct, PKCS1_OAEP_PADDING)" do
                  ciphertext = Wycheproof.bytes(test["ct"])
                  outcome = Outcome.of { key.private_decrypt(ciphertext, OpenSSL::PKey::RSA::PKCS1_OAEP_PADDING) }
                  expect_decryption(test, outcome, OpenSSL::PKey::RSAError)
                end
              end

              next if others.empty? || !decrypt_with_options?(backend)

              it "#{others.size} cases with other digests or a label: decrypt with options" do
                others.each do |test|
                  options = { "rsa_padding_mode" => "oaep", "rsa_oaep_md" => Wycheproof.digest_name(oaep_digest),
                              "rsa_mgf1_md" => Wycheproof.digest_name(mgf1_digest) }
                  # The label is passed as hex, as OpenSSL's "rsa_oaep_label" control string takes it.
                  options["rsa_oaep_label"] = test["label"] unless test["label"].empty?
                  outcome = Outcome.of { key.decrypt(Wycheproof.bytes(test["ct"]), options) }
                  aggregate_failures(self.class.label(test)) { expect_decryption(test, outcome, OpenSSL::PKey::PKeyError) }
                end
              end
            end
          end
        end
      end

      # The PSS verification vectors: verify_pss with the group's salt length gives each test's
      # result; with :auto (the salt length read from the signature, as JWT's PS256 verifies) every
      # valid signature verifies too. Their key is also the OAEP SHA-256 vectors' key, so a
      # signature made here with that private key must verify under the same parameters.
      Wycheproof.files("rsa_pss_*_test.json").each do |path|
        describe File.basename(path) do
          Wycheproof.groups(path).each do |group|
            digest = Wycheproof.digest_name(group.fetch("sha"))
            mgf1 = Wycheproof.digest_name(group.fetch("mgfSha"))
            let(:public_key) { OpenSSL::PKey::RSA.new(group.fetch("publicKeyPem")) }

            group.fetch("tests").each do |test|
              it "#{label(test)}: verify_pss" do
                skip "jruby-openssl #{JOpenSSL::VERSION} has no verify_pss" if backend == :stock && !Backends.stock_has?(:verify_pss)
                message = Wycheproof.bytes(test["msg"])
                signature = Wycheproof.bytes(test["sig"])
                given = public_key.verify_pss(digest, signature, message, salt_length: group.fetch("sLen"), mgf1_hash: mgf1)
                expect(given).to be(test["result"] == "valid")
                expect(public_key.verify_pss(digest, signature, message, salt_length: :auto, mgf1_hash: mgf1)).to be(true) if given
              end
            end

            it "sign_pss with the group's digest, MGF1 and salt length verifies under its public key" do
              skip "jruby-openssl #{JOpenSSL::VERSION} has no sign_pss" if backend == :stock && !Backends.stock_has?(:sign_pss)
              public_key = OpenSSL::PKey::RSA.new(group.fetch("publicKeyPem"))
              private_pem = Wycheproof.files("rsa_oaep_*_test.json").lazy.flat_map { |oaep| Wycheproof.groups(oaep) }
                                      .map { |oaep| oaep["privateKeyPem"] }
                                      .find { |pem| OpenSSL::PKey::RSA.new(pem).n == public_key.n }
              skip "no private key for this modulus among the OAEP vectors" unless private_pem

              digest = Wycheproof.digest_name(group.fetch("sha"))
              options = { salt_length: group.fetch("sLen"), mgf1_hash: Wycheproof.digest_name(group.fetch("mgfSha")) }
              signature = OpenSSL::PKey::RSA.new(private_pem).sign_pss(digest, "Wycheproof", **options)
              expect(public_key.verify_pss(digest, signature, "Wycheproof", **options)).to be(true)
            end
          end
        end
      end
    end
  end
end
