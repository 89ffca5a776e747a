# frozen_string_literal: true

# ECDSA signatures are randomized, so the engine's are judged by MRI (OpenSSL): every signature
# JRuby makes, with sign over a message or dsa_sign_asn1 over its hash, on every curve the engine
# takes and with every digest it signs with, verifies on MRI, and is DER as OpenSSL writes it;
# every signature MRI makes verifies on JRuby; and both compute the same ECDH secrets. On a backend
# with an EC engine, the engine answered each call (FastRsaEngine.stats).
RSpec.describe "EC interoperability with MRI", jruby: true do
  curves = EcFixtures::ENGINE_CURVES
  digests = EcFixtures::DIGESTS
  message = "EC interoperability"

  # MRI's keys and its signatures of the message: {curve => {"pem", "sign" => {digest => hex}, "dsa_sign_asn1" => {digest => hex}}}.
  mri_signing = <<~RUBY
    input = JSON.parse($stdin.read)
    puts JSON.generate(input["curves"].to_h { |curve|
      key = OpenSSL::PKey::EC.generate(curve)
      signatures = ->(sign) { input["digests"].to_h { |digest| [digest, sign.(digest).unpack1("H*")] } }
      [curve, { "pem" => key.to_pem,
                "sign" => signatures.(->(digest) { key.sign(digest, input["message"]) }),
                "dsa_sign_asn1" => signatures.(->(digest) { key.dsa_sign_asn1(OpenSSL::Digest.digest(digest, input["message"])) }) }]
    })
  RUBY

  # MRI's verdicts on JRuby's signatures, and its ECDH secrets with JRuby's public keys.
  mri_checking = <<~RUBY
    input = JSON.parse($stdin.read)
    bytes = ->(hex) { [hex].pack("H*") }
    puts JSON.generate(input["curves"].to_h { |curve, jruby|
      key = OpenSSL::PKey.read(jruby["public"])
      verdicts = jruby["sign"].to_h { |digest, hex| [digest, key.verify(digest, bytes.(hex), input["message"])] }
      raw = jruby["dsa_sign_asn1"].to_h { |digest, hex| [digest, key.dsa_verify_asn1(OpenSSL::Digest.digest(digest, input["message"]), bytes.(hex))] }
      mine = OpenSSL::PKey.read(input["mri"][curve]["pem"])
      [curve, { "sign" => verdicts, "dsa_sign_asn1" => raw, "secret" => mine.dh_compute_key(key.public_key).unpack1("H*") }]
    })
  RUBY

  before(:context) do
    @mri = MRI.run(mri_signing, "curves" => curves, "digests" => digests, "message" => message)
  end

  def engine_expected(count, methods)
    methods.to_h { |method| [method, EcFixtures.engine? ? count : 0] }
  end

  (Backends.native + [:stock]).each do |backend|
    context "with the #{backend} backend" do
      around { |example| Backends.with(backend) { example.run } }

      let(:keys) { curves.to_h { |curve| [curve, OpenSSL::PKey::EC.generate(curve)] } }

      it "signs with sign and dsa_sign_asn1 on #{curves.join(', ')} with #{digests.join(', ')}: MRI verifies every signature" do
        signatures = nil
        answers = EcFixtures.engine_answers(:ec_sign, :ec_dsa_sign_asn1) do
          signatures = keys.to_h do |curve, key|
            [curve, { "public" => key.public_to_pem,
                      "sign" => digests.to_h { |digest| [digest, MRI.hex(key.sign(digest, message))] },
                      "dsa_sign_asn1" => digests.to_h { |digest| [digest, MRI.hex(key.dsa_sign_asn1(OpenSSL::Digest.digest(digest, message)))] } }]
          end
        end
        expect(answers).to eq(engine_expected(curves.size * digests.size, %i[ec_sign ec_dsa_sign_asn1]))

        verdicts = MRI.run(mri_checking, "curves" => signatures, "message" => message, "mri" => @mri)
        expected = { "sign" => digests.to_h { |digest| [digest, true] }, "dsa_sign_asn1" => digests.to_h { |digest| [digest, true] } }
        expect(verdicts.transform_values { |verdict| verdict.slice("sign", "dsa_sign_asn1") }).to eq(curves.to_h { |curve| [curve, expected] })
        not_der = signatures.flat_map { |curve, made| (made["sign"].values + made["dsa_sign_asn1"].values).map { |hex| [curve, hex] } }
                            .reject { |_, hex| EcFixtures.strict_der?(MRI.bytes(hex)) }
        expect(not_der).to be_empty
      end

      it "verifies MRI's signatures with verify (the digest by name and as an OpenSSL::Digest) and dsa_verify_asn1" do
        verdicts = nil
        answers = EcFixtures.engine_answers(:ec_verify, :ec_dsa_verify_asn1) do
          verdicts = @mri.to_h do |curve, made|
            key = EcFixtures.public_only(OpenSSL::PKey::EC.new(made["pem"]))
            [curve, digests.to_h do |digest|
              signature, raw = MRI.bytes(made["sign"][digest]), MRI.bytes(made["dsa_sign_asn1"][digest])
              [digest, [key.verify(digest, signature, message), key.verify(OpenSSL::Digest.new(digest), signature, message),
                        key.dsa_verify_asn1(OpenSSL::Digest.digest(digest, message), raw)]]
            end]
          end
        end
        expect(verdicts).to eq(curves.to_h { |curve| [curve, digests.to_h { |digest| [digest, [true, true, true]] }] })
        expect(answers).to eq(ec_verify: EcFixtures.engine? ? 2 * curves.size * digests.size : 0,
                              ec_dsa_verify_asn1: EcFixtures.engine? ? curves.size * digests.size : 0)
      end

      it "computes MRI's ECDH secret on #{curves.join(', ')}, with dh_compute_key and derive" do
        public_keys = keys.to_h { |curve, key| [curve, { "public" => key.public_to_pem, "sign" => {}, "dsa_sign_asn1" => {} }] }
        theirs = MRI.run(mri_checking, "curves" => public_keys, "message" => message, "mri" => @mri)
        derives = keys.values.first.respond_to?(:derive)
        secrets = nil
        answers = EcFixtures.engine_answers(:ec_dh_compute_key, :ec_derive) do
          secrets = keys.to_h do |curve, key|
            peer = EcFixtures.public_only(OpenSSL::PKey::EC.new(@mri[curve]["pem"]))
            [curve, [key.dh_compute_key(peer.public_key), (key.derive(peer) if derives)].compact.map { |secret| MRI.hex(secret) }.uniq]
          end
        end
        expect(secrets).to eq(theirs.transform_values { |answer| [answer["secret"]] })
        expected = engine_expected(curves.size, %i[ec_dh_compute_key ec_derive])
        expect(answers).to eq(derives ? expected : expected.merge(ec_derive: 0))
      end
    end
  end
end
