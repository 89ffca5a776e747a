# frozen_string_literal: true

# Where stock jruby-openssl answers, the gem gives stock's answer: the same error class (what
# callers rescue) and, unless stock's words are Java's, the same message; what the engine cannot
# take goes to stock; no patched method raises outside StandardError. Stock here is stock exactly:
# JRuby in a process of its own with FAST_RSA_ENGINE=off; MRI in another for its words.
RSpec.describe "Stock's answers kept", jruby: true do
  # Keys of other types, as apps load a key of unknown type: RSA.new(pem) rescue RSAError, then EC or DSA.
  other_keys = <<~RUBY
    keys = { "ec" => OpenSSL::PKey::EC.generate("prime256v1"), "dsa" => OpenSSL::PKey::DSA.new(1024),
             "ed25519" => OpenSSL::PKey.generate_key("ED25519"), "ed448" => OpenSSL::PKey.generate_key("ED448"),
             "x25519" => OpenSSL::PKey.generate_key("X25519") }
    sources = keys.flat_map { |name, key| [[name + " private PEM", key.private_to_pem], [name + " public PEM", key.public_to_pem],
                                           [name + " private DER", key.private_to_der]] }
    sources += [["EC SEC1 PEM", keys["ec"].to_pem], ["DSA traditional PEM", keys["dsa"].to_pem], ["garbage", "garbage"],
                ["bad PEM", "-----BEGIN RSA PRIVATE KEY-----\\nAAAA\\n-----END RSA PRIVATE KEY-----\\n"]]
    puts JSON.generate(sources.map { |name, source| [name, source.unpack1("H*"), MriCalls.answer { OpenSSL::PKey::RSA.new(source) }] })
  RUBY

  loading = <<~RUBY
    input = JSON.parse($stdin.read)
    puts JSON.generate(input.map { |hex| MriCalls.answer { OpenSSL::PKey::RSA.new([hex].pack("H*")) } })
  RUBY

  before(:all) do
    @sources = MRI.run("require #{MriCalls::PATH.inspect}\n#{other_keys}", {})
    @stock = StockJRuby.run(loading, @sources.map { |_, hex, _| hex })
  end

  Backends.all.each do |backend|
    context "with the #{backend} backend" do
      around { |example| Backends.with(backend) { example.run } }

      it "sign_pss with salt_length: :auto, stock's alone (MRI raises TypeError): stock computes it, with every digest", needs: %i[sign_pss] do
        key = ReferenceFixtures.key("rsa1024_e65537").private_key
        %w[SHA256 SHA2-256 sha384].each do |digest|
          call = -> { Outcome.of { key.sign_pss(digest, "x", salt_length: :auto, mgf1_hash: digest) } }
          outcome = nil
          expect(Backends.engine_ran? { outcome = call.() }).to be(false), digest
          stock = Backends.with(:stock) { call.() }
          expect([outcome.error.class, outcome.error&.message]).to eq([stock.error.class, stock.error&.message]), digest
          expect(key.public_key.verify_pss(digest, outcome.value, "x", salt_length: :auto, mgf1_hash: digest)).to be(true) if outcome.value
        end
      end

      it "loads keys of other types as stock, with MRI's words where stock's are Java's" do
        aggregate_failures do
          @sources.zip(@stock).each do |(name, hex, mri), stock|
            gem = MriCalls.answer { OpenSSL::PKey::RSA.new(MRI.bytes(hex)) }
            expect(gem["raised"]).to eq(stock["raised"]), "#{name}: #{gem} (stock: #{stock})"
            expected = stock["message"].match?(/\b(?:java|org)\.\w/) ? mri["message"] : stock["message"]
            expect(gem["message"]).to eq(expected), "#{name}: #{gem} (stock: #{stock}, MRI: #{mri})"
          end
        end
      end

      it "signs a CRL with every SHA-3 digest, as stock does, and MRI verifies it" do
        key = ReferenceFixtures.key("rsa2048_e65537").private_key
        crls = %w[SHA3-256 SHA3-384 SHA3-512].to_h { |digest| [digest, MRI.hex(Structures.crl(key, digest).to_der)] }
        verified = MRI.run(<<~RUBY, "key" => key.public_key.to_pem, "crls" => crls)
          input = JSON.parse($stdin.read)
          key = OpenSSL::PKey::RSA.new(input["key"])
          puts JSON.generate(input["crls"].transform_values { |hex| OpenSSL::X509::CRL.new([hex].pack("H*")).verify(key) })
        RUBY
        expect(verified).to eq(crls.transform_values { true })
      end

      it "refuses an OCSP digest jruby-openssl lacks with the structure's error, a StandardError" do
        key = ReferenceFixtures.key("rsa2048_e65537").private_key
        cert = Structures.signer(key)
        expect { OpenSSL::OCSP::Request.new.sign(cert, key, [], 0, "SHA3-256") }
          .to raise_error(OpenSSL::OCSP::OCSPError, "Unsupported digest algorithm (SHA3-256)")
      end
    end
  end
end
