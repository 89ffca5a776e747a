# frozen_string_literal: true

# The TLS provider (FastRsaEngineTls, first in the JVM's list from require on) against the JDK, for
# Java code: every service it registers is one JSSE asks for (Signature SHA*withRSA, RSASSA-PSS,
# SHA*withECDSA, KeyPairGenerator EC and XDH, KeyAgreement ECDH and XDH), and outside an SSL
# socket's handshake, with keys of Java code's own, each must answer as the JDK alone: the same
# scripted JCA calls (getInstance by name, init with keys of every kind JSSE holds and wrong ones,
# parameters, sign, verify, generate, agree) run with the provider and with it taken out of the
# list, call by call (JcaScript). The one difference by design: KeyPairGenerator has no key to choose
# a provider by, so getInstance("EC"/"XDH").getProvider names FastRsaEngineTls (SunEC's generator
# makes the pairs: doc/engine-coverage.md "TLS handshakes").
RSpec.describe "The TLS provider against the JDK, for Java code", jruby: true do
  # SunEC makes the EC, XDH and EdDSA pairs by name: the provider's own generator stays out of the keys.
  def self.pair(algorithm, parameters)
    generator = if algorithm == "RSA"
                  java.security.KeyPairGenerator.getInstance(algorithm)
                else
                  java.security.KeyPairGenerator.getInstance(algorithm, "SunEC")
                end
    generator.java_send(:initialize, [java.security.spec.AlgorithmParameterSpec], parameters)
    generator.generateKeyPair
  end

  # Key pairs of every kind a TLS peer holds, and some no service of the provider takes.
  def self.pairs
    @pairs ||= {
      "rsa2048" => pair("RSA", java.security.spec.RSAKeyGenParameterSpec.new(2048, java.math.BigInteger.valueOf(65_537))),
      "p256" => pair("EC", java.security.spec.ECGenParameterSpec.new("secp256r1")),
      "p384" => pair("EC", java.security.spec.ECGenParameterSpec.new("secp384r1")),
      "p521" => pair("EC", java.security.spec.ECGenParameterSpec.new("secp521r1")),
      "x25519" => pair("XDH", java.security.spec.NamedParameterSpec::X25519),
      "x448" => pair("XDH", java.security.spec.NamedParameterSpec::X448),
      "ed25519" => pair("EdDSA", java.security.spec.NamedParameterSpec::ED25519),
    }
  end

  SIGNATURE_NAMES = (%w[SHA1 SHA224 SHA256 SHA384 SHA512].flat_map { |digest| %W[#{digest}withRSA #{digest}withECDSA] } + ["RSASSA-PSS"]).freeze
  # TLS 1.3's rsa_pss_rsae_sha256 (a method, not a constant: the file loads on MRI, where there is no java).
  def pss
    java.security.spec.PSSParameterSpec.new("SHA-256", "MGF1", java.security.spec.MGF1ParameterSpec::SHA256, 32, 1)
  end

  def jdk_verifies(name, public_key, signature)
    verifier = java.security.Signature.getInstance(name, name.end_with?("ECDSA") ? "SunEC" : "SunRsaSign")
    verifier.setParameter(pss) if name == "RSASSA-PSS"
    verifier.initVerify(public_key)
    verifier.update("the data signed".to_java_bytes)
    verifier.verify(signature)
  end

  def signature_script(s, name, pair, data)
    signer = s.call("getInstance") { java.security.Signature.getInstance(name) }
    s.attempt("setParameter") { signer.setParameter(pss) } if name == "RSASSA-PSS"
    s.call("initSign") { signer.initSign(pair.getPrivate) }
    s.call("update") { signer.update(data) }
    s.randomized("sign", ->(signature) { jdk_verifies(name, pair.getPublic, signature) }) { signer.sign }
    s.call("getParameters") { signer.getParameters }
    s.call("initVerify") { signer.initVerify(pair.getPublic) }
    s.call("update to verify") { signer.update(data) }
    s.attempt("verify a signature of nothing") { signer.verify(Java::byte[0].new) }
  end

  # Memoized: a label names its parameters by the object's own string, the same in both runs.
  def self.generations
    @generations ||= {
      "EC" => [256, java.security.spec.ECGenParameterSpec.new("secp384r1"), java.security.spec.ECGenParameterSpec.new("nope"), 255],
      "XDH" => [255, java.security.spec.NamedParameterSpec::X448, java.security.spec.NamedParameterSpec::ED25519, 256],
    }
  end

  def generation_script(s, name, parameters)
    generator = s.call("getInstance") { java.security.KeyPairGenerator.getInstance(name) }
    initialized = s.attempt("initialize #{parameters}") do
      parameters.is_a?(Integer) ? generator.java_send(:initialize, [Java::int], parameters) : generator.java_send(:initialize, [java.security.spec.AlgorithmParameterSpec], parameters)
      true
    end
    pair = s.call("generateKeyPair") { generator.generateKeyPair } if initialized || parameters.is_a?(Integer)
    return unless pair

    s.call("the pair's kind") { [pair.getPrivate.getClass.getName, pair.getPublic.getAlgorithm, pair.getPublic.getFormat, pair.getPublic.getEncoded.length] }
    s.call("its parameters") do
      parameters = pair.getPublic.getParams
      parameters.is_a?(java.security.spec.ECParameterSpec) ? [parameters.getOrder.to_s, parameters.getCofactor] : parameters.getName
    end
  end

  def agreement_script(s, name, mine, peer)
    agreement = s.call("getInstance") { javax.crypto.KeyAgreement.getInstance(name) }
    s.call("init") { agreement.init(mine.getPrivate) }
    s.call("doPhase") { agreement.doPhase(peer.getPublic, true) }
    s.call("generateSecret") { agreement.generateSecret }
    s.attempt("generateSecret again") { agreement.generateSecret }
  end

  def scripts
    pairs = self.class.pairs
    signatures = SIGNATURE_NAMES.product(pairs.keys).map { |name, key| ["#{name} with #{key}", ->(s) { signature_script(s, name, pairs[key], "the data signed".to_java_bytes) }] }
    generations = self.class.generations.flat_map { |name, all| all.map { |parameters| ["KeyPairGenerator #{name} #{parameters}", ->(s) { generation_script(s, name, parameters) }] } }
    agreements = { "ECDH" => %w[p256 p384 p521 x25519 rsa2048], "XDH" => %w[x25519 x448 p256] }.flat_map do |name, keys|
      keys.product(keys.first(2)).map { |mine, peer| ["#{name} #{mine} with #{peer}'s", ->(s) { agreement_script(s, name, pairs[mine], pairs[peer]) }] }
    end
    signatures + generations + agreements
  end

  def outcomes
    scripts.to_h { |label, script| [label, JcaScript.run { |s| script.call(s) }] }
  end

  # Java code's calls as if the gem had installed no TLS provider: it is taken out of the JVM's list, then put back.
  def without_tls_provider
    providers = java.security.Security.getProviders.to_a
    ours = providers.find { |provider| provider.getName == "FastRsaEngineTls" }
    java.security.Security.removeProvider("FastRsaEngineTls")
    yield
  ensure
    java.security.Security.insertProviderAt(ours, providers.index(ours) + 1) if ours
  end

  (Backends.native + [:stock]).each do |backend|
    it "#{backend} backend: every call of Java code's answers as the JDK's alone, at the same call" do
      skip "the TLS provider is off here (#{FastRsaEngine.info[:tls]})" unless FastRsaEngine.info[:tls] == "on"

      Backends.with(backend) do
        jdk = without_tls_provider { outcomes }
        expect(java.security.Security.getProviders.first.getName).to eq("FastRsaEngineTls")
        ours = outcomes
        differing = jdk.keys.reject { |label| jdk[label] == ours[label] }
        expect(differing).to be_empty, differing.first(5).map { |label| "#{label}\n  JDK:  #{jdk[label]}\n  ours: #{ours[label]}" }.join("\n")
        expect(jdk.values.flatten(1).count { |call| call[1] == :threw }).to be > 10 # wrong keys and parameters were drawn, and refused
      end
    end
  end

  it "names itself as KeyPairGenerator EC's and XDH's provider, the difference by design, and SunEC's elsewhere" do
    skip "the TLS provider is off here" unless FastRsaEngine.info[:tls] == "on"

    names = -> { %w[EC XDH].map { |name| java.security.KeyPairGenerator.getInstance(name).getProvider.getName } }
    expect(names.()).to eq(%w[FastRsaEngineTls FastRsaEngineTls])
    expect(without_tls_provider { names.() }).to eq(%w[SunEC SunEC])
  end
end
