# frozen_string_literal: true

# Which digest a signature is made with. A digest argument names it in any spelling MRI's OpenSSL
# takes ("SHA-256", "sha256WithRSAEncryption", an OID), where stock refuses all but its own; and an
# OpenSSL::Digest is read by its algorithm, as stock and MRI read it, never by Ruby methods a
# subclass may override. Every signature is compared with MRI's, made in a process beside.
RSpec.describe "Digest names and OpenSSL::Digest objects", jruby: true do
  fixture = ReferenceFixtures.key("rsa2048_e65537")
  message = ReferenceFixtures.message("fox")

  # MRI signs these; stock refuses most of them (PKeyError: ...WITHRSA Signature not available).
  signing_names = %w[
    SHA256 sha256 SHA-256 sha-256 SHA2-256 2.16.840.1.101.3.4.2.1 RSA-SHA256 sha256WithRSAEncryption 1.2.840.113549.1.1.11
    SHA1 SHA-1 ssl3-sha1 1.3.14.3.2.26 RSA-SHA1 RSA-SHA1-2 sha1WithRSA SHA224 SHA2-224 SHA384 SHA-384 SHA512 sha2-512
    SHA512-224 SHA-512/224 SHA512-256 SHA-512/256 SHA2-512/256 RSA-SHA512/256 sha512-256WithRSAEncryption 2.16.840.1.101.3.4.2.6
    SHA3-224 sha3-256 RSA-SHA3-384 id-rsassa-pkcs1-v1_5-with-sha3-512 2.16.840.1.101.3.4.3.14 MD5 ssl3-md5 md5WithRSAEncryption
    RIPEMD160 ripemd rmd160 RIPEMD-160 ripemd160WithRSA 1.3.36.3.3.1.2 MD5-SHA1 md5-sha1
  ]
  # MRI refuses these; the engine leaves them to stock, which refuses or answers as it always has.
  other_names = %w[SM3 BLAKE2b512 SHAKE128 SHAKE-256 KECCAK-KMAC-128 NULL SHA512/256 MD4 bogus]

  script = <<~RUBY
    require #{MriCalls::PATH.inspect}
    input = JSON.parse($stdin.read)
    key = OpenSSL::PKey::RSA.new(input["pem"])
    message = [input["message"]].pack("H*")
    answers = input["names"].to_h do |name|
      hash = (OpenSSL::Digest.digest(name, message) rescue "")
      signed = MriCalls.answer { key.sign(name, message) }
      [name, { "hash" => hash.unpack1("H*"), "sign" => signed, "sign_raw" => MriCalls.answer { key.sign_raw(name, hash) } }]
    end
    puts JSON.generate(answers)
  RUBY

  def stock_answer(&call)
    Backends.with(:stock) { MriCalls.answer(&call) }
  end

  before(:all) do
    @mri = MRI.run(script, "pem" => fixture.pem, "message" => MRI.hex(message), "names" => signing_names + other_names)
  end

  # Subclasses whose Ruby methods lie or fail: MRI and stock never call them.
  let(:lying_digest) { Class.new(OpenSSL::Digest) { def name = "SHA1" } }
  let(:failing_digest) { Class.new(OpenSSL::Digest) { def name = raise("name called") } }

  each_native_backend do
    let(:key) { fixture.private_key }
    let(:public_key) { fixture.public_key }
    let(:mri_signature) { fixture.signature("SHA256", "fox") }
    let(:hash) { OpenSSL::Digest.digest("SHA256", message) }

    it "signs #{signing_names.size} spellings of digests as MRI does, and verifies MRI's signatures with them", needs: MissingMethods::ONE_FIFTEEN_LACKS do
      aggregate_failures do
        signing_names.each do |name|
          mri = @mri.fetch(name)
          expect(MriCalls.answer { key.sign(name, message) }).to eq(mri["sign"]), "sign(#{name.inspect})"
          expect(MriCalls.answer { key.sign_raw(name, MRI.bytes(mri["hash"])) }).to eq(mri["sign_raw"]), "sign_raw(#{name.inspect})"
          expect(public_key.verify(name, MRI.bytes(mri["sign"]["hex"]), message)).to be(true), "verify(#{name.inspect})"
        end
      end
    end

    it "leaves digests MRI refuses to sign with to stock, as before" do
      aggregate_failures do
        other_names.each do |name|
          expect(@mri.fetch(name)["sign"]).to include("raised")
          expect(MriCalls.answer { key.sign(name, message) }).to eq(stock_answer { key.sign(name, message) }), "sign(#{name.inspect})"
        end
      end
    end

    it "signs with an OpenSSL::Digest by its algorithm, not by a name method a subclass overrides", needs: MissingMethods::ONE_FIFTEEN_LACKS do
      expect(key.sign(lying_digest.new("SHA256"), message)).to eq(mri_signature)
      expect(key.sign(failing_digest.new("SHA256"), message)).to eq(mri_signature)
      expect(key.sign(OpenSSL::Digest.new("SHA-256"), message)).to eq(mri_signature)
      expect(key.sign_raw(lying_digest.new("SHA256"), hash)).to eq(mri_signature)
    end

    it "verifies with an OpenSSL::Digest by its algorithm", needs: MissingMethods::ONE_FIFTEEN_LACKS do
      expect(public_key.verify(lying_digest.new("SHA256"), mri_signature, message)).to be(true)
      expect(public_key.verify(failing_digest.new("SHA256"), mri_signature, message)).to be(true)
      expect(public_key.verify_raw(lying_digest.new("SHA256"), mri_signature, hash)).to be(true)
    end

    it "takes sign_pss's and verify_pss's mgf1_hash as an OpenSSL::Digest by its algorithm" do
      signature = key.sign_pss("SHA256", message, salt_length: :digest, mgf1_hash: lying_digest.new("SHA256"))
      expect(public_key.verify_pss("SHA256", signature, message, salt_length: :digest, mgf1_hash: "SHA256")).to be(true)
      expect(public_key.verify_pss("SHA256", signature, message, salt_length: :digest, mgf1_hash: failing_digest.new("SHA256"))).to be(true)
      expect(public_key.verify_pss("SHA256", signature, message, salt_length: :digest, mgf1_hash: lying_digest.new("SHA1"))).to be(false)
    end
  end
end
