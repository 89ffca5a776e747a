# frozen_string_literal: true

require "jruby" if RUBY_ENGINE == "jruby"
require "open3"
require "rbconfig"

# The opt-in JCA provider "FastRsaEngine": off unless asked; once installed, plain java.security code
# signs, verifies, encrypts and decrypts through the active backend, with the JDK's answers for every
# deterministic scheme; keys of any Java implementation; a key dropped after use is collected.
# This is the one spec that installs it, and it leaves it uninstalled.
RSpec.describe "The JCA provider", jruby: true do
  fixture = ReferenceFixtures.key("rsa2048_e65537")

  def java_keys(fixture)
    key = JRuby.ref(fixture.private_key)
    [key.getPrivateKey, key.getPublicKey]
  end

  def sign(algorithm, private_key, data, provider = nil, params = nil)
    signature = provider ? java.security.Signature.getInstance(algorithm, provider) : java.security.Signature.getInstance(algorithm)
    signature.setParameter(params) if params
    signature.initSign(private_key)
    signature.update(data.to_java_bytes)
    [String.from_java_bytes(signature.sign), signature.getProvider.getName]
  end

  def verify(algorithm, public_key, signature, data, provider = nil, params = nil)
    verifier = provider ? java.security.Signature.getInstance(algorithm, provider) : java.security.Signature.getInstance(algorithm)
    verifier.setParameter(params) if params
    verifier.initVerify(public_key)
    verifier.update(data.to_java_bytes)
    verifier.verify(signature.to_java_bytes)
  end

  def cipher(transformation, mode, key, data, provider = nil)
    cipher = provider ? javax.crypto.Cipher.getInstance(transformation, provider) : javax.crypto.Cipher.getInstance(transformation)
    cipher.init(mode, key)
    [String.from_java_bytes(cipher.doFinal(data.to_java_bytes)), cipher.getProvider.getName]
  end

  # :signed, or the SignatureException sign threw.
  def signed(signature)
    signature.sign && :signed
  rescue java.security.SignatureException => e
    e
  end

  PSS = java.security.spec.PSSParameterSpec.new("SHA-256", "MGF1", java.security.spec.MGF1ParameterSpec::SHA256, 32, 1) if RUBY_ENGINE == "jruby"
  ENCRYPT = 1 # javax.crypto.Cipher::ENCRYPT_MODE
  DECRYPT = 2

  it "is not installed unless asked" do
    expect(FastRsaEngine.provider_position).to be_nil
    expect(java.security.Security.getProvider("FastRsaEngine")).to be_nil
  end

  context "installed" do
    before do
      expect(FastRsaEngine.install_provider).to eq(1)
      FastRsaEngine.reset_stats
    end

    after { FastRsaEngine.uninstall_provider }

    it "is first, and installing again changes nothing" do
      expect(FastRsaEngine.provider_position).to eq(1)
      expect(FastRsaEngine.install_provider).to be_nil
      expect(java.security.Security.getProviders.map(&:getName).count("FastRsaEngine")).to eq(1)
    end

    it "goes where asked" do
      FastRsaEngine.uninstall_provider
      expect(FastRsaEngine.install_provider(position: 3)).to eq(3)
      expect(FastRsaEngine.provider_position).to eq(3)
      expect { FastRsaEngine.install_provider(position: 0) }.to raise_error(ArgumentError)
    end

    (Backends.native + [:stock]).each do |backend|
      context "with the #{backend} backend" do
        around { |example| Backends.with(backend) { example.run } }

        %w[SHA1withRSA SHA224withRSA SHA256withRSA SHA384withRSA SHA512withRSA].each do |algorithm|
          it "#{algorithm}: the JDK's signature, byte for byte, and it verifies both ways" do
            private_key, public_key = java_keys(fixture)
            ours, provider = sign(algorithm, private_key, "provider")
            expect(provider).to eq("FastRsaEngine")
            expect(ours).to eq(sign(algorithm, private_key, "provider", "SunRsaSign").first)
            expect(verify(algorithm, public_key, ours, "provider", "SunRsaSign")).to be(true)
            expect(verify(algorithm, public_key, ours, "provider")).to be(true)
            expect(verify(algorithm, public_key, ours, "tampered")).to be(false)
          end
        end

        if backend != :stock
          it "SHA256withRSA with a 2048-bit key splits where the JVM has a second core, and gives the JDK's bytes split or not" do
            private_key, = java_keys(fixture)
            jdks = sign("SHA256withRSA", private_key, "split", "SunRsaSign").first
            Backends.splitting(:off) { expect(sign("SHA256withRSA", private_key, "split").first).to eq(jdks) }
            Backends.splitting(:auto) do
              split = FastRsaEngine.stats[:split][:split]
              expect(sign("SHA256withRSA", private_key, "split").first).to eq(jdks)
              expect(FastRsaEngine.stats[:split][:split] - split).to eq(FastRsaEngine.split == :auto ? 1 : 0)
            end
          end
        end

        it "RSASSA-PSS signs what the JDK verifies, and verifies the JDK's" do
          private_key, public_key = java_keys(fixture)
          ours, provider = sign("RSASSA-PSS", private_key, "pss", nil, PSS)
          expect(provider).to eq("FastRsaEngine")
          expect(verify("RSASSA-PSS", public_key, ours, "pss", "SunRsaSign", PSS)).to be(true)
          jdks = sign("RSASSA-PSS", private_key, "pss", "SunRsaSign", PSS).first
          expect(verify("RSASSA-PSS", public_key, jdks, "pss", nil, PSS)).to be(true)
          expect(verify("RSASSA-PSS", public_key, jdks, "other", nil, PSS)).to be(false)
        end

        %w[RSA/ECB/PKCS1Padding RSA/ECB/OAEPWithSHA-1AndMGF1Padding RSA/ECB/OAEPWithSHA-256AndMGF1Padding].each do |transformation|
          it "#{transformation}: opens what the JDK encrypts, and the JDK opens what it encrypts" do
            private_key, public_key = java_keys(fixture)
            plain, provider = cipher(transformation, DECRYPT, private_key, cipher(transformation, ENCRYPT, public_key, "secret", "SunJCE").first)
            expect([plain, provider]).to eq(["secret", "FastRsaEngine"])
            expect(cipher(transformation, DECRYPT, private_key, cipher(transformation, ENCRYPT, public_key, "secret").first, "SunJCE").first).to eq("secret")
          end
        end

        it "RSA/ECB/NoPadding: the JDK's raw operation" do
          private_key, public_key = java_keys(fixture)
          block = "\x00\x01".b + ("x" * (fixture.modulus_bytes - 2))
          encrypted = cipher("RSA/ECB/NoPadding", ENCRYPT, public_key, block).first
          expect(encrypted).to eq(cipher("RSA/ECB/NoPadding", ENCRYPT, public_key, block, "SunJCE").first)
          expect(cipher("RSA/ECB/NoPadding", DECRYPT, private_key, encrypted).first).to eq(block)
        end

        it "a ciphertext that does not open fails as the JDK's does" do
          private_key, = java_keys(fixture)
          expect { cipher("RSA/ECB/PKCS1Padding", DECRYPT, private_key, "\x01" * fixture.modulus_bytes) }.to raise_error(javax.crypto.BadPaddingException)
        end
      end
    end

    it "takes RSA keys of any Java implementation: the JDK's, Bouncy Castle's, and leaves other keys to other providers" do
      generator = java.security.KeyPairGenerator.getInstance("RSA", "SunRsaSign")
      generator.java_send(:initialize, [Java::int], 2048)
      pair = generator.generateKeyPair
      ours, provider = sign("SHA256withRSA", pair.getPrivate, "jdk key")
      expect(provider).to eq("FastRsaEngine")
      expect(verify("SHA256withRSA", pair.getPublic, ours, "jdk key", "SunRsaSign")).to be(true)
      ec = java.security.KeyPairGenerator.getInstance("EC").generateKeyPair
      expect(sign("SHA256withECDSA", ec.getPrivate, "ec").last).not_to eq("FastRsaEngine")
      no_exponent = java.security.KeyFactory.getInstance("RSA").generatePrivate(
        java.security.spec.RSAPrivateKeySpec.new(pair.getPrivate.getModulus, pair.getPrivate.getPrivateExponent)
      )
      expect(sign("SHA256withRSA", no_exponent, "n and d").last).to eq("SunRsaSign") # the next provider takes it
    end

    # Where the JDK's object, refusing a call, goes on with the data it was given before (a PKCS#1
    # signature keeps a key refused for its PSS parameters, and its message; RSASSA-PSS keeps its
    # message under parameters whose mask the padding layer lacks), the provider, whose twin never
    # saw that data, refuses the result rather than sign or verify part of the message; init
    # starts afresh. Everything else after a refusal answers as the JDK (provider_jdk_parity_spec.rb).
    it "never signs part of a message: where the JDK goes on after a refusal with data only it kept, it refuses until init" do
      private_key, = java_keys(fixture)
      pss_key = java.security.KeyPairGenerator.getInstance("RSASSA-PSS").tap do |generator|
        generator.java_send(:initialize, [java.security.spec.AlgorithmParameterSpec],
                            java.security.spec.RSAKeyGenParameterSpec.new(fixture.modulus_bytes * 8, java.math.BigInteger.valueOf(65_537), PSS))
      end.generateKeyPair
      md2_mask = java.security.spec.PSSParameterSpec.new("SHA-256", "MGF1", java.security.spec.MGF1ParameterSpec.new("MD2"), 32, 1)
      refusals = { "SHA256withRSA" => [nil, ->(signature) { signature.initSign(pss_key.getPrivate) }],
                   "RSASSA-PSS" => [PSS, ->(signature) { signature.setParameter(md2_mask) }] }
      refusals.each do |algorithm, (parameters, refuse)|
        outcomes = [nil, "SunRsaSign"].map do |provider|
          signature = provider ? java.security.Signature.getInstance(algorithm, provider) : java.security.Signature.getInstance(algorithm)
          signature.setParameter(parameters) if parameters
          signature.initSign(private_key)
          signature.update("before".to_java_bytes)
          expect { refuse.call(signature) }.to raise_error(java.lang.Exception)
          signature.update("after".to_java_bytes)
          [signature, signed(signature)]
        end
        (ours, refused), (_, jdk) = outcomes
        expect(jdk).to eq(:signed), algorithm
        expect(refused).to be_a(java.security.SignatureException)
        expect(refused.getMessage).to include("did not keep")
        ours.initSign(private_key)
        ours.update("after".to_java_bytes)
        expect(ours.sign.length).to eq(fixture.modulus_bytes)
        expect(ours.getProvider.getName).to eq("FastRsaEngine")
      end
    end

    it "counts its operations in FastRsaEngine.stats" do
      skip "needs a native backend" if Backends.native.empty?

      Backends.with(Backends.native.first) do
        private_key, public_key = java_keys(fixture)
        verify("SHA256withRSA", public_key, sign("SHA256withRSA", private_key, "counted").first, "counted")
        expect(FastRsaEngine.stats[:calls][:provider_sign]).to include(engine: 1)
      end
    end

    it "does not keep a key dropped after use alive" do
      references = lambda do
        private_key, public_key = java_keys(fixture)
        verify("SHA256withRSA", public_key, sign("SHA256withRSA", private_key, "weak").first, "weak")
        [java.lang.ref.WeakReference.new(private_key), java.lang.ref.WeakReference.new(public_key)]
      end.call
      expect(Collected.all?(references)).to be(true)
    end

  end

  # Handshakes through OpenSSL::SSL as bin/benchmark --tls makes them (benchmark/lib/tls_operations.rb),
  # briefly, in JRubies of their own (installed at require there, as an app would), with the TLS
  # provider off (FAST_RSA_ENGINE_TLS=off): with this provider the server's signatures are its own,
  # without it none; with both, still this provider, first in the JVM's list, before the TLS provider.
  # Both TLS versions negotiated each way.
  it "serves jruby-openssl's TLS handshakes on loopback: the server's signatures are the provider's when installed" do
    skip "needs a native backend" if Backends.native.empty?

    script = <<~RUBY
      require "fast-rsa-engine"
      require #{File.expand_path("../../benchmark/lib/tls_operations", __dir__).inspect}
      keys = Array.new(3) { OpenSSL::PKey::RSA.new(2048) }
      operations = TlsOperations.operations(*keys, OpenSSL::Digest.new("SHA256"))
      TlsOperations.check!(operations)
      signed = ->(prefix) { FastRsaEngine.stats[:calls].sum { |name, call| name.to_s.start_with?(prefix) ? call[:engine] : 0 } }
      print [signed.("provider_sign"), signed.("tls_sign")].inspect
    RUBY
    lib = File.expand_path("../../lib", __dir__)
    environments = [{ "FAST_RSA_ENGINE_PROVIDER" => "1", "FAST_RSA_ENGINE_TLS" => "off" }, { "FAST_RSA_ENGINE_TLS" => "off" }, { "FAST_RSA_ENGINE_PROVIDER" => "1" }]
    counts = environments.map do |environment|
      Thread.new { Open3.capture2e(environment.merge("FAST_RSA_ENGINE" => nil), *StockJRuby::BRIEF, "-I", lib, "-e", script) }
    end.map(&:value)
    counts.each { |output, status| expect(status).to be_success, output }
    installed, not_installed, both = counts.map { |output, _| JSON.parse(output.lines.last) }
    expect(installed[0]).to be >= 3 # a handshake of each version and a GET, each the server's signature
    expect(installed[1]).to eq(0)
    expect(not_installed).to eq([0, 0])
    expect(both[0]).to be >= 3
    expect(both[1]).to eq(0)
  end

  # Two brief JRubies, side by side.
  it "FAST_RSA_ENGINE_PROVIDER=1 installs it at require, first; without it nothing is installed" do
    lib = File.expand_path("../../lib", __dir__)
    probe = 'require "fast-rsa-engine"; print java.security.Security.getProviders.map(&:getName).index("FastRsaEngine").inspect'
    positions = [{ "FAST_RSA_ENGINE_PROVIDER" => "1" }, {}].map do |environment|
      Thread.new { Open3.capture3(environment.merge("FAST_RSA_ENGINE" => nil), *StockJRuby::BRIEF, "-I", lib, "-e", probe).first }
    end.map(&:value)
    expect(positions).to eq(%w[0 nil])
  end
end
