# frozen_string_literal: true

require "open3"

# A CRL read from DER or PEM lists its revoked entries in the order it holds them, as MRI reads
# them, on every run and every backend (DIFFERENCES.md, crl-revoked-order): stock sorts them by
# time, and orders entries of one time by a hash that changes with the CRL's bytes.
RSpec.describe "The revoked entries of a CRL read back", jruby: true do
  fixture = ReferenceFixtures.key("rsa2048_e65537")
  one_time = Time.at(1_800_000_000)

  # MRI reads each CRL: its entries' serials, in the order it lists them.
  mri_reads = <<~'RUBY'
    input = JSON.parse($stdin.read)
    puts JSON.generate(input.map { |hex| OpenSSL::X509::CRL.new([hex].pack("H*")).revoked.map { |r| r.serial.to_i } })
  RUBY

  # [serial, time] of each entry, in the order added: many of one time in no order of serial, then
  # some of other times, later ones first; every third with a reason.
  def self.entries(one_time, seed)
    serials = (1..40).to_a.shuffle(random: Random.new(seed))
    serials.map { |serial| [serial, one_time] } + [[1000, one_time + 60], [1001, one_time - 60], [1002, one_time + 30]]
  end

  def signed_crl(key, entries)
    crl = Structures.unsigned_crl(revoked: entries)
    crl.revoked.each_with_index { |entry, i| entry.add_extension(OpenSSL::X509::Extension.new("CRLReason", OpenSSL::ASN1::Enumerated(1))) if (i % 3).zero? }
    crl.sign(key, "SHA256")
  end

  def serials(crl)
    crl.revoked.map { |entry| entry.serial.to_i }
  end

  Backends.all.each do |backend|
    context "with the #{backend} backend" do
      around { |example| Backends.with(backend) { example.run } }

      it "in the order they were added (the DER's), from DER and from PEM, as MRI reads them; the CRL still verifies" do
        key = fixture.private_key
        crls = [1, 2, 3].map { |seed| signed_crl(key, self.class.entries(one_time, seed)) }
        crls.zip([1, 2, 3]) do |crl, seed|
          added = self.class.entries(one_time, seed).map(&:first)
          reads = [OpenSSL::X509::CRL.new(crl.to_der)]
          reads << OpenSSL::X509::CRL.new(crl.to_pem) unless Backends.old_stock? # jruby-openssl 0.15 reads no CRL from PEM
          reads.each do |read|
            expect(serials(read)).to eq(added)
            expect(read.verify(key)).to be(true)
            expect(read.revoked.map { |entry| StructureReaders.show(entry) }).to eq(crl.revoked.map { |entry| StructureReaders.show(entry) })
          end
        end
        expect(MRI.run(mri_reads, crls.map { |crl| MRI.hex(crl.to_der) })).to eq(crls.map { |crl| serials(crl) })
      end
    end
  end

  it "with FAST_RSA_ENGINE=stock from the start, as with the other backends" do
    script = <<~'RUBY'
      require "fast-rsa-engine"
      crl = OpenSSL::X509::CRL.new
      crl.version = 1
      crl.issuer = OpenSSL::X509::Name.parse("/CN=stock")
      crl.last_update = Time.at(0)
      crl.next_update = Time.at(3600)
      [9, 2, 5, 14, 3].each { |serial| crl.add_revoked(OpenSSL::X509::Revoked.new.tap { |r| r.serial = serial; r.time = Time.at(60) }) }
      crl.sign(OpenSSL::PKey::RSA.new(1024), "SHA256")
      print [FastRsaEngine.backend, OpenSSL::X509::CRL.new(crl.to_der).revoked.map { |r| r.serial.to_i }].inspect
    RUBY
    output, errors, = Open3.capture3({ "FAST_RSA_ENGINE" => "stock" }, *StockJRuby::BRIEF, "-I", File.expand_path("../../lib", __dir__), "-e", script)
    expect(output).to eq("[:stock, [9, 2, 5, 14, 3]]"), errors
  end
end
