# frozen_string_literal: true

# Project Wycheproof's ECDSA and ECDH vectors through every backend (issue 24's "Done when"). ECDSA:
# every valid signature verifies, through verify with the file's digest over the message and through
# dsa_verify_asn1 over its hash; every invalid one is refused (false, or a Ruby error). ECDH, with the
# test's private scalar and the peer read from its SubjectPublicKeyInfo: every valid test gives its
# shared secret through dh_compute_key and derive (where the JRuby line has derive); an invalid one
# gives no secret (a Ruby error, or the peer does not load), an acceptable one the test's secret or a
# Ruby error, never another secret. A refusal is never a Java exception, and where the gem turned a
# Java failure of stock's into a Ruby error, it is MRI's class for the method. On a backend with an EC
# engine the valid ones are the engine's (FastRsaEngine.stats). On MRI they run through MRI's OpenSSL.
RSpec.describe "Wycheproof EC vectors" do
  it("finds the EC vectors in #{Wycheproof::DIRECTORY}") { expect(Wycheproof.files("ec{dsa,dh}_*_test.json").size).to eq(8) }

  # MRI's error class for each method's failures: ruby/openssl defines dsa_verify_asn1 and
  # dh_compute_key in Ruby, over verify_raw (PKeyError rescued into ECError) and derive.
  def mri_error(method)
    method == "dsa_verify_asn1" ? OpenSSL::PKey::ECError : OpenSSL::PKey::PKeyError
  end

  def self.label(test)
    "tcId #{test['tcId']} #{test['result']} #{test['comment']} #{test['flags'].join(',')}".strip
  end

  # Where no engine answered, a refusal is stock's: a Ruby error, never a Java exception; and a Java
  # failure the gem turned into a Ruby error is MRI's class for the method.
  def expect_ruby_error(method, outcome)
    expect(outcome.java_exception?).to be(false), "#{method} leaked #{outcome}"
    expect(outcome.error).to be_a(StandardError), "#{method} #{outcome}"
    expect(outcome.error).to be_a(mri_error(method)), "#{method}: a repaired Java failure, #{outcome}" if outcome.repaired
  end

  # An invalid signature's answer: false, or a Ruby error.
  def expect_refused(method, outcome)
    return expect_ruby_error(method, outcome) if outcome.raised?

    expect(outcome.value).to be(false), "#{method} #{outcome}"
  end

  # Invalid tests stock answers with a secret on one jruby-openssl, and the gem with it (findings):
  # [file, tcId, JOpenSSL::VERSION] => why.
  stock_secrets = {
    ["ecdh_secp256k1_test.json", 492, "0.16.0"] =>
      "finding: jruby-openssl 0.16.0 reads a P-256 SubjectPublicKeyInfo whose point is not on P-256 (MRI: Could not " \
      "parse PKey) and derives with it on secp256k1, where the point is; the gem keeps stock's derive for a peer of another curve"
  }

  # The engine is expected to answer each call of the methods on a backend with an EC engine, and none elsewhere.
  def engine_expected(count, methods)
    methods.to_h { |method| [method, EcFixtures.engine? ? count : 0] }
  end

  Backends.all.each do |backend|
    context "with the #{backend} backend" do
      around { |example| Backends.with(backend) { example.run } }

      Wycheproof.files("ecdsa_*_test.json").each do |path|
        describe File.basename(path) do
          cases = Wycheproof.groups(path).flat_map { |group| group.fetch("tests").map { |test| [group, test] } }
          valid, invalid = cases.partition { |_, test| test["result"] == "valid" }
          # The signatures a lenient DER reader may take for another (BER lengths, extra elements, a
          # negative INTEGER, bytes after the SEQUENCE): the ones stock's dsa_verify_asn1 may misread.
          loose, strict = invalid.partition { |_, test| !EcFixtures.strict_der?(Wycheproof.bytes(test["sig"])) }

          # verify with the group's digest over the message, and dsa_verify_asn1 over its hash.
          def verifications(group, test)
            key = Wycheproof.ecdsa_key(group)
            digest = Wycheproof.digest_name(group.fetch("sha"))
            message = Wycheproof.bytes(test["msg"])
            signature = Wycheproof.bytes(test["sig"])
            { "verify" => Outcome.with_repairs { key.verify(digest, signature, message) },
              "dsa_verify_asn1" => Outcome.with_repairs { key.dsa_verify_asn1(OpenSSL::Digest.digest(digest, message), signature) } }
          end

          it "#{valid.size} valid signatures: verify and dsa_verify_asn1 are true, in the EC engine where the backend has one" do
            answers = EcFixtures.engine_answers(:ec_verify, :ec_dsa_verify_asn1) do
              aggregate_failures do
                valid.each do |group, test|
                  verifications(group, test).each { |method, outcome| expect(outcome.value).to be(true), "#{self.class.label(test)}: #{method} #{outcome}" }
                end
              end
            end
            expect(answers).to eq(engine_expected(valid.size, %i[ec_verify ec_dsa_verify_asn1]))
          end

          strict.each do |group, test|
            it "#{label(test)}: verify and dsa_verify_asn1 refuse it" do
              verifications(group, test).each { |method, outcome| expect_refused(method, outcome) }
            end
          end

          it "#{loose.size} invalid signatures not in strict DER: verify refuses each, dsa_verify_asn1 leaks no Java exception" do
            aggregate_failures do
              loose.each do |group, test|
                outcomes = verifications(group, test)
                expect_refused("verify", outcomes["verify"])
                expect_ruby_error("dsa_verify_asn1", outcomes["dsa_verify_asn1"]) if outcomes["dsa_verify_asn1"].raised?
              end
            end
          end

          # Stock's dsa_verify_asn1 reads a signature leniently (BER lengths, extra elements, a negative
          # INTEGER as positive, bytes after it) and answers true; the gem refuses what OpenSSL refuses,
          # before stock sees it (DIFFERENCES.md: ec-signature-not-der).
          it "#{loose.size} invalid signatures not in strict DER: dsa_verify_asn1 refuses each, as MRI does" do
            accepted = loose.select { |group, test| verifications(group, test)["dsa_verify_asn1"].value == true }
            expect(accepted.map { |_, test| test["tcId"] }).to be_empty
          end
        end
      end

      Wycheproof.files("ecdh_*_test.json").each do |path|
        describe File.basename(path) do
          group = Wycheproof.groups(path).first # one group per file: the curve
          curve = Wycheproof.curve_name(group.fetch("curve"))
          valid, others = group.fetch("tests").partition { |test| test["result"] == "valid" }

          # dh_compute_key with the peer's point and derive with the peer's key, with the test's
          # own scalar; derive where the JRuby line has it.
          def agreements(curve, test, peer)
            key = EcFixtures.from_scalar(curve, OpenSSL::BN.new(test["private"], 16))
            outcomes = { "dh_compute_key" => Outcome.with_repairs { key.dh_compute_key(peer.public_key) } }
            outcomes["derive"] = Outcome.with_repairs { key.derive(peer) } if key.respond_to?(:derive)
            outcomes
          end

          it "#{valid.size} valid tests: dh_compute_key and derive give the shared secret, in the EC engine where the backend has one" do
            derives = EcFixtures.from_scalar(curve, OpenSSL::BN.new(1)).respond_to?(:derive)
            answers = EcFixtures.engine_answers(:ec_dh_compute_key, :ec_derive) do
              aggregate_failures do
                valid.each do |test|
                  peer = Wycheproof.ec_public_key(Wycheproof.bytes(test["public"]))
                  agreements(curve, test, peer).each do |method, outcome|
                    expect(outcome.raised? ? outcome.to_s : outcome.value.unpack1("H*")).to eq(test["shared"]), "#{self.class.label(test)}: #{method}"
                  end
                end
              end
            end
            expected = engine_expected(valid.size, %i[ec_dh_compute_key ec_derive])
            expect(answers).to eq(derives ? expected : expected.merge(ec_derive: 0))
          end

          others.each do |test|
            it "#{label(test)}: #{test['result'] == 'invalid' ? 'no secret' : 'the shared secret or a Ruby error'}" do
              known = stock_secrets[[File.basename(path), test["tcId"], RUBY_ENGINE == "jruby" ? JOpenSSL::VERSION : nil]]
              pending known if known
              peer = Outcome.of { Wycheproof.ec_public_key(Wycheproof.bytes(test["public"])) }
              next if peer.raised? # the peer's key does not load: nothing to agree with

              mri = Wycheproof.mri_ecdh_secrets(path).fetch(test["tcId"].to_s)
              agreements(curve, test, peer.value).each do |method, outcome|
                next expect_ruby_error(method, outcome) if outcome.raised?

                secret = outcome.value.unpack1("H*")
                expect(secret).to eq(test["shared"]), "#{method} gave another secret"
                # Wycheproof's invalid tests with the original point on the key's curve (explicit
                # parameters without a cofactor, or a wrong one) carry its secret; OpenSSL gives it.
                expect(secret).to eq(mri[method]), "#{method} gave a secret where MRI refused" if test["result"] == "invalid"
              end
            end
          end
        end
      end
    end
  end
end
