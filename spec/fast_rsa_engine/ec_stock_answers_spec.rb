# frozen_string_literal: true

# OpenSSL::PKey::EC with bad or unusual input (spec/support/ec_bad_calls.rb: malformed signatures,
# empty data, wrong argument counts and types, nil and unknown digests, points and keys of other
# curves, the point at infinity, public-only keys, curves no engine takes, a key whose point is not
# its scalar's) answers on every backend as stock untouched answers: JRuby with FAST_RSA_ENGINE=off
# in a process of its own. Where stock leaks a Java exception, the answer is a Ruby error of MRI's
# class (MRI in a process of its own); where stock's own error speaks Java, its class with words that
# do not (DIFFERENCES.md: java-exception, java-words). Never a Java exception. A signature not in DER,
# and a point MRI holds at infinity, get MRI's answer itself, on every backend (DIFFERENCES.md:
# ec-signature-not-der, ec-peer-at-infinity).
RSpec.describe "EC: stock's answers kept for bad input", jruby: true do
  answers = <<~RUBY
    require #{MriCalls::PATH.inspect}
    require #{EcBadCalls::PATH.inspect}
    puts JSON.generate(EcBadCalls.answers(EcBadCalls.keys(JSON.parse($stdin.read))))
  RUBY
  # The keys are MRI's: every JRuby line reads OpenSSL's PEM (jruby-openssl 0.15 cannot read back
  # every key it writes).
  material = <<~RUBY
    require #{MriCalls::PATH.inspect}
    require #{EcBadCalls::PATH.inspect}
    puts JSON.generate(EcBadCalls.key_material)
  RUBY

  # Answers that differ from stock's or MRI's, each a finding, by description: [applies?, why].
  wrong_count = lambda do |description|
    method = description[/\A(\w+) with (?:no|one|two|three|four) arguments?\z/, 1]
    JRUBY_VERSION.start_with?("9.") && method && OpenSSL::PKey::EC.method_defined?(method)
  end
  not_a_point = ->(description) { description.start_with?("dh_compute_key with a String", "dh_compute_key with an Integer") }
  findings = [
    [wrong_count, "finding: on JRuby 9.4 stock's ArgumentError for a wrong argument count names the method (\"`sign': wrong " \
                  "number of arguments (given 1, expected 2)\"); the patch's Ruby method, with stock's required parameters, does not"],
    [not_a_point, "finding: stock leaks a ClassCastException; MRI raises NoMethodError (undefined method `to_octet_string'), " \
                  "the gem PKeyError: EVP_PKEY_derive"]
  ]

  before(:context) do
    @material = MRI.run(material, {})
    @stock = StockJRuby.run(answers, @material)
    @mri = MRI.run(answers, @material)
  end

  # An answer with object addresses left out ("#<OpenSSL::PKey::EC:0x6d33a66e>"): processes differ there.
  def comparable(answer)
    answer["message"] ? answer.merge("message" => answer["message"].gsub(/:0x\h+/, ":0x")) : answer
  end

  def java?(answer)
    answer["raised"].to_s.start_with?("Java::")
  end

  def speaks_java?(answer)
    answer["message"].to_s.match?(/\b(?:java|org)\.\w/)
  end

  # Where the gem answers as MRI on every backend, :stock included, and stock does not (DIFFERENCES.md's
  # rows): a signature not in DER (stock reads it leniently, and may answer true), a point MRI holds at
  # infinity (stock's Point.new(group) is the generator; its own infinity a Java failure), a hash of
  # another length than verify_raw's digest (stock ignores the digest, and answers true).
  mri_on_every_backend = EcBadCalls::NOT_DER_CALLS.to_h { |description, _| [description, "ec-signature-not-der"] }.merge(
    "dh_compute_key with the point at infinity" => "ec-peer-at-infinity",
    "dh_compute_key with Point.new(group)" => "ec-peer-at-infinity",
    "dh_compute_key with a copy of Point.new(group)" => "ec-peer-at-infinity",
    "dh_compute_key with Point.new(group) and a public-only key" => "ec-peer-at-infinity",
    "verify_raw with a digest of another length" => "ec-raw-digest-length",
    "verify_raw with an unknown digest" => "ec-raw-digest-length",
    "verify_raw with an empty digest name, a signature given twice" => "ec-raw-digest-length",
    "verify_raw with a Symbol digest, a signature given twice" => "ec-raw-digest-length",
    "verify_raw with a NUL byte in the digest's name, a signature given twice" => "ec-raw-digest-length"
  )

  (Backends.native + [:stock]).each do |backend|
    context "with the #{backend} backend" do
      before(:context) do
        @gem = Backends.with(backend) { EcBadCalls.answers(EcBadCalls.keys(@material)) }
      end

      EcBadCalls::CALLS.each_with_index do |(description, _), index|
        it "#{description}: stock's answer, or MRI's error class where stock's is Java's" do
          finding = findings.find { |applies, _| applies.(description) }
          pending finding.last if finding
          gem, stock, mri = [@gem, @stock, @mri].map { |all| comparable(all.fetch(index)) }
          expect(java?(gem) || speaks_java?(gem)).to be(false), "the gem answered #{gem}"
          if mri_on_every_backend.key?(description)
            expect(gem).to eq(mri), "DIFFERENCES.md, #{mri_on_every_backend[description]}: stock #{stock}"
          elsif java?(stock)
            expect(gem).to(mri["raised"] ? include("raised" => mri["raised"]) : eq(mri), "stock #{stock}; MRI #{mri}")
          elsif speaks_java?(stock)
            expect(gem).to include("raised" => stock["raised"]), "stock #{stock}"
          else
            expect(gem).to eq(stock)
          end
        end
      end
    end
  end
end
