# frozen_string_literal: true

# The structure methods with bad arguments where stock jruby-openssl fails in Java (a cast, a
# NullPointerException, Bouncy Castle refusing a block): the gem raises MRI's error for the
# structure, class and message, not a Java exception nor RSA's error (every structure method's
# Ruby frame is named "sign" or "decrypt", as RSA's are). Each call also runs in MRI, in a
# process beside, with the same keys; found by the fuzzer (spec/fuzz/structure_calls.rb).
RSpec.describe "Structure methods' errors where stock fails in Java", jruby: true do
  fixture = ReferenceFixtures.key("rsa2048_e65537")
  other_fixture = ReferenceFixtures.key("rsa1024_e65537")

  # Ruby source run in JRuby and MRI, with key and other (another key), cert (key's, signed),
  # unsigned (key's, never signed) and envelope (to cert). Stock leaks each as a Java exception,
  # or as its own error in Java's words.
  calls = [
    'OpenSSL::PKCS7.sign(unsigned, key, "data", [], OpenSSL::PKCS7::BINARY).to_der',
    'OpenSSL::OCSP::BasicResponse.new.sign(unsigned, key, [], 0, OpenSSL::Digest.new("SHA256")).to_der',
    'OpenSSL::PKCS7.sign(nil, key, "data")',
    'OpenSSL::PKCS7.sign(cert, key, "data", "text")',
    "OpenSSL::OCSP::BasicResponse.new.sign(nil, key)",
    'OpenSSL::OCSP::BasicResponse.new.sign(cert, key, "text", 0, OpenSSL::Digest.new("SHA256"))',
    'envelope.decrypt(key, "text")',
    "envelope.decrypt(nil)",
    "envelope.decrypt(key.public_key, cert)",
    # Arguments MRI refuses and stock checks otherwise: MRI's error for the first in MRI's order.
    'Structures.crl(key).sign(key, "DSS1")', # stock's message carries the private key's PEM
    'OpenSSL::OCSP::BasicResponse.new.sign(cert, key, [], 0, "NOPE")',
    'OpenSSL::OCSP::Request.new.sign("text", key, 1.5, 2**40, "NOPE")',
    'OpenSSL::OCSP::Request.new.sign(cert, key, 1.5, 2**40, 12)',
    'OpenSSL::PKCS7.sign(cert, key, "data", [nil])',
    'OpenSSL::PKCS7.sign(cert, key.public_key, 12, "text", 2**40)',
    "envelope.decrypt(key, nil, 2**40)",
    # Argument counts: stock's and MRI's ArgumentError, not a TypeError for a missing key.
    "OpenSSL::OCSP::Request.new.sign(1)",
    "OpenSSL::OCSP::Request.new.sign",
    "OpenSSL::OCSP::BasicResponse.new.sign(1)",
    "OpenSSL::PKCS7.sign(1)",
    "envelope.decrypt",
    "OpenSSL::PKCS7.new.decrypt(key, cert)", # no content: stock fails with a NullPointerException
    'OpenSSL::X509::Request.new.sign(key, "SHA256")' # no public key: a NullPointerException's words
  ]
  # Calls MRI answers where stock fails in Java: the same answer.
  answered = [
    "envelope.decrypt(key, nil)",
    "envelope.decrypt(key, nil, 0)",
    'OpenSSL::OCSP::Request.new(OpenSSL::OCSP::Request.new.tap { |r| r.add_certid(OpenSSL::OCSP::CertificateId.new(cert, cert)) }' \
    '.sign(cert, key, [], 0, "SHA384").to_der).verify([cert], OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }, OpenSSL::OCSP::TRUSTOTHER)'
  ]

  script = <<~RUBY
    require #{MriCalls::PATH.inspect}
    require #{File.expand_path('../support/structures.rb', __dir__).inspect}
    input = JSON.parse($stdin.read)
    key = OpenSSL::PKey::RSA.new(input["key"])
    other = OpenSSL::PKey::RSA.new(input["other"])
    cert = Structures.signer(key)
    unsigned = Structures.unsigned_certificate(key, extensions: false)
    envelope = OpenSSL::PKCS7.new([input["envelope"]].pack("H*"))
    puts JSON.generate(input["calls"].map { |call| MriCalls.answer { eval(call) } })
  RUBY

  before(:all) do
    cert = Structures.signer(fixture.private_key)
    @envelope = OpenSSL::PKCS7.encrypt([cert], "x", OpenSSL::Cipher.new("AES-128-CBC"), OpenSSL::PKCS7::BINARY).to_der
    @mri = MRI.run(script, "key" => fixture.pem, "other" => other_fixture.pem, "envelope" => MRI.hex(@envelope), "calls" => calls + answered)
  end

  Backends.all.each do |backend|
    context "with the #{backend} backend" do
      around { |example| Backends.with(backend) { example.run } }

      # MRI's OpenSSL answers another key's envelope, with no certificate, by deciphering with a
      # random key (its defence against padding oracles): mostly "bad decrypt", but one time in
      # about 256 the random key's padding checks and it returns random bytes. So MRI is not asked,
      # and the gem, which opens it as OpenSSL does, may return random bytes too (never "x").
      it "raises MRI's usual error for another key's envelope, or returns random bytes as OpenSSL" do
        outcome = Outcome.of { OpenSSL::PKCS7.new(@envelope).decrypt(other_fixture.private_key) }
        expect(Structures.bad_decrypt_or_random?(outcome, "x")).to be(true), outcome.to_s
      end

      # Stock makes a signer with no signature for NOATTR (to_der then fails in Java); OpenSSL signs
      # the content's digest. MRI verifies what the gem signed, with every flag that keeps content.
      it "signs with PKCS7::NOATTR as OpenSSL does" do
        key = fixture.private_key
        cert = Structures.signer(key)
        flags = [0, OpenSSL::PKCS7::TEXT, OpenSSL::PKCS7::NOCERTS, OpenSSL::PKCS7::BINARY].map { |f| f | OpenSSL::PKCS7::NOATTR }
        signed = flags.map { |f| MRI.hex(OpenSSL::PKCS7.sign(cert, key, "da ta \nx\n", [], f).to_der) }
        verified = MRI.run(<<~RUBY, "cert" => cert.to_pem, "signed" => signed)
          input = JSON.parse($stdin.read)
          cert = OpenSSL::X509::Certificate.new(input["cert"])
          store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
          puts JSON.generate(input["signed"].map { |hex| OpenSSL::PKCS7.new([hex].pack("H*")).verify([cert], store, nil, OpenSSL::PKCS7::NOVERIFY) })
        RUBY
        expect(verified).to eq([true] * flags.size)
      end

      # With PKCS7::STREAM, OpenSSL leaves the structure unsigned for write_smime to sign as it
      # writes, and stock makes a signer with no signature (to_der and write_smime fail in Java): the
      # gem signs at once. MRI verifies the S/MIME written, as its own, and the DER.
      it "signs with PKCS7::STREAM at once: what to_der and write_smime give MRI verifies" do
        key = fixture.private_key
        cert = Structures.signer(key)
        stream = 0x1000 # OpenSSL's PKCS7_STREAM: MRI names no constant for it
        flags = [0, OpenSSL::PKCS7::NOATTR, OpenSSL::PKCS7::BINARY, OpenSSL::PKCS7::DETACHED].map { |f| f | stream }
        signed = flags.map { |f| OpenSSL::PKCS7.sign(cert, key, "da ta \nx\n", [], f) }
        smime = signed.zip(flags).map { |p7, f| OpenSSL::PKCS7.write_smime(p7, "da ta \nx\n", f) }
        der = signed.first(3).map { |p7| MRI.hex(p7.to_der) } # the detached one holds no content to verify
        verified = MRI.run(<<~RUBY, "cert" => cert.to_pem, "smime" => smime, "der" => der)
          input = JSON.parse($stdin.read)
          cert = OpenSSL::X509::Certificate.new(input["cert"])
          store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
          smime = input["smime"].map { |text| OpenSSL::PKCS7.read_smime(text).verify([cert], store, nil, OpenSSL::PKCS7::NOVERIFY) }
          der = input["der"].map { |hex| OpenSSL::PKCS7.new([hex].pack("H*")).verify([cert], store, nil, OpenSSL::PKCS7::NOVERIFY) }
          puts JSON.generate(smime + der)
        RUBY
        expect(verified).to eq([true] * (flags.size + 3))
      end

      # OpenSSL opens a recipient's key block that is not well padded to a random content key (its
      # defence against Bleichenbacher's attack): the content then fails to decrypt, "bad decrypt",
      # as for a well-padded wrong key, or (about one time in 256) deciphers to random bytes.
      # Stock raised another error for the bad padding: an oracle.
      it "opens a badly padded content key as OpenSSL does: no other error than for a wrong key" do
        key = fixture.private_key
        der = OpenSSL::PKCS7.encrypt([Structures.signer(key)], "x", OpenSSL::Cipher.new("AES-128-CBC"), OpenSSL::PKCS7::BINARY).to_der
        block = ([0, 3] + [0xff] * (key.n.num_bytes - 2)).pack("C*") # type 3: no PKCS#1 encryption block
        encrypted = find_octets(OpenSSL::ASN1.decode(der), key.n.num_bytes)
        tampered = der.sub(encrypted, key.public_encrypt(block, OpenSSL::PKey::RSA::NO_PADDING))
        answer = MriCalls.answer { OpenSSL::PKCS7.new(tampered).decrypt(key) }
        expect(answer).to eq("raised" => "OpenSSL::PKCS7::PKCS7Error", "message" => "bad decrypt").or(include("hex"))
        expect(answer["hex"]).not_to eq(MRI.hex("x")) if answer.key?("hex")
      end

      def find_octets(value, size)
        return value.value if value.is_a?(OpenSSL::ASN1::OctetString) && value.value.bytesize == size
        return nil unless value.value.is_a?(Array)

        value.value.lazy.map { |element| find_octets(element, size) }.find(&:itself)
      end

      # Stock refuses an RSA key with JRuby's DSS1 digest (OpenSSL 3 has none: MRI cannot make it)
      # and a DSA key with MD5 in words that hold the key's PEM, private key included.
      # (DIFFERENCES.md: key-in-message.)
      it "names a key stock refuses for a digest by its algorithm, never by its PEM" do
        key = fixture.private_key
        dsa = OpenSSL::PKey::DSA.new(1024)
        expect { Structures.crl(key, OpenSSL::Digest.new("DSS1")) }
          .to raise_error(OpenSSL::X509::CRLError, "unsupported key / digest algorithm (RSA / SHA1)")
        expect { Structures.crl(dsa, "MD5") }.to raise_error(OpenSSL::X509::CRLError, "unsupported key / digest algorithm (DSA / MD5)")
      end

      it "raises MRI's error, class and message, or answers as MRI" do
        key = fixture.private_key
        other = other_fixture.private_key
        cert = Structures.signer(key)
        unsigned = Structures.unsigned_certificate(key, extensions: false)
        envelope = OpenSSL::PKCS7.new(@envelope)
        aggregate_failures do
          (calls + answered).zip(@mri).each do |call, mri|
            expect(mri.key?("raised")).to be(calls.include?(call)), "#{call}: MRI answered #{mri}"
            # Ruby 3.4 (JRuby 10) quotes a C type as 'int', Ruby 3.1 (MRI here, JRuby 9.4) as `int'.
            quoted_alike = ->(answer) { answer.transform_values { |v| v.is_a?(String) ? v.tr("`", "'") : v } }
            expect(quoted_alike.(MriCalls.answer { eval(call) })).to eq(quoted_alike.(mri)), call # rubocop:disable Security/Eval
          end
        end
      end

      # A CSR without a public key gets MRI's error, not RSA's words for an EC key. A CRL whose issuer
      # was never set reads it as MRI's does (the empty Name); MRI signs it, and so does stock once
      # it is read, where its Bouncy Castle builds one (1.84 and older: the same DER as MRI's), else
      # stock's own CRLError, never a NullPointerException nor an RSA error. (DIFFERENCES.md: java-exception.)
      it "answers a CSR without a public key, and a CRL without an issuer, as MRI or with stock's own error" do
        made = <<~'RUBY'
          input = JSON.parse($stdin.read)
          key = OpenSSL::PKey::RSA.new(input["key"])
          crl = OpenSSL::X509::CRL.new.tap { |c| c.version = 1; c.last_update = Time.at(0); c.next_update = Time.at(1) }
          csr = MriCalls.answer { OpenSSL::X509::Request.new.sign(OpenSSL::PKey::EC.generate("prime256v1"), "SHA256") }
          puts JSON.generate([csr, MriCalls.answer { crl.sign(key, "SHA256").to_der }, crl.issuer.to_s, crl.issuer.to_der.unpack1("H*")])
        RUBY
        mri = MRI.run("require #{MriCalls::PATH.inspect}\n#{made}", "key" => fixture.pem)
        ec = OpenSSL::PKey::EC.generate("prime256v1")
        expect(MriCalls.answer { OpenSSL::X509::Request.new.sign(ec, "SHA256") }).to eq(mri[0])
        [fixture.private_key, ec].each do |key|
          crl = OpenSSL::X509::CRL.new.tap { |c| c.version = 1; c.last_update = Time.at(0); c.next_update = Time.at(1) }
          answer = MriCalls.answer { crl.sign(key, "SHA256").to_der }
          if bouncy_castle_builds_empty_issuer?
            expect(answer).to eq(mri[1]) if key.is_a?(OpenSSL::PKey::RSA) # PKCS#1 v1.5: MRI's bytes; ECDSA's are random
            expect(crl.verify(key)).to be(true)
          else
            expect(answer).to eq("raised" => "OpenSSL::X509::CRLError", "message" => "issuer is an empty distinguished name")
          end
          expect([crl.issuer.to_s, MRI.hex(crl.issuer.to_der)]).to eq(mri[2, 2])
        end
      end

      # Bouncy Castle 1.85 (JRuby 10.1's) refuses to build or read a CRL with an empty issuer; 1.84 builds it.
      def bouncy_castle_builds_empty_issuer?
        Gem::Version.new(Java::OrgBouncycastleJceProvider::BouncyCastleProvider.new.getVersionStr) < Gem::Version.new("1.85")
      end
    end
  end
end
