# frozen_string_literal: true

require "jruby" if RUBY_ENGINE == "jruby"

# The JCA provider against the JDK it runs on: Java code written against the JDK must see, call by
# call, what the JDK alone gives it. The same scripted sequences of JCA calls (getInstance for every
# name the JDK knows and some it does not; init with every key type, wrong ones included; parameters
# set before and after init; update/doFinal/sign/verify with lengths at and past the limits,
# signatures of the wrong length, bad parameters) run against the JDK alone and with the provider
# installed first, and against SunRsaSign/SunJCE and the provider by name. Each call's result (bytes
# for deterministic ones; a randomized one as what the JDK makes of it) or the exception it threw
# (class and message, at that call) must be the same. Messages are never written here: the reference
# is the JDK of this run, whose words differ between Java 17 and 25.
RSpec.describe "The JCA provider against the JDK", jruby: true do
  PARITY_DATA = "the data signed"
  PARITY_JDK_OUTCOMES = {} # the JDK's outcomes, the same under every backend

  # A key pair of one kind, as Java code holds it; what a key of this kind tests is in its label.
  ParityKeyPair = Struct.new(:label, :private_key, :public_key)

  def self.generated(algorithm, spec = nil, bits = nil)
    generator = java.security.KeyPairGenerator.getInstance(algorithm)
    spec ? generator.java_send(:initialize, [java.security.spec.AlgorithmParameterSpec], spec) : generator.java_send(:initialize, [Java::int], bits)
    generator.generateKeyPair
  end

  def self.key_pairs
    @key_pairs ||= begin
      fixture = JRuby.ref(ReferenceFixtures.key("rsa2048_e65537").private_key)
      rsa512, rsa521 = [512, 521].map { |bits| generated("RSA", nil, bits) }
      pss_spec = java.security.spec.PSSParameterSpec.new("SHA-256", "MGF1", java.security.spec.MGF1ParameterSpec::SHA256, 32, 1)
      pss_key = generated("RSASSA-PSS", java.security.spec.RSAKeyGenParameterSpec.new(1024, java.math.BigInteger.valueOf(65_537), pss_spec))
      ec = generated("EC", nil, 256)
      no_exponent = java.security.KeyFactory.getInstance("RSA").generatePrivate(
        java.security.spec.RSAPrivateKeySpec.new(fixture.getPrivateKey.getModulus, fixture.getPrivateKey.getPrivateExponent)
      )
      [
        ParityKeyPair.new("rsa2048", fixture.getPrivateKey, fixture.getPublicKey),
        ParityKeyPair.new("rsa512", rsa512.getPrivate, rsa512.getPublic),
        ParityKeyPair.new("rsa521", rsa521.getPrivate, rsa521.getPublic),
        ParityKeyPair.new("rsassa-pss key", pss_key.getPrivate, pss_key.getPublic),
        ParityKeyPair.new("n and d only", no_exponent, fixture.getPublicKey),
        ParityKeyPair.new("ec", ec.getPrivate, ec.getPublic),
      ]
    end
  end

  def self.rsa2048
    key_pairs.first
  end

  def self.bytes(string)
    string.b.to_java_bytes
  end

  def self.modulus_bytes(pair)
    key_bytes(pair.public_key)
  end

  def self.key_bytes(key)
    key.is_a?(java.security.interfaces.RSAKey) ? (key.getModulus.bit_length + 7) / 8 : 64
  end

  # --- Where a call's engine object comes from: the JDK alone, or the provider installed first;
  # --- or SunRsaSign/SunJCE and the provider by name.

  ParitySelection = Struct.new(:label, :provider_installed, :signature_provider, :cipher_provider) do
    def signature(name)
      signature_provider ? java.security.Signature.getInstance(name, signature_provider) : java.security.Signature.getInstance(name)
    end

    def cipher(name)
      cipher_provider ? javax.crypto.Cipher.getInstance(name, cipher_provider) : javax.crypto.Cipher.getInstance(name)
    end
  end

  SELECTIONS = {
    "by the JCA's choice" => [ParitySelection.new("the JDK alone", false), ParitySelection.new("the provider installed first", true)],
    "by provider name" => [ParitySelection.new("SunRsaSign and SunJCE", true, "SunRsaSign", "SunJCE"),
                           ParitySelection.new("FastRsaEngine", true, "FastRsaEngine", "FastRsaEngine")],
  }.freeze

  # --- The JDK's own checks of randomized results (always SunRsaSign/SunJCE by name).

  def self.pss_check(spec, public_key, data = PARITY_DATA)
    lambda do |signature|
      verifier = java.security.Signature.getInstance("RSASSA-PSS", "SunRsaSign")
      verifier.setParameter(spec)
      verifier.initVerify(public_key)
      verifier.update(bytes(data))
      verifier.verify(signature)
    end
  end

  def self.decryption_check(transformation, spec, private_key, plain)
    lambda do |ciphertext|
      cipher = javax.crypto.Cipher.getInstance(transformation, "SunJCE")
      init(cipher, javax.crypto.Cipher::DECRYPT_MODE, private_key, spec)
      String.from_java_bytes(cipher.doFinal(ciphertext)) == plain
    end
  end

  def self.init(cipher, mode, key, spec)
    return cipher.init(mode, key) unless spec

    cipher.java_send(:init, [Java::int, java.security.Key, java.security.spec.AlgorithmParameterSpec], mode, key, spec)
  end

  def self.jdk_encryption(transformation, spec, public_key, plain)
    cipher = javax.crypto.Cipher.getInstance(transformation, "SunJCE")
    init(cipher, javax.crypto.Cipher::ENCRYPT_MODE, public_key, spec)
    cipher.doFinal(bytes(plain))
  end

  # --- The names: every RSA Signature and Cipher name the JDK's providers know (with aliases and,
  # --- for Cipher, every mode and padding SunJCE lists), and names the JDK does not know.

  def self.jdk_names(type)
    names = java.security.Security.getProviders.reject { |provider| provider.getName == "FastRsaEngine" }.flat_map do |provider|
      provider.keySet.map(&:to_s).filter_map do |key|
        key[/\AAlg\.Alias\.#{type}\.(.+)\z/, 1] || key[/\A#{type}\.([^ ]+)\z/, 1]
      end.select { |name| rsa_name?(provider, type, name) }
    end
    names.uniq
  end

  def self.rsa_name?(provider, type, name)
    service = provider.getService(type, name)
    service && service.getAlgorithm.match?(/RSA/i)
  end

  def self.cipher_names
    sun_jce = java.security.Security.getProvider("SunJCE").getService("Cipher", "RSA")
    paddings = sun_jce.getAttribute("SupportedPaddings").split("|")
    modes = sun_jce.getAttribute("SupportedModes").split("|")
    known = jdk_names("Cipher") + (modes + %w[NONE None CBC]).product(paddings + %w[OAEPWithSHA3-256AndMGF1Padding PKCS5Padding]).map { |mode, padding| "RSA/#{mode}/#{padding}" }
    (known + %w[RSA/None/PKCS1Padding RSA/NONE/NoPadding RSA/ECB RSA//PKCS1Padding rsa/ecb/pkcs1padding RSA/ECB/OAEPWithSHA1AndMGF1Padding]).uniq
  end

  def self.signature_names
    (jdk_names("Signature") + %w[PSS SHA256withRSA/PSS SHA256withRSAandMGF1 NONEwithRSA sha256withrsa OID.1.2.840.113549.1.1.10 1.2.840.113549.1.1.11]).uniq
  end

  # --- The scripts.

  def self.get_instance_scripts
    signature_names.map { |name| ["Signature.getInstance(#{name})", ->(jca, s) { s.call("getInstance") { jca.signature(name) } }] } +
      cipher_names.map { |name| ["Cipher.getInstance(#{name})", ->(jca, s) { s.call("getInstance") { jca.cipher(name) } }] }
  end

  PKCS1_SIGNATURES = %w[SHA1withRSA SHA224withRSA SHA256withRSA SHA384withRSA SHA512withRSA].freeze

  # Signs with each key, then verifies with each public key what was signed, and what was tampered
  # with, cut short, made longer, replaced by a number past the modulus or by a DigestInfo without
  # its NULL parameters.
  def self.pkcs1_signature_scripts
    PKCS1_SIGNATURES.flat_map do |name|
      key_pairs.map do |pair|
        ["#{name} sign with #{pair.label}", lambda do |jca, s|
          signer = s.call("getInstance") { jca.signature(name) }
          s.call("initSign") { signer.initSign(pair.private_key) }
          s.call("update") { signer.update(bytes(PARITY_DATA)) }
          s.call("sign") { signer.sign }
          s.call("sign again (reset)") { signer.sign }
        end]
      end + pkcs1_verify_scripts(name) + parameter_scripts(name)
    end
  end

  def self.pkcs1_verify_scripts(name)
    key_pairs.flat_map do |pair|
      signature = jdk_signature(name, pair)
      signature_variants(pair, signature).merge("a DigestInfo without NULL" => no_null_signature(name, pair)).map do |variant, bytes|
        ["#{name} verify with #{pair.label}: #{variant}", verify_script(name, nil, pair.public_key, bytes)]
      end
    end
  end

  # SunRsaSign's own signature of PARITY_DATA, or of the data given (with the PSS parameters when given).
  def self.jdk_signature(name, pair, spec = nil, data = PARITY_DATA)
    signer = java.security.Signature.getInstance(name, "SunRsaSign")
    signer.setParameter(spec) if spec
    signer.initSign(pair.private_key)
    signer.update(bytes(data))
    String.from_java_bytes(signer.sign)
  rescue Java::JavaLang::Exception # no signature of the JDK's for this key: any bytes of its length
    "\x01".b * modulus_bytes(pair)
  end

  def self.signature_variants(pair, signature)
    k = modulus_bytes(pair)
    tampered = signature.dup.tap { |bytes| bytes.setbyte(k / 2, bytes.getbyte(k / 2) ^ 1) }
    {
      "its signature" => signature, "tampered" => tampered, "one byte short" => signature[1..],
      "one byte long" => "\x00".b + signature, "empty" => "", "past the modulus" => "\xFF".b * k, "half" => signature[0, k / 2],
    }
  end

  # The DER of each digest's OID (RFC 8017 9.2's DigestInfo prefixes, without their NULL).
  DIGEST_OIDS = {
    "SHA1withRSA" => ["SHA-1", "06052b0e03021a"], "SHA224withRSA" => ["SHA-224", "0609608648016503040204"],
    "SHA256withRSA" => ["SHA-256", "0609608648016503040201"], "SHA384withRSA" => ["SHA-384", "0609608648016503040202"],
    "SHA512withRSA" => ["SHA-512", "0609608648016503040203"],
  }.freeze

  # The signature of a DigestInfo whose AlgorithmIdentifier has no NULL (some signers make them),
  # made with SunJCE's PKCS#1 v1.5 private-key encryption.
  def self.no_null_signature(name, pair)
    digest, oid_hex = DIGEST_OIDS.fetch(name)
    hash = String.from_java_bytes(java.security.MessageDigest.getInstance(digest).digest(bytes(PARITY_DATA)))
    oid = [oid_hex].pack("H*")
    algorithm = "\x30".b + oid.bytesize.chr + oid
    info = "\x30".b + (algorithm.bytesize + 2 + hash.bytesize).chr + algorithm + "\x04".b + hash.bytesize.chr + hash
    cipher = javax.crypto.Cipher.getInstance("RSA/ECB/PKCS1Padding", "SunJCE")
    cipher.init(javax.crypto.Cipher::ENCRYPT_MODE, pair.private_key)
    String.from_java_bytes(cipher.doFinal(bytes(info)))
  rescue Java::JavaLang::Exception # no signature of the JDK's for this key: any bytes of its length
    "\x01".b
  end

  def self.verify_script(name, spec, public_key, signature, order = :before)
    lambda do |jca, s|
      verifier = s.call("getInstance") { jca.signature(name) }
      s.call("setParameter") { verifier.setParameter(spec) } if spec && order == :before
      s.call("initVerify") { verifier.initVerify(public_key) }
      s.call("setParameter") { verifier.setParameter(spec) } if spec && order == :after
      s.call("update") { verifier.update(bytes(PARITY_DATA)) }
      s.call("verify") { verifier.verify(bytes(signature)) }
    end
  end

  # Parameters a PKCS#1 v1.5 signature takes none of: a spec, nil, the deprecated string form.
  def self.parameter_scripts(name)
    pss = java.security.spec.PSSParameterSpec::DEFAULT
    [[:spec, pss], [:null, nil], [:string, "x"]].flat_map do |kind, value|
      [:before, :after].map do |order|
        ["#{name} setParameter(#{kind}) #{order} init", lambda do |jca, s|
          signer = s.call("getInstance") { jca.signature(name) }
          set = lambda do
            case kind
            when :string then s.call("setParameter(String)") { signer.setParameter(value, 1) }
            else s.call("setParameter") { signer.java_send(:setParameter, [java.security.spec.AlgorithmParameterSpec], value) }
            end
          end
          set.call if order == :before
          s.call("initSign") { signer.initSign(rsa2048.private_key) }
          set.call if order == :after
          s.call("getParameters") { signer.getParameters }
          s.call("update") { signer.update(bytes(PARITY_DATA)) }
          s.call("sign") { signer.sign }
        end]
      end
    end
  end

  def self.pss(digest, mgf1, salt, trailer = 1, mgf = "MGF1")
    java.security.spec.PSSParameterSpec.new(digest, mgf, java.security.spec.MGF1ParameterSpec.new(mgf1), salt, trailer)
  end

  # PSS parameters: the usual ones, a salt at the largest the 2048-bit key takes and one past it,
  # digests the provider does not do, a trailer and an MGF the JDK refuses, nil and a spec of the wrong type.
  def self.pss_specs
    {
      "SHA-256 salt 32" => pss("SHA-256", "SHA-256", 32), "default (SHA-1 salt 20)" => java.security.spec.PSSParameterSpec::DEFAULT,
      "SHA-512 salt 64" => pss("SHA-512", "SHA-512", 64), "SHA-256 MGF1 SHA-1 salt 0" => pss("SHA-256", "SHA-1", 0),
      "SHA-256 salt 222 (the largest for 2048 bits)" => pss("SHA-256", "SHA-256", 222), "SHA-256 salt 223 (one past)" => pss("SHA-256", "SHA-256", 223),
      "SHA-256 salt 1000" => pss("SHA-256", "SHA-256", 1000), "SHA3-256" => pss("SHA3-256", "SHA3-256", 32),
      "SHA-512/256" => pss("SHA-512/256", "SHA-512/256", 32), "MD5" => pss("MD5", "MD5", 16), "trailer 2" => pss("SHA-256", "SHA-256", 32, 2),
      "MGF2" => pss("SHA-256", "SHA-256", 32, 1, "MGF2"), "nil" => nil, "a MGF1ParameterSpec" => java.security.spec.MGF1ParameterSpec::SHA256,
    }
  end

  def self.pss_sign_script(spec, pair, order)
    lambda do |jca, s|
      signer = s.call("getInstance") { jca.signature("RSASSA-PSS") }
      set = -> { s.call("setParameter") { signer.java_send(:setParameter, [java.security.spec.AlgorithmParameterSpec], spec) } }
      set.call if order == :before
      s.call("initSign") { signer.initSign(pair.private_key) }
      set.call if order == :after
      s.call("getParameters") { signer.getParameters }
      s.call("update") { signer.update(bytes(PARITY_DATA)) }
      s.randomized("sign", pss_check(spec, pair.public_key)) { signer.sign }
    end
  end

  def self.pss_scripts
    pss_specs.flat_map do |label, spec|
      orders = %i[before after none]
      key_pairs.product(orders).map do |pair, order|
        ["RSASSA-PSS #{label}, sign with #{pair.label}, parameters #{order} init", pss_sign_script(spec, pair, order)]
      end + pss_verify_scripts(label, spec)
    end
  end

  def self.pss_verify_scripts(label, spec)
    return [] unless spec.is_a?(java.security.spec.PSSParameterSpec)

    key_pairs.first(3).flat_map do |pair|
      signature = jdk_signature("RSASSA-PSS", pair, spec)
      signature_variants(pair, signature).flat_map do |variant, bytes|
        %i[before after].map do |order|
          ["RSASSA-PSS #{label} verify with #{pair.label}: #{variant}, parameters #{order} init", verify_script("RSASSA-PSS", spec, pair.public_key, bytes, order)]
        end
      end
    end
  end

  CIPHERS = %w[RSA RSA/ECB/PKCS1Padding RSA/ECB/NoPadding RSA/ECB/OAEPPadding RSA/ECB/OAEPWithSHA-1AndMGF1Padding
               RSA/ECB/OAEPWithSHA-256AndMGF1Padding RSA/ECB/OAEPWithSHA-512AndMGF1Padding RSA/ECB/OAEPWithMD5AndMGF1Padding
               RSA/ECB/OAEPWithSHA-512/256AndMGF1Padding].freeze

  def self.oaep(digest, mgf1, label)
    javax.crypto.spec.OAEPParameterSpec.new(digest, "MGF1", java.security.spec.MGF1ParameterSpec.new(mgf1), javax.crypto.spec.PSource::PSpecified.new(bytes(label)))
  end

  def self.cipher_specs(transformation)
    wrong = javax.crypto.spec.IvParameterSpec.new(bytes("0" * 16))
    return { "no parameters" => nil, "an IvParameterSpec" => wrong } unless transformation.include?("OAEP")

    { "no parameters" => nil, "OAEP SHA-256 with a label" => oaep("SHA-256", "SHA-256", "label"),
      "OAEP default" => javax.crypto.spec.OAEPParameterSpec::DEFAULT, "an IvParameterSpec" => wrong }
  end

  # Lengths around every limit: PKCS#1 v1.5's k - 11, OAEP's k - 2h - 2 for SHA-1, SHA-256 and
  # SHA-512, no padding's k, and past k.
  def self.lengths(pair)
    k = modulus_bytes(pair)
    [0, 1, k - 130, k - 129, k - 66, k - 65, k - 42, k - 41, k - 11, k - 10, k - 1, k, k + 1].select(&:positive?).uniq + [0]
  end

  # Every length and input with the usual keys and no parameters; with other parameters and keys,
  # the limits of PKCS#1 v1.5 and the shortest OAEP only (init is what those differ in).
  def self.cipher_scripts
    CIPHERS.flat_map do |transformation|
      cipher_specs(transformation).flat_map do |spec_label, spec|
        key_pairs.flat_map do |pair|
          sweep = spec.nil? && %w[rsa2048 rsa512].include?(pair.label)
          encryption_scripts(transformation, spec, spec_label, pair, sweep) + decryption_scripts(transformation, spec, spec_label, pair, sweep)
        end
      end
    end
  end

  def self.encryption_scripts(transformation, spec, spec_label, pair, sweep)
    k = modulus_bytes(pair)
    [[:public_key, pair.public_key], [:private_key, pair.private_key]].flat_map do |role, key|
      (sweep ? lengths(pair) : [k - 42, k - 11, k - 10]).flat_map do |length|
        plain = "\x01".b * length
        [false, length > k - 12].uniq.map do |split|
          ["#{transformation} (#{spec_label}) encrypt #{length} bytes#{' in two updates' if split} with #{pair.label}'s #{role}",
           encryption_script(transformation, spec, key, plain, split, role == :public_key && transformation !~ /NoPadding/ ? pair.private_key : nil)]
        end
      end + [["#{transformation} (#{spec_label}) encrypt a block past the modulus with #{pair.label}'s #{role}",
              encryption_script(transformation, spec, key, "\xFF".b * k, false, nil)]]
    end
  end

  def self.encryption_script(transformation, spec, key, plain, split, randomized_opener)
    lambda do |jca, s|
      cipher = started(jca, s, transformation, javax.crypto.Cipher::ENCRYPT_MODE, key, spec)
      s.call("update") { cipher.update(bytes(plain[0, plain.bytesize / 2])) } if split
      rest = split ? plain[plain.bytesize / 2..] : plain
      if randomized_opener
        s.randomized("doFinal", decryption_check(transformation, spec, randomized_opener, plain)) { cipher.doFinal(bytes(rest)) }
      else
        s.call("doFinal") { cipher.doFinal(bytes(rest)) }
      end
      s.call("getParameters after doFinal") { cipher.getParameters }
    end
  end

  def self.started(jca, s, transformation, mode, key, spec)
    cipher = s.call("getInstance") { jca.cipher(transformation) }
    s.call("getParameters before init") { cipher.getParameters }
    s.call("init") { init(cipher, mode, key, spec) }
    s.call("getOutputSize") { cipher.getOutputSize(10) }
    s.call("getBlockSize") { cipher.getBlockSize }
    s.call("getIV") { cipher.getIV }
    s.call("getParameters") { cipher.getParameters }
    cipher
  end

  def self.decryption_scripts(transformation, spec, spec_label, pair, sweep)
    k = modulus_bytes(pair)
    inputs = { "the JDK's encryption" => jdk_ciphertext(transformation, spec, pair), "garbage" => "\x01".b + "\x5A".b * (k - 1),
               "past the modulus" => "\xFF".b * k, "one byte short" => "\x5A".b * (k - 1), "one byte long" => "\x00\x01".b + "\x5A".b * (k - 1), "empty" => "" }
    inputs = inputs.first(2).to_h unless sweep
    [[:private_key, pair.private_key], [:public_key, pair.public_key]].flat_map do |role, key|
      inputs.map do |label, input|
        ["#{transformation} (#{spec_label}) decrypt #{label} with #{pair.label}'s #{role}", lambda do |jca, s|
          cipher = started(jca, s, transformation, javax.crypto.Cipher::DECRYPT_MODE, key, spec)
          s.call("doFinal") { cipher.doFinal(bytes(input)) }
          s.call("doFinal again") { cipher.doFinal(bytes(input)) }
        end]
      end
    end
  end

  def self.jdk_ciphertext(transformation, spec, pair)
    String.from_java_bytes(jdk_encryption(transformation, spec, pair.public_key, "secret"))
  rescue Java::JavaLang::Exception # no ciphertext of the JDK's for this key
    "\x02".b * modulus_bytes(pair)
  end

  # Key wrapping: a secret key wrapped and unwrapped, one too long to wrap, and garbage unwrapped.
  def self.wrap_scripts
    aes = javax.crypto.spec.SecretKeySpec.new(bytes("k" * 16), "AES")
    long = javax.crypto.spec.SecretKeySpec.new(bytes("k" * 300), "HmacSHA256")
    %w[RSA/ECB/PKCS1Padding RSA/ECB/OAEPWithSHA-256AndMGF1Padding RSA/ECB/NoPadding].flat_map do |transformation|
      pair = rsa2048
      wrapped = jdk_wrapped(transformation, pair, aes)
      [
        ["#{transformation} wrap", lambda do |jca, s|
          cipher = started(jca, s, transformation, javax.crypto.Cipher::WRAP_MODE, pair.public_key, nil)
          check = lambda do |bytes|
            opener = javax.crypto.Cipher.getInstance(transformation, "SunJCE")
            opener.init(javax.crypto.Cipher::UNWRAP_MODE, pair.private_key)
            String.from_java_bytes(opener.unwrap(bytes, "AES", javax.crypto.Cipher::SECRET_KEY).getEncoded)
          end
          transformation.include?("NoPadding") ? s.call("wrap") { cipher.wrap(aes) } : s.randomized("wrap", check) { cipher.wrap(aes) }
        end],
        ["#{transformation} wrap a key too long", lambda do |jca, s|
          cipher = started(jca, s, transformation, javax.crypto.Cipher::WRAP_MODE, pair.public_key, nil)
          s.call("wrap") { cipher.wrap(long) }
        end],
      ] + { "the JDK's wrapping" => wrapped, "garbage" => "\x01".b + "\x5A".b * 255, "one byte long" => "\x01".b * 257 }.map do |label, input|
        ["#{transformation} unwrap #{label}", lambda do |jca, s|
          cipher = started(jca, s, transformation, javax.crypto.Cipher::UNWRAP_MODE, pair.private_key, nil)
          s.call("unwrap") { cipher.unwrap(bytes(input), "AES", javax.crypto.Cipher::SECRET_KEY) }
        end]
      end
    end
  end

  def self.jdk_wrapped(transformation, pair, key)
    cipher = javax.crypto.Cipher.getInstance(transformation, "SunJCE")
    cipher.init(javax.crypto.Cipher::WRAP_MODE, pair.public_key)
    String.from_java_bytes(cipher.wrap(key))
  end

  # --- Reuse after a refusal: Java code that catches an exception and goes on with the same object
  # --- gets, call after call, what the JDK's object does next. What these compare is the JDK's
  # --- state after it refused: new PSS parameters refused once data is given (and taken all the
  # --- same, the message digest excepted), a key a PKCS#1 signature refused (and kept), input
  # --- past a cipher's limit (refused again at every doFinal until init).

  def self.pair(label)
    key_pairs.find { |pair| pair.label == label }
  end

  def self.set_pss(signature, spec)
    signature.java_send(:setParameter, [java.security.spec.AlgorithmParameterSpec], spec)
  end

  # The parameters SunRsaSign's RSASSA-PSS goes on with when it refuses `given` once data is given:
  # the message digest it had, the salt length and mask of the parameters it refused.
  def self.mixed_pss(kept, given)
    return unless given.is_a?(java.security.spec.PSSParameterSpec)

    java.security.spec.PSSParameterSpec.new(kept.getDigestAlgorithm, "MGF1", given.getMGFParameters, given.getSaltLength, 1)
  end

  # What a PSS signature made after a refusal is: which of the parameters verify it, over the data
  # given once and twice.
  def self.pss_fingerprint(public_key, specs)
    lambda do |signature|
      specs.compact.uniq.product([PARITY_DATA, PARITY_DATA * 2]).map do |spec, data|
        JcaScript.checked { pss_check(spec, public_key, data).call(signature) }
      end
    end
  end

  # Parameters given once data is (the first set before init, the second after an update): the
  # same object, equal ones, other digests and salts, a salt past the key with the first digest's
  # hash (SunRsaSign then fails at sign), parameters refused for the key, none.
  def self.mid_message_parameters
    sha256 = pss("SHA-256", "SHA-256", 32)
    sha512 = pss("SHA-512", "SHA-512", 64)
    {
      "the same object" => [sha256, sha256], "equal parameters" => [sha256, pss("SHA-256", "SHA-256", 32)],
      "SHA-512 salt 64" => [sha256, sha512], "MGF1 SHA-1 salt 0" => [sha256, pss("SHA-256", "SHA-1", 0)],
      "SHA-256 salt 222 after SHA-512" => [sha512, pss("SHA-256", "SHA-256", 222)],
      "salt 1000" => [sha256, pss("SHA-256", "SHA-256", 1000)], "nil" => [sha256, nil],
    }
  end

  def self.mid_message_sign_script(first, given)
    pair = rsa2048
    check = pss_fingerprint(pair.public_key, [first, given, mixed_pss(first, given)])
    lambda do |jca, s|
      signer = s.call("getInstance") { jca.signature("RSASSA-PSS") }
      s.call("setParameter") { set_pss(signer, first) }
      s.call("initSign") { signer.initSign(pair.private_key) }
      s.call("update") { signer.update(bytes(PARITY_DATA)) }
      s.attempt("setParameter once data is given") { set_pss(signer, given) }
      s.call("getParameters") { signer.getParameters }
      s.call("update again") { signer.update(bytes(PARITY_DATA)) }
      s.going_on { s.randomized("sign", check) { signer.sign } }
      s.attempt("setParameter after sign") { set_pss(signer, given) }
      s.call("update after sign") { signer.update(bytes(PARITY_DATA)) }
      s.going_on { s.randomized("sign again", check) { signer.sign } }
    end
  end

  # Verifies, round after round, the JDK's signatures with each set of parameters, refusing `given` each time once data is given.
  def self.mid_message_verify_script(first, given)
    pair = rsa2048
    signatures = [first, given, mixed_pss(first, given)].compact.uniq.map { |spec| jdk_signature("RSASSA-PSS", pair, spec) }
    lambda do |jca, s|
      verifier = s.call("getInstance") { jca.signature("RSASSA-PSS") }
      s.call("setParameter") { set_pss(verifier, first) }
      s.call("initVerify") { verifier.initVerify(pair.public_key) }
      signatures.each_with_index do |signature, round|
        s.call("update #{round}") { verifier.update(bytes(PARITY_DATA)) }
        s.attempt("setParameter once data is given #{round}") { set_pss(verifier, given) }
        s.attempt("verify #{round}") { verifier.verify(bytes(signature)) }
      end
    end
  end

  # Parameters refused once data is given stay refused after init: the JDK's object keeps its message digest.
  def self.mid_message_then_init_script
    pair = rsa2048
    first, given = mid_message_parameters.fetch("SHA-512 salt 64")
    mixed = mixed_pss(first, given)
    lambda do |jca, s|
      signer = s.call("getInstance") { jca.signature("RSASSA-PSS") }
      s.call("setParameter") { set_pss(signer, first) }
      s.call("initSign") { signer.initSign(pair.private_key) }
      s.call("update") { signer.update(bytes(PARITY_DATA)) }
      s.attempt("setParameter once data is given") { set_pss(signer, given) }
      s.call("initSign again") { signer.initSign(pair.private_key) }
      s.call("update after initSign") { signer.update(bytes(PARITY_DATA)) }
      s.randomized("sign", pss_fingerprint(pair.public_key, [first, given, mixed])) { signer.sign }
      s.call("initVerify") { signer.initVerify(pair.public_key) }
      s.call("update after initVerify") { signer.update(bytes(PARITY_DATA)) }
      s.call("verify the JDK's signature with the parameters it goes on with") { signer.verify(bytes(jdk_signature("RSASSA-PSS", pair, mixed))) }
    end
  end

  # Data that is no data begins a message all the same: an update of no bytes, an empty ByteBuffer.
  def self.empty_updates
    { "an update of no bytes" => ->(signature) { signature.update(bytes("")) },
      "an empty ByteBuffer" => ->(signature) { signature.update(java.nio.ByteBuffer.allocate(0)) } }
  end

  def self.byte_buffers
    direct = -> { java.nio.ByteBuffer.allocateDirect(PARITY_DATA.bytesize).put(bytes(PARITY_DATA)).flip }
    { "a ByteBuffer" => -> { java.nio.ByteBuffer.wrap(bytes(PARITY_DATA)) }, "an empty ByteBuffer" => -> { java.nio.ByteBuffer.allocate(0) },
      "a direct ByteBuffer" => direct }
  end

  def self.pss_state_scripts
    pair = rsa2048
    first, given = mid_message_parameters.fetch("SHA-512 salt 64")
    mid_message_parameters.flat_map do |label, (before, after)|
      [["RSASSA-PSS setParameter(#{label}) once data is given, then sign", mid_message_sign_script(before, after)],
       ["RSASSA-PSS setParameter(#{label}) once data is given, then verify", mid_message_verify_script(before, after)]]
    end + [["RSASSA-PSS setParameter once data is given, then initSign again", mid_message_then_init_script]] +
      empty_updates.map do |label, empty_update|
        ["RSASSA-PSS setParameter after #{label}", lambda do |jca, s|
          signer = s.call("getInstance") { jca.signature("RSASSA-PSS") }
          s.call("setParameter") { set_pss(signer, first) }
          s.call("initSign") { signer.initSign(pair.private_key) }
          s.call("empty update") { empty_update.call(signer) }
          s.attempt("setParameter") { set_pss(signer, given) }
          s.randomized("sign", pss_fingerprint(pair.public_key, [first, given, mixed_pss(first, given)])) { signer.sign }
        end]
      end + byte_buffer_scripts
  end

  # update(ByteBuffer) on each signature, with and without PSS parameters (SunRsaSign's RSASSA-PSS
  # refuses a ByteBuffer without them, even an empty one, with another exception than a byte[]).
  def self.byte_buffer_scripts
    pair = rsa2048
    spec = pss("SHA-256", "SHA-256", 32)
    byte_buffers.flat_map do |label, buffer|
      [nil, spec].map do |parameters|
        ["RSASSA-PSS update(#{label}) #{parameters ? 'with' : 'without'} parameters", lambda do |jca, s|
          signer = s.call("getInstance") { jca.signature("RSASSA-PSS") }
          s.call("setParameter") { set_pss(signer, parameters) } if parameters
          s.call("initSign") { signer.initSign(pair.private_key) }
          s.attempt("update") { signer.update(buffer.call) }
          s.randomized("sign", pss_fingerprint(pair.public_key, [spec])) { signer.sign }
        end]
      end + [["SHA256withRSA update(#{label})", lambda do |jca, s|
        signer = s.call("getInstance") { jca.signature("SHA256withRSA") }
        s.call("initSign") { signer.initSign(pair.private_key) }
        s.call("update") { signer.update(buffer.call) }
        s.call("sign") { signer.sign }
      end]]
    end
  end

  # A key refused at init, after the signature was initialized with another and given data (or
  # not): SunRsaSign's PKCS#1 signatures keep an RSA key they refuse (too short for the digest,
  # or with PSS parameters), RSASSA-PSS keeps the key it had; what each signs or verifies next.
  def self.refused_init_scripts
    [
      ["SHA512withRSA", nil, :sign, pair("rsa512").private_key, true], ["SHA512withRSA", nil, :verify, pair("rsa512").private_key, true],
      ["SHA512withRSA", nil, :verify, pair("rsa512").public_key, true], ["SHA256withRSA", nil, :sign, pair("rsassa-pss key").private_key, false],
      ["SHA256withRSA", nil, :verify, pair("rsassa-pss key").public_key, false], ["SHA256withRSA", nil, :sign, pair("ec").private_key, true],
      ["RSASSA-PSS", pss("SHA-512", "SHA-512", 64), :sign, pair("rsa512").private_key, true],
      ["RSASSA-PSS", pss("SHA-512", "SHA-512", 64), :sign, pair("rsassa-pss key").private_key, true],
    ].map do |name, spec, role, refused, data_before|
      ["#{name} #{role == :sign ? 'initSign' : 'initVerify'}, #{'update, ' if data_before}then init with #{refused.getAlgorithm} #{refused.getFormat} key refused",
       refused_init_script(name, spec, role, refused, data_before)]
    end
  end

  def self.refused_init_script(name, spec, role, refused, data_before)
    pair = rsa2048
    data = data_before ? PARITY_DATA * 2 : PARITY_DATA
    signature = jdk_signature(name, pair, spec, data)
    refused_length = "\x01".b * key_bytes(refused)
    lambda do |jca, s|
      signer = s.call("getInstance") { jca.signature(name) }
      s.call("setParameter") { set_pss(signer, spec) } if spec
      s.call("init") { role == :sign ? signer.initSign(pair.private_key) : signer.initVerify(pair.public_key) }
      s.call("update") { signer.update(bytes(PARITY_DATA)) } if data_before
      s.attempt("init refused") { refused.is_a?(java.security.PrivateKey) ? signer.initSign(refused) : signer.initVerify(refused) }
      s.attempt("update") { signer.update(bytes(PARITY_DATA)) }
      if spec
        s.going_on { s.randomized("sign", pss_fingerprint(pair.public_key, [spec])) { signer.sign } }
      else
        s.attempt("sign") { signer.sign }
      end
      s.attempt("verify") { signer.verify(bytes(signature)) }
      s.attempt("update again") { signer.update(bytes(PARITY_DATA)) }
      s.attempt("verify a signature of the refused key's length") { signer.verify(bytes(refused_length)) }
    end
  end

  # SunJCE's RSA cipher, given input past its limit (at doFinal, or at an update before it), refuses
  # it, and then every doFinal until init; input given before a doFinal refused for too small an
  # output array is kept. Encryption with each key, decryption with the private key.
  def self.cipher_state_scripts
    pair = rsa2048
    %w[RSA/ECB/PKCS1Padding RSA/ECB/NoPadding RSA/ECB/OAEPWithSHA-256AndMGF1Padding].flat_map do |transformation|
      [[javax.crypto.Cipher::ENCRYPT_MODE, pair.public_key], [javax.crypto.Cipher::ENCRYPT_MODE, pair.private_key],
       [javax.crypto.Cipher::DECRYPT_MODE, pair.private_key]].map do |mode, key|
        role = key.is_a?(java.security.PrivateKey) ? "private key" : "public key"
        ["#{transformation} #{mode == javax.crypto.Cipher::ENCRYPT_MODE ? 'encrypt' : 'decrypt'} with #{role} after input past the limit",
         cipher_state_script(transformation, mode, key)]
      end
    end
  end

  def self.cipher_state_script(transformation, mode, key)
    pair = rsa2048
    k = modulus_bytes(pair)
    decrypting = mode == javax.crypto.Cipher::DECRYPT_MODE
    plain = "\x01".b * 10
    input = decrypting ? jdk_ciphertext(transformation, nil, pair) : plain
    randomized = !decrypting && key.is_a?(java.security.PublicKey) && !transformation.include?("NoPadding")
    check = decryption_check(transformation, nil, pair.private_key, plain)
    lambda do |jca, s|
      final = ->(label, &block) { randomized ? s.going_on { s.randomized(label, check, &block) } : s.attempt(label, &block) }
      cipher = started(jca, s, transformation, mode, key, nil)
      s.attempt("doFinal past the limit") { cipher.doFinal(bytes("\x01".b * (k + 1))) }
      final.call("doFinal") { cipher.doFinal(bytes(input)) }
      s.attempt("doFinal into an array") { cipher.doFinal(bytes(input), 0, input.bytesize, Java::byte[k].new, 0) }
      s.call("init again") { init(cipher, mode, key, nil) }
      final.call("doFinal after init") { cipher.doFinal(bytes(input)) }
      s.call("update past the limit") { cipher.update(bytes("\x01".b * (k + 1))) }
      final.call("doFinal after an update past the limit") { cipher.doFinal(bytes(input)) }
      s.call("init after that") { init(cipher, mode, key, nil) }
      s.call("update") { cipher.update(bytes(input)) }
      s.attempt("doFinal into too small an array") { cipher.doFinal(Java::byte[0].new, 0, 0, Java::byte[5].new, 0) }
      final.call("doFinal of what was given") { cipher.doFinal }
    end
  end

  def self.reuse_scripts
    pss_state_scripts + refused_init_scripts + cipher_state_scripts
  end

  # NONEwithRSA, which the JCA makes of the first provider's RSA/ECB/PKCS1Padding cipher on Java 17
  # (SunJCE has its own since Java 21), reused after data past its limit. The JCA's choice only:
  # by name, SunRsaSign has none, and the provider offers none on Java 21 and later.
  def self.none_with_rsa_scripts
    pair = rsa2048
    signature = String.from_java_bytes(jdk_encryption("RSA/ECB/PKCS1Padding", nil, pair.private_key, PARITY_DATA))
    [["NONEwithRSA reused after data past its limit", lambda do |jca, s|
      signer = s.call("getInstance") { jca.signature("NONEwithRSA") }
      s.call("initSign") { signer.initSign(pair.private_key) }
      s.call("update past the limit") { signer.update(bytes("\x01".b * 246)) }
      s.attempt("sign") { signer.sign }
      s.attempt("sign again") { signer.sign }
      s.call("update") { signer.update(bytes(PARITY_DATA)) }
      s.attempt("sign after an update") { signer.sign }
      s.call("initSign again") { signer.initSign(pair.private_key) }
      s.call("update after initSign") { signer.update(bytes(PARITY_DATA)) }
      s.attempt("sign after initSign") { signer.sign }
      s.call("initVerify") { signer.initVerify(pair.public_key) }
      s.call("update to verify") { signer.update(bytes(PARITY_DATA)) }
      s.attempt("verify a signature past the limit") { signer.verify(bytes("\x01".b * 257)) }
      s.call("update to verify again") { signer.update(bytes(PARITY_DATA)) }
      s.attempt("verify") { signer.verify(bytes(signature)) }
    end]]
  end

  # The scripts every selection runs; getInstance of every name, and NONEwithRSA, only where the JCA
  # chooses (by name, the provider offers some of SunRsaSign's signatures only, and says so with its own name).
  def self.scripts(selection)
    @scripts ||= pkcs1_signature_scripts + pss_scripts + cipher_scripts + wrap_scripts + reuse_scripts
    @jca_choice_scripts ||= get_instance_scripts + none_with_rsa_scripts
    selection.signature_provider ? @scripts : @jca_choice_scripts + @scripts
  end

  # Every script's outcomes under one selection (the provider installed or not, as it says).
  def outcomes_under(selection)
    FastRsaEngine.uninstall_provider
    FastRsaEngine.install_provider if selection.provider_installed
    self.class.scripts(selection).to_h { |label, script| [label, JcaScript.run { |s| script.call(selection, s) }] }
  ensure
    FastRsaEngine.uninstall_provider
  end

  # Every operation the provider computes itself, each of which the scripts reach.
  PROVIDER_OPERATIONS = %i[provider_private_decrypt provider_private_encrypt provider_public_decrypt provider_public_encrypt
                           provider_sign provider_sign_pss provider_verify provider_verify_pss].freeze

  def provider_operations
    FastRsaEngine.stats[:calls].select { |name, counts| name.to_s.start_with?("provider_") && counts.values.sum.positive? }.keys.sort
  end

  # A few differences of each kind of script (its first two words), so that one kind does not hide the others.
  def some_of_each_kind(found)
    found.group_by { |difference| difference.split(" ").first(2) }.values.flat_map { |kind| kind.first(3) }.first(60)
  end

  def differences(jdk, ours)
    jdk.filter_map do |label, calls|
      next if ours[label] == calls

      "#{label}\n    JDK:      #{calls.inspect}\n    provider: #{ours[label].inspect}"
    end
  end

  it "offers only what the JDK offers: each of its services is the JDK's, with the JDK's aliases and attributes" do
    FastRsaEngine.install_provider
    ours = java.security.Security.getProvider("FastRsaEngine")
    jdk = [java.security.Security.getProvider("SunRsaSign"), java.security.Security.getProvider("SunJCE")]
    entries = lambda do |provider, services|
      provider.keySet.map(&:to_s).reject { |key| key.start_with?("Provider.") }.filter_map do |key|
        value = provider.getProperty(key)
        name = key[/\AAlg\.Alias\.[^.]+\.(.+)\z/, 1] ? value : key[/\A[^.]+\.([^ ]+)/, 1]
        next unless services.include?(name)

        key.match?(/\A[^.]+\.[^ ]+\z/) && !key.start_with?("Alg.Alias.") ? [key, :implementation] : [key, value]
      end.sort
    end
    names = ours.getServices.map(&:getAlgorithm)
    expect(entries.call(ours, names)).to eq(jdk.flat_map { |provider| entries.call(provider, names) }.select { |key, _| key.match?(/\A(Alg\.Alias\.)?(Signature|Cipher)\./) }.sort)
  ensure
    FastRsaEngine.uninstall_provider
  end

  # By name under every backend (the bytes are each engine's); the JCA's choice, which adds which
  # names and keys reach the provider at all, under one.
  (Backends.native + [:stock]).each_with_index do |backend, index|
    SELECTIONS.each do |how, (jdk_selection, our_selection)|
      next if index.positive? && !our_selection.signature_provider

      it "#{backend} backend, #{how}: every call answers as the JDK's, at the same call" do
        Backends.with(backend) do
          jdk = PARITY_JDK_OUTCOMES[how] ||= outcomes_under(jdk_selection) # the same under every backend
          FastRsaEngine.reset_stats
          ours = outcomes_under(our_selection)
          found = differences(jdk, ours)
          expect(found).to be_empty, "#{found.size} of #{jdk.size} scripts differ; some of each kind:\n#{some_of_each_kind(found).join("\n")}"
          expect(provider_operations).to eq(PROVIDER_OPERATIONS) # the provider's engine answered, not only the JDK's twin
        end
      end
    end
  end
end
