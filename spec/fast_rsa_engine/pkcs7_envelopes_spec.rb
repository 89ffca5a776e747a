# frozen_string_literal: true

require "tempfile"

# PKCS7#decrypt decided as OpenSSL decides it (crypto/pkcs7/pk7_doit.c, PKCS7_dataDecode, and its
# defence against Bleichenbacher's attack), on every backend: a table of envelopes
# (spec/support/pkcs7_envelopes.rb: AES-128, AES-256, DES-EDE3, RC2-40, RC2-128 and a cipher no one
# decrypts PKCS#7 with; one and two recipients; the first recipient's key block genuine, a genuine
# one written in k-1 bytes, badly padded in k and k-1 bytes, holding a key of another length, or an
# unencrypted PKCS#1 block; decrypted by either recipient's key, with its certificate and
# without), every row answered as MRI answers it. Stock answers a forged block with other errors
# than a wrong key (an oracle), leaks Java exceptions, and where a recipient's block it does not
# open comes first refuses an envelope MRI opens (DIFFERENCES.md: pkcs7-decrypt-bad-padding).
RSpec.describe "PKCS7#decrypt of forged and genuine envelopes", jruby: true do
  fixtures = %w[rsa2048_e65537 rsa2048_e3].map { |name| ReferenceFixtures.key(name) }

  keys_and_certificates = <<~RUBY
    require #{File.expand_path('../support/structures.rb', __dir__).inspect}
    require #{File.expand_path('../support/pkcs7_envelopes.rb', __dir__).inspect}
    input = JSON.parse($stdin.read)
    keys = input["keys"].map { |pem| OpenSSL::PKey::RSA.new(pem) }
    certificates = keys.map { |key| Structures.signer(key) }
  RUBY
  make = "#{keys_and_certificates}puts JSON.generate(Pkcs7Envelopes.rows(keys, certificates))"
  answer = "#{keys_and_certificates}puts JSON.generate(Pkcs7Envelopes.answers(input['rows'], keys, certificates))"

  before(:all) do
    pems = fixtures.map(&:pem)
    @rows = Tempfile.create("legacy.cnf") do |config|
      config.write(Pkcs7Envelopes::LEGACY_CONFIG)
      config.flush
      MRI.run(make, { "keys" => pems }, { "OPENSSL_CONF" => config.path })
    end
    # The three references are processes of their own, side by side (the two cores).
    input = { "keys" => pems, "rows" => @rows }
    @mri, @stock, @stock_at_require = [-> { MRI.run(answer, input) }, -> { StockJRuby.run(answer, input) },
                                       -> { StockJRuby.with_gem(:stock, answer, input) }].map { |run| Thread.new(&run) }.map(&:value)
    @keys = fixtures.map(&:private_key)
    @certificates = @keys.map { |key| Structures.signer(key) }
  end

  def differences(answers)
    @rows.zip(@mri, answers).reject { |_row, mri, ours| mri == ours }.map { |row, mri, ours| "#{row['name']}: MRI #{mri}, the gem #{ours}" }
  end

  # The messages of the rows whose block the decrypting key opens is forged.
  def forgery_messages(answers)
    @rows.zip(answers).select { |row, _| row["forged"] }.map(&:last).uniq
  end

  it "answers every envelope as MRI does with FAST_RSA_ENGINE=stock at require" do
    expect(differences(@stock_at_require)).to eq([])
  end

  Backends.all.each do |backend|
    context "with the #{backend} backend" do
      before(:all) { @ours = Backends.with(backend) { Pkcs7Envelopes.answers(@rows, @keys, @certificates) } }

      it "answers every envelope as MRI does" do
        expect(differences(@ours)).to eq([])
      end

      it "has no more messages for forged key blocks than MRI has" do
        expect(forgery_messages(@ours).size).to be <= forgery_messages(@mri).size, forgery_messages(@ours).inspect
      end

      it "opens every envelope untouched stock opens" do
        refused = @rows.zip(@stock, @ours).select { |_row, stock, ours| stock == "content" && ours != "content" }
        expect(refused.map { |row, _, ours| "#{row['name']}: #{ours}" }).to eq([])
      end
    end
  end
end
