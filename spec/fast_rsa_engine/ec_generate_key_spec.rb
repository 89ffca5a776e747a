# frozen_string_literal: true

# OpenSSL::PKey.generate_key("EC", options): stock has no EC there ("unsupported algorithm"), so the
# gem answers each call as MRI's does, on every backend: the options as OpenSSL 3.0's EC key
# generation context reads them, the checks EVP_PKEY_keygen makes, and a key of the curve named,
# made by EC.generate (the engine's where it has the curve, else stock's). A key's answer is its
# curve's name; an error's, its class and message. jruby-openssl before 0.16.2 has no generate_key:
# the gem adds none there.
RSpec.describe "OpenSSL::PKey.generate_key(EC name, options), read as MRI reads them", jruby: true do
  calls = [
    ["EC"], ["EC", {}], ["EC", nil], ["EC", "P-256"], ["EC", -1],
    ["EC", { "ec_paramgen_curve" => "prime256v1" }], ["EC", { "ec_paramgen_curve" => "P-256" }], ["EC", { "group" => "P-384" }],
    ["EC", { ec_paramgen_curve: :secp384r1 }], ["ec", { "ec_paramgen_curve" => "P-521" }], ["Ec", { group: "secp521r1" }],
    ["id-ecPublicKey", { "group" => "P-256" }], ["ID-ECPUBLICKEY", { "group" => "P-256" }], ["1.2.840.10045.2.1", { "group" => "P-256" }],
    ["EC", { "ec_paramgen_curve" => "secp256k1" }], ["EC", { "ec_paramgen_curve" => "brainpoolP256r1" }], ["EC", { "group" => "sect163k1" }],
    ["EC", { "group" => "K-163" }], ["EC", { "group" => "B-163" }], ["EC", { "group" => "P-192" }], ["EC", { "group" => "P-224" }],
    ["EC", { "group" => "PRIME256V1" }], ["EC", { "group" => "SecP384R1" }],
    ["EC", { "ec_paramgen_curve" => "nope" }], ["EC", { "ec_paramgen_curve" => 1 }], ["EC", { "group" => "p-256" }],
    ["EC", { "group" => "secp256r1" }], ["EC", { "group" => "1.2.840.10045.3.1.7" }], ["EC", { "group" => "" }], ["EC", { "group" => nil }],
    ["EC", { "group" => "X25519" }], ["EC", { "group" => "prime256v1 " }],
    ["EC", { "bogus" => "1" }], ["EC", { "GROUP" => "P-256" }], ["EC", { "EC_PARAMGEN_CURVE" => "P-256" }],
    ["EC", { "ec_paramgen_curve" => "nope", "bogus" => "1" }], ["EC", { "ec_paramgen_curve" => "nope", "group" => "P-256" }],
    ["EC", { "group" => "P-256", "ec_paramgen_curve" => "" }], ["EC", { "group" => "P-256", "rsa_keygen_bits" => "256" }],
    ["EC", { "group" => "P-256", "bits" => "256" }], ["EC", { "group" => "P-256", "digest" => "sha256" }],
    ["EC", { "group" => "P-256", "ec_ecdh_cofactor_mode" => "1" }], ["EC", { "group" => "P-256", "hexec_paramgen_curve" => "00" }],
    ["EC", { "group" => "P-256", 1 => "x" }], ["EC", { nil => "x" }], ["EC", { "group" => "P-256\0" }], ["EC", { "gr\0up" => "P-256" }],
    ["EC", { "ec_param_enc" => "named_curve" }], ["EC", { "group" => "P-256", "ec_param_enc" => "named_curve" }],
    ["EC", { "group" => "P-256", "ec_param_enc" => "bad" }], ["EC", { "ec_param_enc" => "bad", "group" => "P-256" }],
    ["EC", { "group" => "P-256", "ec_param_enc" => "" }], ["EC", { "group" => "P-256", "ec_param_enc" => "1" }],
    ["EC", { "group" => "P-256", "encoding" => "Named_Curve" }], ["EC", { "group" => "P-256", "encoding" => "bad" }],
    ["EC", { "group" => "P-256", "hexencoding" => "00" }], ["EC", { "group" => "P-256", "point-format" => "Uncompressed" }],
    ["EC", { "group" => "P-256", "point-format" => "bad" }], ["EC", { "group" => "P-256", "Point-Format" => "compressed" }],
    ["EC", { "group" => "P-256", "hexpoint-format" => "zz" }], ["EC", { "group" => "nope", "point-format" => "bad" }],
    ["EC", { "point-format" => "bad" }], ["EC", { "hexgroup" => "502d323536" }],
    ["EC", { "group" => "P-256", "use-cofactor-flag" => "1" }], ["EC", { "group" => "P-256", "use-cofactor-flag" => "-1" }],
    ["EC", { "group" => "P-256", "use-cofactor-flag" => "0x0" }], ["EC", { "group" => "P-256", "use-cofactor-flag" => "5" }],
    ["EC", { "group" => "P-256", "use-cofactor-flag" => "x" }], ["EC", { "group" => "P-256", "use-cofactor-flag" => "" }],
    ["EC", { "group" => "P-256", "use-cofactor-flag" => 2**31 - 1 }], ["EC", { "group" => "P-256", "use-cofactor-flag" => 2**31 }],
    ["EC", { "group" => "P-256", "use-cofactor-flag" => -2**31 - 1 }], ["EC", { "group" => "P-256", "hexuse-cofactor-flag" => "80000000" }],
    ["EC", { "group" => "P-256", "use-cofactor-flag" => "5", "point-format" => "bad" }],
    ["EC", { "group" => "P-256", "field-type" => "bad" }], ["EC", { "group" => "P-256", "hexfield-type" => "00" }],
    ["EC", { "group" => "P-256", "p" => "1" }], ["EC", { "group" => "P-256", "p" => "x" }], ["EC", { "group" => "P-256", "order" => "-5" }],
    ["EC", { "group" => "P-256", "hexa" => "zz" }], ["EC", { "group" => "P-256", "b" => "" }], ["EC", { "group" => "P-256", "cofactor" => "--1" }],
    ["EC", { "group" => "P-256", "generator" => "zz" }], ["EC", { "group" => "P-256", "hexgenerator" => "0" }],
    ["EC", { "group" => "P-256", "hexseed" => "0g" }], ["EC", { "group" => "P-256", "seed" => "" }], ["EC", { "group" => "P-256", "hexseed" => "" }],
    ["EC", { "p" => "1" }]
  ]
  # Curves OpenSSL has and jruby-openssl lacks: EC.generate is stock's there, and refuses them.
  lacking_curves = [["EC", { "group" => "SM2" }], ["EC", { "group" => "wap-wsg-idm-ecid-wtls1" }], ["EC", { "group" => "Oakley-EC2N-3" }],
                    ["EC", { "group" => "c2pnb176v1" }]]
  # A curve of explicit parameters (a field type, no group): stock's answer (MRI makes a key of a
  # complete set, and refuses the rest).
  explicit = [["EC", { "field-type" => "prime-field" }], ["EC", { "field-type" => "prime-field", "p" => "7" }]]
  # Another algorithm, or a key's parameters: stock's generate_key, as without the gem.
  not_ec = [["SM2"], ["ECDSA", { "group" => "P-256" }], ["EC ", { "group" => "P-256" }], [:EC, { "group" => "P-256" }]]

  answer = <<~'RUBY'
    def answer(call)
      OpenSSL::PKey.generate_key(*call).group.curve_name
    rescue StandardError => e
      "#{e.class}: #{e.message}"
    end
  RUBY
  mri_answers = <<~RUBY
    #{answer}
    calls = Marshal.load([JSON.parse($stdin.read)["calls"]].pack("H*"))
    puts JSON.generate(calls.map { |call| answer(call) })
  RUBY
  eval(answer) # rubocop:disable Security/Eval -- the one answer both Rubies give

  # What MRI makes of a JRuby key: the curve and point it reads, and whether JRuby's signature verifies.
  mri_verifies = <<~'RUBY'
    input = JSON.parse($stdin.read)
    puts JSON.generate(input["keys"].map do |key|
      ec = OpenSSL::PKey::EC.new(key["pem"])
      [ec.group.curve_name, ec.public_key.to_bn.to_s(16), ec.verify("SHA256", [key["signature"]].pack("H*"), "generated")]
    end)
  RUBY

  before(:context) do
    skip "jruby-openssl #{JOpenSSL::VERSION} has no OpenSSL::PKey.generate_key" unless OpenSSL::PKey.respond_to?(:generate_key)
    @mri = MRI.run(mri_answers, "calls" => Marshal.dump(calls + lacking_curves + explicit).unpack1("H*"))
    @stock = StockJRuby.run(mri_answers, "calls" => Marshal.dump(not_ec).unpack1("H*"))
  end

  (Backends.native + [:stock]).each do |backend|
    context "with the #{backend} backend" do
      around { |example| Backends.with(backend) { example.run } }

      it "answers each call as MRI" do
        expect(calls.map { |call| answer(call) }).to eq(@mri.first(calls.size))
      end

      it "leaves to stock's EC.generate a curve jruby-openssl lacks (MRI makes a key), and an explicit curve to stock's generate_key" do
        expect(@mri.drop(calls.size).first(lacking_curves.size)).to eq(%w[SM2 wap-wsg-idm-ecid-wtls1 Oakley-EC2N-3 c2pnb176v1])
        expect(lacking_curves.map { |call| answer(call) }).to eq(lacking_curves.map { |(_, options)| "OpenSSL::PKey::ECError: unknown curve name: #{options['group']}" })
        expect(explicit.map { |call| answer(call) }).to all(eq("OpenSSL::PKey::PKeyError: unsupported algorithm: EC"))
      end

      it "leaves every other argument to stock's generate_key" do
        expect(not_ec.map { |call| answer(call) }).to eq(@stock)
        key = OpenSSL::PKey.generate_key(OpenSSL::PKey::EC.new("prime256v1"))
        expect([key.group.curve_name, key.private?]).to eq(["prime256v1", true])
      end

      it "makes keys MRI reads and whose signatures MRI verifies, by the engine where it has the curve" do
        FastRsaEngine.reset_stats
        keys = [["P-256", "prime256v1"], ["P-384", "secp384r1"], ["secp521r1", "secp521r1"], ["secp256k1", "secp256k1"],
                ["brainpoolP256r1", "brainpoolP256r1"]].map do |name, curve|
          key = OpenSSL::PKey.generate_key("EC", "ec_paramgen_curve" => name)
          expect([key.class, key.group.curve_name, key.private?]).to eq([OpenSSL::PKey::EC, curve, true])
          { "pem" => key.to_pem, "point" => key.public_key.to_bn.to_s(16), "signature" => MRI.hex(key.sign("SHA256", "generated")) }
        end
        read = MRI.run(mri_verifies, "keys" => keys)
        expect(read.map(&:first)).to eq(%w[prime256v1 secp384r1 secp521r1 secp256k1 brainpoolP256r1])
        expect(read.map { |_, point, verifies| [point, verifies] }).to eq(keys.map { |key| [key["point"], true] })
        engine_made = FastRsaEngine.stats[:calls].fetch(:ec_generate, {}).fetch(:engine, 0)
        expect(engine_made).to eq(backend == :aws_lc ? 4 : 0) # P-256, P-384, P-521 and secp256k1 (AWS-LC through ACCP)
      end
    end
  end
end

RSpec.describe "OpenSSL::PKey.generate_key on jruby-openssl without it", jruby: true do
  it "stays absent: the gem adds no generate_key where stock has none" do
    skip "jruby-openssl #{JOpenSSL::VERSION} has generate_key" if Gem::Version.new(JOpenSSL::VERSION) >= Gem::Version.new("0.16.2")
    expect(OpenSSL::PKey.respond_to?(:generate_key)).to be(false)
  end
end
