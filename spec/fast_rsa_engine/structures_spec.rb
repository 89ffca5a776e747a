# frozen_string_literal: true

require "open3"

# Certificates, CSRs, CRLs, OCSP messages and PKCS#7 signed data that JRuby makes through the engine verify in MRI, with
# stock's bytes; PKCS#7 envelopes MRI makes open; bad arguments get stock's errors; stats count it.
RSpec.describe "Structures signed and opened through the engine", jruby: true do
  fixture = ReferenceFixtures.key("rsa2048_e65537")
  small = ReferenceFixtures.key("rsa1024_e65537")
  message = "structures through the engine"

  # MRI reads each structure and checks it with the key: [certificate, CSR, PKCS#7] verified.
  mri_verifies = <<~'RUBY'
    input = JSON.parse($stdin.read)
    bytes = ->(hex) { [hex].pack("H*") }
    results = input.map do |entry|
      key = OpenSSL::PKey::RSA.new(entry["key"])
      cert = OpenSSL::X509::Certificate.new(bytes.(entry["certificate"]))
      store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
      p7 = OpenSSL::PKCS7.new(bytes.(entry["pkcs7"]))
      [cert.verify(key), OpenSSL::X509::Request.new(bytes.(entry["request"])).verify(key),
       p7.verify([cert], store, nil, OpenSSL::PKCS7::BINARY) && p7.data == entry["data"]]
    end
    puts JSON.generate(results)
  RUBY

  # MRI makes a certificate of serial 0 (as hiera-eyaml's fixtures are), which stock's serial
  # reads back as 1 where its JCA certificate holds 0.
  mri_serial_zero = <<~RUBY
    require #{File.expand_path('../support/structures.rb', __dir__).inspect}
    key = OpenSSL::PKey::RSA.new(JSON.parse($stdin.read)["key"])
    cert = Structures.unsigned_certificate(key, extensions: false).tap { |c| c.serial = 0 }
    puts JSON.generate(cert.sign(key, "SHA256").to_der.unpack1("H*"))
  RUBY

  # MRI encrypts to a certificate with each cipher: the envelopes' DER.
  mri_encrypts = <<~'RUBY'
    input = JSON.parse($stdin.read)
    cert = OpenSSL::X509::Certificate.new([input["certificate"]].pack("H*"))
    envelopes = input["ciphers"].map do |cipher|
      OpenSSL::PKCS7.encrypt([cert], input["data"], OpenSSL::Cipher.new(cipher), OpenSSL::PKCS7::BINARY).to_der.unpack1("H*")
    end
    puts JSON.generate(envelopes)
  RUBY

  def counts(method)
    FastRsaEngine.stats[:calls].fetch(method, {})
  end

  def structures(key, digest = "SHA256")
    [Structures.certificate(key, digest).to_der, Structures.request(key, digest).to_der]
  end

  it "are all routed at require: the start-up check ran each end to end" do
    skip "needs a native backend" if Backends.native.empty?

    expect(FastRsaEngine.info[:structures]).to eq(FastRsaEngine::StructurePatch::PATCHES.keys.to_h { |name| [name, "applied"] })
  end

  # A jruby-openssl whose X509::CRL#sign no longer reads the key through getPrivateKey (simulated:
  # it signs with a key read again from the key's PEM, which a stand-in's has no private half of):
  # the start-up check fails for that method alone, which stays stock's and signs as it always did.
  it "a structure method whose jruby-openssl insides moved stays stock's, with one warning" do
    skip "needs a native backend" if Backends.native.empty?

    script = <<~'RUBY'
      require "openssl"
      OpenSSL::X509::CRL.prepend(Module.new { def sign(key, digest) = super(OpenSSL::PKey::RSA.new(key.to_pem), digest) })
      require "fast-rsa-engine"
      key = OpenSSL::PKey::RSA.new(1024)
      crl = OpenSSL::X509::CRL.new.tap { |c| c.version = 1; c.issuer = OpenSSL::X509::Name.parse("/CN=moved"); c.last_update = Time.now; c.next_update = Time.now + 3600 }
      states = FastRsaEngine.info[:structures]
      print [states[:crl_sign][0, 6], states.except(:crl_sign).values.uniq, crl.sign(key, "SHA256").verify(key)].inspect
    RUBY
    output, warnings, = Open3.capture3({ "FAST_RSA_ENGINE" => nil }, *StockJRuby::BRIEF, "-I", File.expand_path("../../lib", __dir__), "-e", script)
    expect(output).to eq('["stock:", ["applied"], true]')
    expect(warnings.lines.grep(/fast-rsa-engine/)).to contain_exactly(a_string_starting_with("fast-rsa-engine: crl_sign stays with stock jruby-openssl"))
  end

  each_native_backend do |backend|
    before { FastRsaEngine.reset_stats }

    # Apps share one object between threads (a CSR template, a certificate re-signed). Stock signs
    # it in place, not atomically (a verify during another thread's sign may read false, with stock
    # too); the engine must never leave it half read back: no Java exception, and a good signature
    # once the signing is done.
    it "one certificate and one CSR signed by two threads at once: no error, and both verify after" do
      key = small.private_key
      cert = Structures.certificate(key)
      request = Structures.request(key)
      digest = OpenSSL::Digest.new("SHA256")
      outcomes = Array.new(2) do
        Thread.new { Array.new(40) { [Outcome.of { cert.sign(key, digest) }, Outcome.of { request.sign(key, digest) }] } }
      end.flat_map(&:value).flatten
      expect(outcomes.select(&:raised?).map(&:inspect)).to be_empty
      expect([cert.verify(key), request.verify(key)]).to eq([true, true])
    end

    %w[SHA1 SHA224 SHA256 SHA384 SHA512].each do |digest|
      it "certificate and CSR signatures with #{digest} are stock's, byte for byte" do
        key = fixture.private_key
        ours = Backends.engine_ran? { @ours = structures(key, digest) } && @ours
        expect(ours).to be_truthy
        stock = Backends.with(:stock) { structures(key, digest) }
        expect(ours).to eq(stock)
        expect(counts(:certificate_sign)).to include(engine: 1)
        expect(counts(:request_sign)).to include(engine: 1)
      end
    end

    it "a signed certificate and CSR read as stock's, and sign again" do
      key = fixture.private_key
      ours = [Structures.certificate(key), Structures.request(key)]
      stock = Backends.with(:stock) { [Structures.certificate(key), Structures.request(key)] }
      expect(ours[0].to_text).to eq(stock[0].to_text) # (jruby-openssl's CSR has no to_text)
      expect(ours.map(&:to_der)).to eq(stock.map(&:to_der))
      expect(ours[0].extensions.map(&:to_s)).to eq(stock[0].extensions.map(&:to_s))
      expect(ours.map { |object| object.sign(key, OpenSSL::Digest.new("SHA384")).to_der }).to eq(stock.map { |object| object.sign(key, OpenSSL::Digest.new("SHA384")).to_der })
    end

    it "certificates, CSRs and PKCS#7 signed data verify in MRI" do # on every line: stock's structures verify too
      entries = [fixture, small].map do |key_fixture|
        key = key_fixture.private_key
        cert = Structures.signer(key)
        p7 = OpenSSL::PKCS7.sign(cert, key, message, [cert], OpenSSL::PKCS7::BINARY)
        expect(p7.data).to eq(message)
        expect(p7.verify([cert], OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }, nil, OpenSSL::PKCS7::BINARY)).to be(true)
        { "key" => key_fixture.pem, "certificate" => MRI.hex(cert.to_der), "request" => MRI.hex(Structures.request(key).to_der),
          "pkcs7" => MRI.hex(p7.to_der), "data" => message }
      end
      expect(MRI.run(mri_verifies, entries)).to eq([[true, true, true]] * 2)
      expect(counts(:pkcs7_sign)).to include(engine: 2)
    end

    it "an OCSP basic response verifies in MRI, as stock's" do
      key = fixture.private_key
      cert = Structures.certificate(key)
      ours = Structures.ocsp_response(key, cert)
      expect(counts(:ocsp_basic_response_sign)).to include(engine: 1)
      store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
      expect(OpenSSL::OCSP::BasicResponse.new(ours).verify([cert], store, OpenSSL::OCSP::TRUSTOTHER)).to be(true)
      verified = MRI.run(<<~'RUBY', { "response" => MRI.hex(ours), "certificate" => MRI.hex(cert.to_der) })
        input = JSON.parse($stdin.read)
        cert = OpenSSL::X509::Certificate.new([input["certificate"]].pack("H*"))
        store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
        response = OpenSSL::OCSP::BasicResponse.new([input["response"]].pack("H*"))
        puts JSON.generate([response.verify([cert], store, OpenSSL::OCSP::TRUSTOTHER), response.status.size])
      RUBY
      expect(verified).to eq([true, 1])
    end

    it "a CRL and an OCSP request are stock's, byte for byte, and verify in MRI" do
      key = fixture.private_key
      cert = Structures.certificate(key)
      ours = [Structures.crl(key).to_der, Structures.ocsp_request(key, cert).to_der]
      expect(counts(:crl_sign)).to include(engine: 1)
      expect(counts(:ocsp_request_sign)).to include(engine: 1)
      expect(ours).to eq(Backends.with(:stock) { [Structures.crl(key).to_der, Structures.ocsp_request(key, cert).to_der] })
      verified = MRI.run(<<~'RUBY', { "key" => fixture.pem, "crl" => MRI.hex(ours[0]), "request" => MRI.hex(ours[1]), "certificate" => MRI.hex(cert.to_der) })
        input = JSON.parse($stdin.read)
        bytes = ->(name) { [input[name]].pack("H*") }
        cert = OpenSSL::X509::Certificate.new(bytes.("certificate"))
        store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
        crl = OpenSSL::X509::CRL.new(bytes.("crl"))
        request = OpenSSL::OCSP::Request.new(bytes.("request"))
        puts JSON.generate([crl.verify(OpenSSL::PKey::RSA.new(input["key"])), crl.revoked.map { |r| r.serial.to_i },
                            request.verify([cert], store, OpenSSL::OCSP::TRUSTOTHER), request.certid.size])
      RUBY
      expect(verified).to eq([true, [42], true, 1])
    end

    it "a signed CRL keeps the caller's revoked entries and reads as stock's, and signs again" do
      key = fixture.private_key
      crls = [Structures.crl(key), Backends.with(:stock) { Structures.crl(key) }]
      revoked = crls.map { |crl| crl.revoked.first }
      crls.each { |crl| crl.sign(key, OpenSSL::Digest.new("SHA384")) }
      expect(crls.zip(revoked).map { |crl, entry| crl.revoked.first.equal?(entry) }).to eq([true, true])
      expect(crls.map(&:to_der).uniq.size).to eq(1)
      expect(crls.map { |crl| [crl.to_text, crl.signature_algorithm, crl.extensions.map(&:to_s), crl.verify(key)] }.uniq.size).to eq(1)
      expect(crls[0].verify(key)).to be(true)
    end

    # Stock's signed attributes hold the signing time, to the second: a pair signed one after the
    # other can straddle a second, but not each of three (a wrong signature matches in none).
    it "PKCS#7 signed data is stock's, byte for byte" do
      key = fixture.private_key
      pairs = Array.new(3) { [Structures.pkcs7_signed(key, message).to_der, Backends.with(:stock) { Structures.pkcs7_signed(key, message).to_der }] }
      expect(pairs.count { |ours, stock| ours == stock }).to be >= 1
      expect(counts(:pkcs7_sign)).to include(engine: 3)
    end

    it "a detached PKCS#7 signature keeps its data, as stock's" do
      key = fixture.private_key
      p7 = Structures.pkcs7_signed(key, message, OpenSSL::PKCS7::DETACHED | OpenSSL::PKCS7::BINARY)
      expect(p7.data).to eq(message)
      store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(Structures.signer(key)) }
      expect(p7.verify([], store, message, OpenSSL::PKCS7::DETACHED | OpenSSL::PKCS7::BINARY)).to be(true)
    end

    it "PKCS#7 envelopes MRI made open, with the certificate and without" do
      key = fixture.private_key
      cert = Structures.certificate(key)
      ciphers = %w[AES-128-CBC AES-256-CBC DES-EDE3-CBC]
      envelopes = MRI.run(mri_encrypts, { "certificate" => MRI.hex(cert.to_der), "data" => message, "ciphers" => ciphers })
      envelopes.each do |hex|
        envelope = OpenSSL::PKCS7.new(MRI.bytes(hex))
        expect(Backends.engine_ran? { expect(envelope.decrypt(key, cert)).to eq(message) }).to be(true)
        expect(envelope.decrypt(key)).to eq(message)
        expect(envelope.decrypt(key, cert, 0)).to eq(message)
      end
      expect(counts(:pkcs7_decrypt)).to include(engine: 9)
    end

    # The engine deciphers these ciphers' content itself (Pkcs7Envelope#decipheredContent): every
    # length around the blocks and stock's 4,096-byte reads, every byte value, as MRI reads it out.
    it "the content of MRI's envelopes deciphers as MRI's, byte for byte, of every length" do
      key = fixture.private_key
      cert = Structures.certificate(key)
      contents = [0, 1, 15, 16, 17, 4095, 4096, 4097, 70_001].map { |size| Array.new(size) { |i| (i * 7 + size) % 256 }.pack("C*") }
      script = <<~'RUBY'
        input = JSON.parse($stdin.read)
        cert = OpenSSL::X509::Certificate.new([input["certificate"]].pack("H*"))
        key = OpenSSL::PKey::RSA.new(input["key"])
        rows = input["ciphers"].product(input["contents"]).map do |cipher, hex|
          der = OpenSSL::PKCS7.encrypt([cert], [hex].pack("H*"), OpenSSL::Cipher.new(cipher), OpenSSL::PKCS7::BINARY).to_der
          [der.unpack1("H*"), OpenSSL::PKCS7.new(der).decrypt(key, cert).unpack1("H*")]
        end
        puts JSON.generate(rows)
      RUBY
      input = { "certificate" => MRI.hex(cert.to_der), "key" => key.to_pem, "contents" => contents.map { |c| MRI.hex(c) },
                "ciphers" => %w[AES-128-CBC AES-192-CBC AES-256-CBC DES-EDE3-CBC] }
      rows = MRI.run(script, input)
      rows.each do |envelope_hex, mri_hex|
        envelope = OpenSSL::PKCS7.new(MRI.bytes(envelope_hex))
        ours = nil
        expect(Backends.engine_ran? { ours = envelope.decrypt(key, cert) }).to be(true)
        expect([ours, ours.encoding]).to eq([MRI.bytes(mri_hex), Encoding::BINARY])
      end
      stock = StockJRuby.run(<<~'RUBY', input.merge("envelopes" => rows.map(&:first)))
        input = JSON.parse($stdin.read)
        cert = OpenSSL::X509::Certificate.new([input["certificate"]].pack("H*"))
        key = OpenSSL::PKey::RSA.new(input["key"])
        puts JSON.generate(input["envelopes"].map { |hex| OpenSSL::PKCS7.new([hex].pack("H*")).decrypt(key, cert).unpack1("H*") })
      RUBY
      expect(stock).to eq(rows.map(&:last))
    end

    it "an envelope for several recipients opens with each key" do
      keys = [fixture.private_key, small.private_key]
      certs = keys.map { |key| Structures.certificate(key) }
      envelope = OpenSSL::PKCS7.encrypt(certs, message, OpenSSL::Cipher.new("AES-128-CBC"), OpenSSL::PKCS7::BINARY)
      keys.zip(certs).each { |key, cert| expect(envelope.decrypt(key, cert)).to eq(message) }
    end

    # hiera-eyaml decrypts with a certificate it builds and never signs, of the recipient's serial
    # (0 in its fixtures, which stock's serial= reads as 1): stock holds no JCA certificate for it,
    # matches no recipient to it and tries every one, as with no certificate. So does the engine.
    it "an envelope opens with a certificate never signed, as stock opens it (hiera-eyaml's decrypt)" do
      key = fixture.private_key
      envelope = OpenSSL::PKCS7.encrypt([Structures.certificate(key)], message, OpenSSL::Cipher.new("AES-256-CBC"), OpenSSL::PKCS7::BINARY)
      [envelope.recipients[0].serial, 0].each do |serial|
        built = OpenSSL::X509::Certificate.new.tap { |cert| cert.serial = serial }
        expect(Backends.engine_ran? { expect(envelope.decrypt(key, built)).to eq(message) }).to be(true)
        expect(Backends.with(:stock) { envelope.decrypt(key, built) }).to eq(message)
      end
    end

    it "an envelope to a certificate of serial 0 opens with that certificate read back (hiera-eyaml's fixtures)" do
      hex = MRI.run(mri_serial_zero, { "key" => fixture.pem })
      cert = OpenSSL::X509::Certificate.new(MRI.bytes(hex))
      envelope = OpenSSL::PKCS7.new(MRI.bytes(MRI.run(mri_encrypts, { "certificate" => hex, "data" => message, "ciphers" => ["AES-256-CBC"] }).first))
      expect(Backends.engine_ran? { expect(envelope.decrypt(fixture.private_key, cert)).to eq(message) }).to be(true)
      expect(Backends.with(:stock) { envelope.decrypt(fixture.private_key, cert) }).to eq(message)
    end

    # A recipient found as stock finds it: by the serial and the issuer of the JCA certificate the
    # Ruby one holds, which a serial= after signing does not change.
    it "a recipient is the signed certificate's, as stock finds it" do
      key = fixture.private_key
      cert = Structures.certificate(key)
      envelope = OpenSSL::PKCS7.encrypt([cert], message, OpenSSL::Cipher.new("AES-128-CBC"), OpenSSL::PKCS7::BINARY)
      changed = OpenSSL::X509::Certificate.new(cert.to_der).tap { |c| c.serial = cert.serial + 1 }
      expect(Backends.engine_ran? { expect(envelope.decrypt(key, changed)).to eq(message) }).to be(true)
      answer = lambda do |certificate|
        envelope.decrypt(key, certificate)
      rescue OpenSSL::PKCS7::PKCS7Error => e
        [e.class, e.message]
      end
      other = Structures.certificate(small.private_key)
      expect(answer.call(other)).to eq(Backends.with(:stock) { answer.call(other) })
    end

    # Each call as stock answers it with the same key: the same error class and message, or the same value.
    bad_calls = {
      "certificate sign with no digest" => ->(key) { Structures.certificate(key, nil) },
      "certificate sign with an unknown digest" => ->(key) { Structures.certificate(key, "NOPE") },
      "certificate sign with an Integer digest" => ->(key) { Structures.certificate(key, 12) },
      "certificate sign with a public key" => ->(key) { OpenSSL::X509::Certificate.new.sign(key.public_key, "SHA256") },
      "certificate sign of an empty certificate" => ->(key) { OpenSSL::X509::Certificate.new.sign(key, "SHA256").to_der },
      "CSR sign with an unknown digest" => ->(key) { Structures.request(key, "NOPE") },
      "CSR sign with no subject" => ->(key) { OpenSSL::X509::Request.new.tap { |r| r.public_key = key.public_key }.sign(key, OpenSSL::Digest.new("SHA256")).to_der },
      "OCSP response sign with no certificate" => ->(key) { OpenSSL::OCSP::BasicResponse.new.sign(nil, key) },
      "OCSP response sign with a bad digest" => ->(key) { OpenSSL::OCSP::BasicResponse.new.sign(Structures.certificate(key), key, [], 0, "NOPE") },
      "OCSP response sign with too few arguments" => ->(key) { OpenSSL::OCSP::BasicResponse.new.sign(key) },
      "PKCS7.sign with no certificate" => ->(key) { OpenSSL::PKCS7.sign(nil, key, "data") },
      "PKCS7.sign with a String for data" => ->(key) { OpenSSL::PKCS7.sign(Structures.certificate(key), key, 12) },
      "PKCS7.sign with too many arguments" => ->(key) { OpenSSL::PKCS7.sign(1, key, 3, 4, 5, 6) },
      "PKCS7#decrypt of signed data" => ->(key) { Structures.pkcs7_signed(key, "x").decrypt(key) },
      "PKCS7#decrypt with another key" => lambda do |key|
        envelope = OpenSSL::PKCS7.encrypt([Structures.certificate(key)], "x", OpenSSL::Cipher.new("AES-128-CBC"))
        envelope.decrypt(ReferenceFixtures.key("rsa2048_e3").private_key)
      end,
      "PKCS7#decrypt with another key's certificate" => lambda do |key|
        envelope = OpenSSL::PKCS7.encrypt([Structures.certificate(key)], "x", OpenSSL::Cipher.new("AES-128-CBC"))
        other = ReferenceFixtures.key("rsa2048_e3").private_key
        envelope.decrypt(other, Structures.certificate(other))
      end,
      "PKCS7#decrypt with no key" => ->(_key) { OpenSSL::PKCS7.new.decrypt(nil) }
    }
    def expect_bad_decrypt_or_random(outcome)
      expect(Structures.bad_decrypt_or_random?(outcome, "x")).to be(true), outcome.to_s
    end

    bad_calls.each do |name, call|
      it "#{name}: stock's answer" do
        key = fixture.private_key
        ours = Outcome.of { call.call(key) }
        stock = Backends.with(:stock) { Outcome.of { call.call(key) } }
        expect(ours.java_exception?).to be(false), ours.to_s
        # Where stock leaks a Java exception the gem raises a Ruby error instead, as for RSA's methods.
        next expect(ours.error).to be_a(StandardError) if stock.java_exception?

        # Another key's envelope opens to a random content key, as OpenSSL opens it (DIFFERENCES.md,
        # pkcs7-decrypt-bad-padding): "bad decrypt", or about one time in 256 random bytes; stock's
        # too, each on a draw of its own, so each is judged alone.
        next [ours, stock].each { |outcome| expect_bad_decrypt_or_random(outcome) } if name.end_with?("another key")
        next expect(ours.value).not_to eq("x") if name.include?("another key") && !ours.raised?

        expect([ours.error_class, ours.message]).to eq([stock.error_class, stock.message])
        expect(ours.value).to eq(stock.value) unless name.include?("PKCS7.sign")
      end
    end
  end

  # OCSP::RESPID_KEY: OpenSSL names the responder by key (the SHA-1 of the signer certificate's
  # public key bits, RFC 6960), where stock fails in Java. MRI verifies what the gem signed, with
  # an RSA and an EC key, and reads the responder id by key, of that hash.
  ocsp_by_key = <<~'RUBY'
    input = JSON.parse($stdin.read)
    puts JSON.generate(input.map do |entry|
      cert = OpenSSL::X509::Certificate.new([entry["cert"]].pack("H*"))
      der = [entry["response"]].pack("H*")
      store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
      responder = OpenSSL::ASN1.decode(der).value[0].value.find { |field| field.tag_class == :CONTEXT_SPECIFIC && field.tag != 0 }
      key_bits = OpenSSL::ASN1.decode(cert.public_key.public_to_der).value[1].value
      [OpenSSL::OCSP::BasicResponse.new(der).verify([cert], store, OpenSSL::OCSP::TRUSTOTHER), responder.tag,
       responder.value[0].value == OpenSSL::Digest.digest("SHA1", key_bits)]
    end)
  RUBY

  Backends.all.each do |backend|
    it "signs an OCSP response with OCSP::RESPID_KEY as MRI does, naming the responder by key (the #{backend} backend)" do
      Backends.with(backend) do
        FastRsaEngine.reset_stats
        ec = OpenSSL::PKey::EC.generate("prime256v1")
        signers = [[fixture.private_key, Structures.signer(fixture.private_key)],
                   [ec, Structures.unsigned_certificate(fixture.private_key, extensions: false).tap { |c| c.public_key = ec }.sign(ec, "SHA256")]]
        signed = signers.product([[], ["SHA256"]]).map do |(key, cert), digest|
          response = Structures.unsigned_ocsp_response(cert).sign(cert, key, [], OpenSSL::OCSP::RESPID_KEY, *digest)
          { "cert" => MRI.hex(cert.to_der), "response" => MRI.hex(response.to_der) }
        end
        expect(MRI.run(ocsp_by_key, signed)).to eq([[true, 2, true]] * signed.size)
        # The JDK signs with :stock, and for an EC key on a backend without EC.
        by_engine = backend == :stock ? 0 : EcFixtures.engine? ? 4 : 2
        expect(counts(:ocsp_basic_response_sign).values_at(:engine, :option_not_taken)).to eq([by_engine, 0])
      end
    end
  end

  it "with the stock backend, every call is stock's, and counted so" do

    FastRsaEngine.reset_stats
    Backends.with(:stock) { Structures.certificate(fixture.private_key) }
    expect(counts(:certificate_sign)).to include(backend_stock: 1, engine: 0)
  end
end
