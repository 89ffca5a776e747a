# frozen_string_literal: true

require "openssl"

return unless RUBY_ENGINE == "jruby" # the spec drives the engine's Java classes directly

# No unchecked private-key result leaves, whatever a backend computes: KeyChecks, the gate in front
# of every backend, is given a backend whose raw operation is wrong, and must raise rather than
# return. (Corrupted keys cannot test this: the gate refuses or repairs them before any operation.)
RSpec.describe "Result checks in front of every backend", jruby: true, per_java: true do
  engines = Module.new do
    %w[rsa.KeyChecks rsa.RsaEngine rsa.PreparedKey shared.FaultDetectedException].each { |name| java_import "fastrsaengine.engines.#{name}" }
  end

  prepared_key = engines::PreparedKey

  # A backend computing c^d mod n with one bit of every result flipped, checking nothing itself.
  faulty_engine = Class.new do
    include engines::RsaEngine

    def name = "faulty"
    def describe = java.util.HashMap.new

    define_method(:prepare) do |key, _e|
      n = key.getModulus
      d = key.getPrivateExponent
      Class.new do
        include prepared_key
        define_method(:modulus) { n }
        define_method(:privateOperation) { |input| input.pow(d, n) ^ 1 }
        define_method(:checksResults) { false }
      end.new
    end
  end

  let(:fixture) { ReferenceFixtures.key("rsa1024_e65537").private_key }
  let(:e) { fixture.e.to_java }
  let(:input) { 123_456_789 }

  def java_key(key, with_factors:)
    spec = if with_factors
             java.security.spec.RSAPrivateCrtKeySpec.new(*%i[n e d p q dmp1 dmq1 iqmp].map { |part| key.public_send(part).to_java })
           else
             java.security.spec.RSAPrivateKeySpec.new(key.n.to_java, key.d.to_java)
           end
    java.security.KeyFactory.getInstance("RSA").generatePrivate(spec)
  end

  it "a key with its CRT numbers: every wrong result raises FaultDetectedException" do
    prepared = engines::KeyChecks.prepare(faulty_engine.new, java_key(fixture, with_factors: true), e)
    3.times do
      expect { prepared.privateOperation(input) }.to raise_error(engines::FaultDetectedException)
    end
  end

  it "a key of n and d alone: refused when prepared, since its one probe operation fails its check" do
    expect { engines::KeyChecks.prepare(faulty_engine.new, java_key(fixture, with_factors: false), e) }
      .to raise_error(java.security.InvalidKeyException)
  end

  it "the same keys through a correct computation pass (the spec can tell right from wrong)" do
    right = Class.new(faulty_engine) do
      define_method(:prepare) do |key, e|
        wrong = super(key, e)
        n = key.getModulus
        Class.new do
          include prepared_key
          define_method(:modulus) { n }
          define_method(:privateOperation) { |input| wrong.privateOperation(input) ^ 1 }
        end.new
      end
    end
    [true, false].each do |with_factors|
      prepared = engines::KeyChecks.prepare(right.new, java_key(fixture, with_factors: with_factors), e)
      expect(prepared.privateOperation(input)).to eq(input.pow(fixture.d.to_i, fixture.n.to_i))
    end
  end
end
