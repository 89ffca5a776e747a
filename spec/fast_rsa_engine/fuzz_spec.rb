# frozen_string_literal: true

require_relative "../fuzz/fuzz"

# The short, fixed-seed run of the differential fuzzer (spec/fuzz; bin/fuzz runs it long): each
# case with every native backend and with stock, MRI's answers beside. It fails with the report:
# the findings grouped by mechanism, one reproducer each (bin/fuzz --replay '...').
RSpec.describe "Differential fuzzing", jruby: true do
  # It compares with stock's answers, and jruby-openssl before 0.16 has no sign_pss, sign_raw or verify_pss.
  before { skip "jruby-openssl #{JOpenSSL::VERSION} lacks the methods stock's answers come from" if Backends.old_stock? }

  seed = 20_261_121
  count = 2000

  it "#{count} cases of seed #{seed}: no Java exception, no hang, signatures that open, only documented differences" do
    cases = Fuzz::CaseGenerator.new(seed).cases(count)
    findings = Fuzz::Runner.new(backends: Backends.native, timeout: 3.0).run(cases)

    expect(findings.counts["cases"]).to eq(count)
    expect(findings.counts["MRI answers"]).to be > count * 0.99
    expect(findings.failures).to be_empty, findings.report
  end
end

# The fuzzer's own oracle, under MRI (OpenSSL signs) and JRuby (stock signs).
RSpec.describe "The fuzzer's signature check" do
  before { skip "jruby-openssl #{JOpenSSL::VERSION} cannot sign these without the engine" if RUBY_ENGINE == "jruby" && Backends.old_stock? }

  key_name = "rsa2048"
  message = Fuzz::Value.bytes("fuzz")

  def signed(kase)
    Fuzz::OutputCheck.without_engine { kase.call }
  end

  def damaged(signature)
    signature.dup.tap { |copy| copy.setbyte(10, copy.getbyte(10) ^ 1) }
  end

  it "opens PKCS#1 v1.5 signatures and private_encrypt blocks, and not damaged ones" do
    [Fuzz::Case.new("sign", key_name, ["SHA256", message]),
     Fuzz::Case.new("sign_raw", key_name, ["SHA1", Fuzz::Value.bytes(OpenSSL::Digest.digest("SHA1", "fuzz"))]),
     Fuzz::Case.new("private_encrypt", key_name, [message])].each do |kase|
      signature = signed(kase)
      expect(Fuzz::OutputCheck.signature(kase, signature)).to be(true), kase.to_s
      expect(Fuzz::OutputCheck.signature(kase, damaged(signature))).to be(false), kase.to_s
    end
  end

  it "opens PSS signatures, answering their salt length" do
    [0, 20, 32].each do |salt|
      keywords = Fuzz::Value.hash([[Fuzz::Value.symbol(:salt_length), salt], [Fuzz::Value.symbol(:mgf1_hash), "SHA1"]])
      kase = Fuzz::Case.new("sign_pss", key_name, ["SHA256", message], keywords)
      signature = signed(kase)
      expect(Fuzz::OutputCheck.signature(kase, signature)).to eq(salt)
      expect(Fuzz::OutputCheck.signature(kase, damaged(signature))).to be(false)
    end
  end

  it "replays a case from its JSON line, and draws the same cases from the same seed" do
    cases = Fuzz::CaseGenerator.new(7).cases(50)
    expect(cases.map { |kase| Fuzz::Case.from_json(kase.to_json) }).to eq(cases)
    expect(Fuzz::CaseGenerator.new(7).cases(50)).to eq(cases)
  end
end
