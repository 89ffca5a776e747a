# frozen_string_literal: true

# MRI's PKey#encrypt and #decrypt hand each option to OpenSSL 3.0's EVP_PKEY_CTX_ctrl_str, which
# takes more than the documented spellings: every name of a digest ("SHA-256", "SHA2-256", OIDs,
# "SHA-512/256", SHAKE, SM3, BLAKE2...), the provider's own parameter names ("digest", "pad-mode",
# "oaep-label"...), "oeap" for "oaep", keys in any case. Here MRI, in a process beside, encrypts and
# decrypts with each spelling: JRuby opens MRI's ciphertexts, MRI opens JRuby's, and every refusal
# is MRI's, class and message.
RSpec.describe "PKey#encrypt and #decrypt option spellings, against MRI", jruby: true do
  fixture = ReferenceFixtures.key("rsa2048_e65537")
  message = "option spellings"
  oaep = %w[rsa_padding_mode oaep]

  digest_names = %w[
    SHA256 sha256 SHA-256 sha-256 SHA2-256 2.16.840.1.101.3.4.2.1 SHA-1 sha-1 SSL3-SHA1 1.3.14.3.2.26
    SHA224 SHA-224 SHA2-224 SHA384 SHA-384 sha2-384 SHA512 SHA-512 SHA2-512 2.16.840.1.101.3.4.2.3
    SHA512-224 SHA-512/224 SHA2-512/224 2.16.840.1.101.3.4.2.5 SHA512-256 SHA-512/256 sha2-512/256 2.16.840.1.101.3.4.2.6
    SHA3-224 sha3-256 SHA3-384 SHA3-512 2.16.840.1.101.3.4.2.8 MD5 SSL3-MD5 1.2.840.113549.2.5
    RIPEMD160 RIPEMD-160 ripemd RMD160 1.3.36.3.2.1 MD5-SHA1 SM3 1.2.156.10197.1.401
    BLAKE2b512 BLAKE2B-512 BLAKE2s256 blake2s-256 1.3.6.1.4.1.1722.12.2.1.16 SHAKE128 SHAKE-128 SHAKE256 shake-256
    2.16.840.1.101.3.4.2.11 KECCAK-KMAC-128 KECCAK-KMAC256 NULL
    RSA-SHA256 sha256WithRSAEncryption SHA512/256 MD4 whirlpool bogus
  ] + ["", "a" * 49, "a" * 50, "é", "a\"b\\c\u0001"]

  # Each case: the option pairs, in order, as MriCalls.value reads them.
  cases = digest_names.map { |name| [oaep, ["rsa_oaep_md", name]] } + [
    [oaep, %w[rsa_mgf1_md SHA-256]], [oaep, %w[rsa_mgf1_md SHAKE128]], [oaep, %w[rsa_oaep_md SHA-512/256], %w[rsa_mgf1_md sha-1]],
    [oaep, %w[mgf1-digest SHA2-512]], [oaep, %w[rsa_mgf1_md RSA-SHA1]], [oaep, %w[mgf1-digest bogus]],
    [oaep, %w[digest SHA256]], [oaep, %w[digest SHA-512/256], %w[rsa_mgf1_md SHA1]], [oaep, %w[rsa_mgf1_md SHA512], %w[digest SM3]],
    [oaep, %w[rsa_oaep_md SHA256], %w[digest SHA384]], [oaep, %w[DIGEST SHA256]], [oaep, %w[digest bogus]], [%w[digest SHA256]],
    [%w[rsa_padding_mode oeap]], [%w[pad-mode oaep]], [%w[pad-mode oeap]], [%w[pad-mode pkcs1]], [%w[pad-mode none]],
    [%w[rsa_padding_mode bogus], %w[pad-mode oaep]], [%w[pad-mode bogus], oaep], [%w[PAD-MODE oaep]],
    [%w[RSA_PADDING_MODE oaep]], [oaep, %w[Rsa_Oaep_Md SHA256]], [%w[rsa_padding_mode OAEP]], [%w[rsa_padding_mode x931]],
    [%w[rsa_padding_mode pss]], [%w[rsa_padding_mode 4]], [%w[rsa_padding_mode] + [""]], [%w[rsa_padding_mode none]],
    [oaep, %w[rsa_oaep_label 0a0b]], [oaep, %w[rsa_oaep_label 0a::0b]], [oaep, %w[hexoaep-label 0a:0b:]], [oaep, %w[rsa_oaep_label 0a:0b]], [oaep, %w[rsa_oaep_label zz]],
    [oaep, %w[rsa_oaep_label 61z]], [oaep, ["rsa_oaep_label", ""]], [oaep, %w[oaep-label abc]], [oaep, %w[hexoaep-label 616263]],
    [oaep, %w[hexoaep-label 6z]], [oaep, %w[HEXOAEP-LABEL 616263]], [%w[rsa_padding_mode pkcs1], %w[rsa_oaep_label zz]],
    [oaep, %w[tls-client-version 771]], [oaep, %w[tls-client-version 0x303]], [oaep, %w[tls-client-version 1abc]],
    [oaep, %w[tls-client-version -0]], [oaep, %w[tls-client-version -1]], [oaep, %w[tls-client-version abc]],
    [oaep, ["tls-client-version", ""]], [oaep, %w[tls-client-version 4294967295]], [oaep, %w[tls-client-version 4294967296]],
    [oaep, %w[hextls-client-version 0303]], [oaep, %w[tls-negotiated-version 771]], [oaep, %w[digest-props provider=default]],
    [oaep, %w[hexdigest 5348]], [oaep, %w[hexpad-mode 6f]], [oaep, %w[mgf1-digest-props x]], [oaep, %w[x y]],
    [oaep, %w[rsa_pss_saltlen 20]], [%w[rsa_padding_mode pkcs1], %w[rsa_oaep_md NULL]],
    [[%w[sym rsa_padding_mode], %w[sym oaep]], [%w[sym rsa_oaep_md], %w[sym SHA-256]]], [["rsa_padding_mode", ["int", 4]]],
    [["rsa_padding_mode", ["nil"]]], [[["int", 1], "x"]], [[["nil"], "x"]], [["rsa_pad\u0000ding_mode", "oaep"]],
    [["rsa_padding_mode", "oa\u0000ep"]], [[["int", 1], "a\u0000"]]
  ]

  # MRI encrypts with each case, and decrypts its own ciphertext, a fixed OAEP one (for the errors
  # of cases it cannot encrypt with) and JRuby's; each answer is {"hex"} or {"raised", "message"}.
  script = <<~RUBY
    require #{MriCalls::PATH.inspect}
    input = JSON.parse($stdin.read)
    key = OpenSSL::PKey::RSA.new(input["pem"])
    fixed = key.encrypt(input["message"], "rsa_padding_mode" => "oaep")
    answers = input["cases"].zip(input["jruby"]).map do |pairs, jruby|
      options = MriCalls.options(pairs)
      own = MriCalls.answer { key.encrypt(input["message"], options) }
      { "encrypt" => own,
        "decrypt_own" => own["hex"] && MriCalls.answer { key.decrypt([own["hex"]].pack("H*"), options) },
        "decrypt_fixed" => MriCalls.answer { key.decrypt(fixed, options) },
        "decrypt_jruby" => jruby && MriCalls.answer { key.decrypt([jruby].pack("H*"), options) } }
    end
    puts JSON.generate("fixed" => fixed.unpack1("H*"), "answers" => answers)
  RUBY

  def expect_as_mri(jruby, mri, what)
    if mri["raised"]
      expect(jruby).to eq(mri), "#{what}: MRI raised #{mri['raised']}: #{mri['message']}"
    else
      expect(jruby["raised"]).to be_nil, "#{what}: MRI answered, JRuby raised #{jruby['raised']}: #{jruby['message']}"
    end
  end

  Backends.native.each do |backend|
    context "with the #{backend} backend" do
      around { |example| Backends.with(backend) { example.run } }

      before(:all) do
        Backends.with(backend) do
          key = fixture.private_key
          @jruby_encrypted = cases.map { |pairs| MriCalls.answer { key.encrypt(message, MriCalls.options(pairs)) } }
        end
        @mri = MRI.run(script, "pem" => fixture.pem, "message" => message, "cases" => cases, "jruby" => @jruby_encrypted.map { |o| o["hex"] })
      end

      it "reads #{cases.size} option spellings as MRI does" do
        key = fixture.private_key
        fixed = MRI.bytes(@mri.fetch("fixed"))
        plaintext = { "hex" => MRI.hex(message) }
        aggregate_failures do
          cases.zip(@mri.fetch("answers"), @jruby_encrypted).each do |pairs, mri, jruby_encrypted|
            options = MriCalls.options(pairs)
            what = options.inspect
            expect_as_mri(jruby_encrypted, mri["encrypt"], "encrypt #{what}")
            expect(mri["decrypt_jruby"]).to eq(plaintext), "MRI decrypting JRuby's ciphertext #{what}" if jruby_encrypted["hex"]
            if (ciphertext = mri["encrypt"]["hex"])
              expect(MriCalls.answer { key.decrypt(MRI.bytes(ciphertext), options) }).to eq(mri["decrypt_own"]), "decrypt MRI's ciphertext #{what}"
            end
            expect(MriCalls.answer { key.decrypt(fixed, options) }).to eq(mri["decrypt_fixed"]), "decrypt a fixed OAEP ciphertext #{what}"
          end
        end
      end
    end
  end

  # MRI never returns here: OpenSSL's MGF1 loops forever on a digest with no output. The engine
  # refuses it, as OpenSSL refuses that digest for OAEP itself, within a bound.
  Backends.native.each do |backend|
    it "with the #{backend} backend, refuses MGF1 with the NULL digest, where MRI never returns" do
      key = fixture.private_key
      options = { "rsa_padding_mode" => "oaep", "rsa_mgf1_md" => "NULL" }
      ciphertext = key.public_encrypt(message, OpenSSL::PKey::RSA::PKCS1_OAEP_PADDING)
      calls = Thread.new { Backends.with(backend) { [Outcome.of { key.encrypt(message, options) }, Outcome.of { key.decrypt(ciphertext, options) }] } }
      encrypted, decrypted = calls.join(10)&.value
      expect(encrypted).not_to be_nil, "no answer within 10 seconds"
      expect([encrypted.error_class, encrypted.message]).to eq([OpenSSL::PKey::PKeyError, "EVP_PKEY_encrypt: invalid length"])
      expect([decrypted.error_class, decrypted.message]).to eq([OpenSSL::PKey::PKeyError, "EVP_PKEY_decrypt"])
    end
  end
end
