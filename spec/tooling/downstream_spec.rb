# frozen_string_literal: true

require_relative "../downstream/comparison"
require_relative "../downstream/line_run"
require_relative "../downstream/report"

# bin/downstream's verdicts, fed transcripts such as its JRuby processes write: a difference
# between `off` and a backend is found and reported, one that replays fails the run and one that
# does not is listed apart. No JRuby process runs here: the comparison is plain Ruby.
RSpec.describe "bin/downstream's comparison", one_line: true do
  def transcript(config, steps, cross: nil, status: "ran")
    entry = { "status" => status, "steps" => steps, "engine" => {} }
    entry["cross"] = cross if cross
    { "config" => config, "libraries" => { "jwt" => entry } }
  end

  def step(name, value, output: nil)
    { "name" => name, "outcome" => { "value" => value } }.tap { |s| s["output"] = output if output }
  end

  let(:off_steps) { [step("RS256 encode", "eyJ.a.b"), step("PS256 encode", ["claims"], output: "eyJ.a.c")] }
  let(:verified) { [{ "name" => "PS256 encode", "outcome" => { "value" => ["claims"] } }] }
  let(:off) { transcript("10.1/off", off_steps, cross: { "10.1/aws_lc" => verified }) }

  it "finds no difference between equal transcripts" do
    candidate = transcript("10.1/aws_lc", off_steps, cross: { "10.1/off" => verified })
    expect(Downstream::Comparison.new(off, candidate).differences).to be_empty
  end

  it "finds a deterministic output that differs, with both outcomes" do
    steps = [step("RS256 encode", "eyJ.a.X"), off_steps[1]]
    differences = Downstream::Comparison.new(off, transcript("10.1/aws_lc", steps, cross: { "10.1/off" => verified })).differences
    expect(differences.map(&:to_h)).to eq([{ library: "jwt", step: "RS256 encode", expected: 'RS256 encode => "eyJ.a.b"', actual: 'RS256 encode => "eyJ.a.X"' }])
  end

  it "finds an error of another class or message" do
    steps = [{ "name" => "RS256 encode", "outcome" => { "error" => "OpenSSL::PKey::PKeyError", "message" => "EVP_PKEY_keygen: RSA lib" } }, off_steps[1]]
    differences = Downstream::Comparison.new(off, transcript("10.1/aws_lc", steps, cross: { "10.1/off" => verified })).differences
    expect(differences.map(&:actual)).to eq(["RS256 encode => OpenSSL::PKey::PKeyError: EVP_PKEY_keygen: RSA lib"])
  end

  # DIFFERENCES.md's java-words and java-exception rows: what the gem changes of stock's errors on purpose.
  it "lets stock's Java words become other words of stock's class, and a Java exception a Ruby error, and nothing else" do
    error = ->(klass, message) { { "name" => "RSA.new of an EC key", "outcome" => { "error" => klass, "message" => message } } }
    java_words = error.("OpenSSL::PKey::RSAError", "Neither PUB key nor PRIV key: (invalid key type org.jruby.ext.openssl.impl.ECPrivateKeyWithName)")
    compare = ->(want, got) { Downstream::Comparison.new(transcript("10.1/off", [want]), transcript("10.1/aws_lc", [got])).differences.size }
    expect(compare.(java_words, error.("OpenSSL::PKey::RSAError", "incorrect pkey type: id-ecPublicKey"))).to eq(0)
    expect(compare.(java_words, error.("OpenSSL::PKey::PKeyError", "EVP_PKEY_keygen: RSA lib"))).to eq(1)
    expect(compare.(error.("Java::JavaLang::NullPointerException", "x"), error.("OpenSSL::PKCS7::PKCS7Error", "bad decrypt"))).to eq(0)
    expect(compare.(error.("OpenSSL::PKey::RSAError", "Neither PUB key nor PRIV key:"), error.("OpenSSL::PKey::RSAError", "other words"))).to eq(1)
  end

  it "finds a randomized output the other configuration does not verify, in either direction" do
    rejected = [{ "name" => "PS256 encode", "outcome" => { "error" => "JWT::VerificationError", "message" => "Signature verification failed" } }]
    candidate = transcript("10.1/aws_lc", off_steps, cross: { "10.1/off" => rejected })
    off_rejecting = transcript("10.1/off", off_steps, cross: { "10.1/aws_lc" => rejected })
    expect(Downstream::Comparison.new(off, candidate).differences.map(&:step)).to eq(["PS256 encode (10.1/aws_lc verifies 10.1/off's output)"])
    expect(Downstream::Comparison.new(off_rejecting, transcript("10.1/aws_lc", off_steps, cross: { "10.1/off" => verified })).differences.map(&:step))
      .to eq(["PS256 encode (10.1/off verifies 10.1/aws_lc's output)"])
  end

  # json-jwt's PS256 with an OpenSSL::Digest: stock refuses it, the gem signs as MRI does (DIFFERENCES.md),
  # so the gem's run has one randomized output more than off's for off to verify.
  it "pairs cross verifications by step name: an output on one side only is one difference, not all that follow" do
    refused = { "name" => "PS256 encode", "outcome" => { "error" => "TypeError", "message" => "no implicit conversion of OpenSSL::Digest into String" } }
    es256 = step("ES256 encode", ["claims"], output: "eyJ.a.d")
    verifications = [{ "name" => "PS256 encode", "outcome" => { "value" => ["claims"] } }, { "name" => "ES256 encode", "outcome" => { "value" => ["claims"] } }]
    reference = transcript("10.1/off", [refused, es256], cross: { "10.1/aws_lc" => verifications })
    candidate = transcript("10.1/aws_lc", [off_steps[1], es256], cross: { "10.1/off" => verifications.last(1) })
    expect(Downstream::Comparison.new(reference, candidate).differences.map(&:step))
      .to eq(["PS256 encode", "PS256 encode (10.1/off verifies 10.1/aws_lc's output)"])
  end

  it "finds a missing step, a missing cross verification and a status that differs" do
    expect(Downstream::Comparison.new(off, transcript("10.1/aws_lc", off_steps.first(1), cross: { "10.1/off" => verified })).differences.map(&:step))
      .to eq(["PS256 encode"])
    expect(Downstream::Comparison.new(off, transcript("10.1/aws_lc", off_steps)).differences.map(&:step))
      .to eq(["(10.1/aws_lc verifies 10.1/off's output)"])
    crashed = { "config" => "10.1/aws_lc", "libraries" => { "jwt" => { "status" => "crashed", "reason" => "NameError: x" } } }
    expect(Downstream::Comparison.new(off, crashed).differences.map(&:actual)).to eq(["crashed: NameError: x"])
  end

  describe "the report" do
    let(:difference) { Downstream::Comparison::Difference.new(library: "jwt", step: "RS256 encode", expected: "a", actual: "b") }
    let(:candidate) { transcript("10.1/aws_lc", off_steps, cross: { "10.1/off" => verified }) }

    before { Downstream.load_libraries }

    def report(first, again)
      replayed, flaky = Downstream::LineRun.replays({ "aws_lc" => first }, { "aws_lc" => again })
      result = Downstream::LineRun::Result.new(line: "10.1", backends: %w[aws_lc], transcripts: { "10.1/off" => off, "10.1/aws_lc" => candidate },
                                               replayed: replayed, flaky: flaky, failures: [])
      Downstream::Report.new([result])
    end

    it "fails the run on a difference that replays, and says where" do
      report = report([difference], [difference])
      expect(report).to be_failed
      expect(report.text).to include("| jwt | ruby-jwt", "1 replayed (aws_lc 1)", "- jwt, RS256 encode (aws_lc):", 'off: "a"', 'aws_lc: "b"')
    end

    it "lists a difference that does not replay as flaky, and passes" do
      report = report([difference], [])
      expect(report).not_to be_failed
      expect(report.text).to include("1 flaky (aws_lc 1)", "flaky differences")
    end

    it "passes with no difference and says so" do
      expect(report([], [])).not_to be_failed
      expect(report([], []).text).to include("same as off")
    end
  end
end
