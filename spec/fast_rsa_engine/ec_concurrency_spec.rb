# frozen_string_literal: true

# One EC call reads the backend and the key once and answers from what it read: a backend switched
# by another thread, or the key's numbers set again meanwhile, never splits a call between two
# engines or two keys. ECDH answers are checked against the secret computed beforehand; signatures
# are checked afterwards, by stock.
RSpec.describe "EC calls while another thread changes what they read", jruby: true, per_java: true do
  calls = 1500

  let(:message) { "threads" }
  let(:key) { OpenSSL::PKey::EC.generate("prime256v1") }
  let(:peer) { OpenSSL::PKey::EC.generate("prime256v1") }
  let(:secret) { Backends.with(:stock) { key.dh_compute_key(peer.public_key) } }
  let(:public_key) { EcFixtures.public_only(key) }
  let(:good_signature) { Backends.with(:stock) { key.sign("SHA256", message) } }

  before do
    skip "needs the aws_lc backend (an EC engine)" unless Backends.native.include?(:aws_lc)
    [message, secret, good_signature, public_key] # made before any thread switches the backend
  end

  # One round's wrong answer, or nil: ECDH is checked at once, and a verification of a signature
  # made beforehand; the round's own signature is kept, to be checked afterwards.
  def round(made)
    made << key.sign("SHA256", message)
    return "verify of a good signature: false" unless public_key.verify("SHA256", good_signature, message)

    agreed = key.dh_compute_key(peer.public_key)
    agreed == secret ? nil : "dh_compute_key: #{MRI.hex(agreed)}"
  end

  def unverified(signatures)
    Backends.with(:stock) { signatures.reject { |signature| public_key.verify("SHA256", signature, message) } }
  end

  it "while the backend switches between every backend: every secret right, every signature verifies" do
    names = Backends.native + [:stock]
    made = []
    Backends.with(:aws_lc) do
      switch = -> { names.each { |name| FastRsaEngine.backend = name } }
      failures = Concurrently.while_changing(calls, switch) { round(made) }
      expect(failures).to be_empty, "#{failures.size} wrong, e.g. #{failures.first(3)}"
    end
    expect(unverified(made)).to be_empty
  end

  it "while another thread sets the key's scalar and point again (the same numbers): every secret right, every signature verifies" do
    scalar, point = key.private_key, key.public_key
    reset = lambda do
      key.private_key = scalar
      key.public_key = point
    end
    made = []
    Backends.with(:aws_lc) do
      answers = EcFixtures.engine_answers(:ec_dh_compute_key) do
        failures = Concurrently.while_changing(calls, reset) { round(made) }
        expect(failures).to be_empty, "#{failures.size} wrong, e.g. #{failures.first(3)}"
      end
      expect(answers[:ec_dh_compute_key]).to be_positive
    end
    expect(unverified(made)).to be_empty
  end

  it "8 threads sharing one key, on a fresh key: every secret right, every signature verifies, all in the engine" do
    made = Queue.new
    Backends.with(:aws_lc) do
      answers = EcFixtures.engine_answers(:ec_sign, :ec_dh_compute_key) do
        failures = Concurrently.in_parallel(8) do
          mine = []
          Array.new(calls / 30) { round(mine) }.compact.tap { mine.each { |signature| made << signature } }
        end.flatten
        expect(failures).to be_empty, failures.first(3).inspect
      end
      expect(answers).to eq(ec_sign: 8 * (calls / 30), ec_dh_compute_key: 8 * (calls / 30))
    end
    expect(unverified(Array.new(made.size) { made.pop })).to be_empty
  end
end
