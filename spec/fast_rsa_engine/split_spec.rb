# frozen_string_literal: true

require "json"
require "open3"
require "rbconfig"

# The split: one private-key operation's two CRT halves on two cores (engines/rsa/SplitCrtKey.java,
# engines/rsa/HelperThreads.java). Every operation and key shape gives MRI's bytes with the split on and
# off; it runs for CRT keys of 2048 bits and more and nowhere else; a fault in either half is caught;
# an interrupted caller or a runtime torn down loses nothing and leaves no helper thread behind.
RSpec.describe "The split", jruby: true, per_java: true do
  cores = RUBY_ENGINE == "jruby" ? java.lang.Runtime.getRuntime.availableProcessors : 1
  helper_name = "fast-rsa-engine split helper"
  define_method(:helper_name) { helper_name }

  before { skip "one core: nothing splits" if cores < 2 }

  # Every call with a core free splits here, so that the examples can count them; the examples set
  # the split as they need.
  around { |example| Backends.splitting(FastRsaEngine.split) { example.run } }

  def message(name) = ReferenceFixtures.message(name)
  def bytes(hex) = ReferenceFixtures.bytes(hex)
  def hex(bytes) = ReferenceFixtures.hex(bytes)

  # How the block's operations ran: {split:, unsplit:} counted, and the engine's raw operations.
  def counted
    split_before = FastRsaEngine.stats[:split]
    operations_before = FastRsaEngine::Native.engine_operations
    yield
    split_after = FastRsaEngine.stats[:split]
    split_after.to_h { |name, count| [name, count - split_before[name]] }
               .merge(engine: FastRsaEngine::Native.engine_operations - operations_before)
  end

  # n, e and d alone, as jruby-openssl builds them with set_key: no CRT numbers to split.
  def without_factors(key)
    OpenSSL::PKey::RSA.new.tap { |bare| bare.set_key(key.n, key.e, key.d) }
  end

  # Every private-key method over MRI's recorded inputs, each result compared with MRI's bytes
  # (PSS, randomized, verified with MRI's salt length and the public key, after the count).
  def private_operations(key, fixture)
    fixture.signatures.each do |entry|
      expect(hex(key.sign(entry["digest"], message(entry["message"])))).to eq(entry["signature"]), "sign #{entry['digest']}"
    end
    fixture.raw_signatures.each do |entry|
      expect(hex(key.sign_raw(entry["digest"], bytes(entry["input"])))).to eq(entry["signature"]), "sign_raw #{entry['digest']}"
    end if Backends.stock_has?(:sign_raw)
    fixture.private_encryptions.each do |entry|
      output = key.private_encrypt(bytes(entry["data"]), ReferenceFixtures.padding(entry["padding"]))
      expect(hex(output)).to eq(entry["output"]), "private_encrypt #{entry['padding']}"
    end
    fixture.ciphertexts.each do |entry|
      plaintext = key.private_decrypt(bytes(entry["ciphertext"]), ReferenceFixtures.padding(entry["padding"]))
      expect(hex(plaintext)).to eq(entry["plaintext"]), "private_decrypt #{entry['padding']}"
    end
    entry = fixture.ciphertexts.find { |ciphertext| ciphertext["padding"] == "PKCS1_PADDING" }
    expect(hex(key.decrypt(bytes(entry["ciphertext"])))).to eq(entry["plaintext"]), "decrypt"
    Backends.stock_has?(:sign_pss) ? key.sign_pss("SHA256", message("fox"), salt_length: 32, mgf1_hash: "SHA256") : nil
  end

  def expect_pss(fixture, signature)
    return unless signature

    expect(fixture.public_key.verify_pss("SHA256", signature, message("fox"), salt_length: 32, mgf1_hash: "SHA256")).to be(true)
  end

  each_native_backend do |backend|
    describe "every private-key operation gives MRI's bytes" do
      # [fixture, how the key is built, whether the split takes it]
      shapes = {
        "rsa2048_e65537" => [:full, true], "rsa2048_e3" => [:full, true], "rsa3072_e65537" => [:full, true],
        "rsa4096_e65537" => [:full, true], "rsa1024_e65537" => [:full, false]
      }
      shapes.each do |name, (_, taken)|
        fixture = ReferenceFixtures.key(name)
        it "#{name}: split #{taken ? 'when on, one thread when off' : 'never (below 2048 bits)'}" do
          { auto: taken, off: false }.each do |setting, splits|
            FastRsaEngine.split = setting
            pss = nil
            counts = counted { pss = private_operations(fixture.private_key, fixture) }
            expect_pss(fixture, pss)
            expect(counts[:engine]).to be > 0
            expect(counts[:split]).to eq(splits ? counts[:engine] : 0), "#{setting}: #{counts}"
            expect(counts[:unsplit]).to eq(taken && !splits ? counts[:engine] : 0), "#{setting}: #{counts}"
          end
        end
      end

      it "rsa2048_e65537 without CRT numbers (n, e, d): never split, MRI's bytes" do
        fixture = ReferenceFixtures.key("rsa2048_e65537")
        %i[auto off].each do |setting|
          FastRsaEngine.split = setting
          pss = nil
          counts = counted { pss = private_operations(without_factors(fixture.private_key), fixture) }
          expect_pss(fixture, pss)
          expect(counts).to include(split: 0, unsplit: 0)
          expect(counts[:engine]).to be > 0
        end
      end

      it "a tiny key: x^d mod n, split on or off (the engine declines it or runs it whole)" do
        p, q, e = 1_000_003, 999_983, 65_537
        d = OpenSSL::BN.new(e).mod_inverse((p - 1).lcm(q - 1)).to_i
        key = OpenSSL::PKey::RSA.new.tap do |tiny|
          tiny.set_key(p * q, e, d)
          tiny.set_factors(p, q)
          tiny.set_crt_params(d % (p - 1), d % (q - 1), OpenSSL::BN.new(q).mod_inverse(p).to_i)
        end
        x = 123_456_789
        block = [x.to_s(16).rjust(key.n.num_bytes * 2, "0")].pack("H*")
        %i[auto off].each do |setting|
          FastRsaEngine.split = setting
          out = nil
          counts = counted { out = key.private_encrypt(block, OpenSSL::PKey::RSA::NO_PADDING) }
          expect(out.unpack1("H*").to_i(16)).to eq(x.pow(d, p * q))
          expect(counts).to include(split: 0, unsplit: 0)
        end
      end
    end

    it "certificates and PKCS#7 envelopes split, signed and opened as with the split off" do
      key = ReferenceFixtures.key("rsa2048_e65537").private_key
      FastRsaEngine.split = :off
      unsplit = Structures.certificate(key)
      FastRsaEngine.split = :auto
      split = nil
      expect(counted { split = Structures.certificate(key) }[:split]).to be >= 1
      expect(split.to_der).to eq(unsplit.to_der)
      envelope = OpenSSL::PKCS7.encrypt([split], "secret", OpenSSL::Cipher.new("AES-128-CBC"), OpenSSL::PKCS7::BINARY)
      opened = nil
      expect(counted { opened = envelope.decrypt(key, split) }[:split]).to be >= 1
      expect(opened).to eq("secret")
    end
  end

  engines = Module.new do
    %w[KeyChecks RsaEngine PreparedKey Split].each { |name| java_import "fastrsaengine.engines.rsa.#{name}" } if RUBY_ENGINE == "jruby"
  end
  define_method(:engines) { engines }

  # A backend computing in Ruby, input^exponent mod modulus as the block computes it from (modulus,
  # exponent, input): for the whole key (n, d) and each half (p, dP; q, dQ), on the calling thread or a helper.
  def ruby_engine(&compute)
    prepared = engines::PreparedKey
    engine_interface = engines::RsaEngine
    Class.new do
      include engine_interface

      def name = "ruby halves"
      def describe = java.util.HashMap.new

      define_method(:prepare) do |key, _e|
        n = key.getModulus
        d = key.getPrivateExponent
        prepared.of(n) { |input| compute.call(n, d, input) }
      end

      define_method(:prepareHalf) do |prime, exponent|
        prepared.of(prime) { |input| compute.call(prime, exponent, input) }
      end
    end.new
  end

  let(:fixture) { ReferenceFixtures.key("rsa2048_e65537").private_key }
  let(:java_key) do
    spec = java.security.spec.RSAPrivateCrtKeySpec.new(*%i[n e d p q dmp1 dmq1 iqmp].map { |part| fixture.public_send(part).to_java })
    java.security.KeyFactory.getInstance("RSA").generatePrivate(spec)
  end
  let(:input) { 0x1234_5678_9abc_def0 }

  def prepared_key(engine) = engines::KeyChecks.prepare(engine, java_key, fixture.e.to_java)

  # The check after the join must catch a wrong half, and KeyChecks then computes the answer as n,
  # e, d (as for any CRT result that fails its check).
  describe "a fault in either half" do
    # The half of the prime given off by one bit, all else right.
    def faulty_engine(faulty_prime)
      ruby_engine { |prime, exponent, input| input.pow(exponent, prime) ^ (prime == faulty_prime ? 1 : 0) }
    end

    %i[p q].each do |half|
      it "in the #{half} half: caught, counted, and the answer computed without CRT is right" do
        FastRsaEngine.split = :auto
        key = prepared_key(faulty_engine(fixture.public_send(half).to_i))
        failures = FastRsaEngine.stats[:check_failures]
        counts = counted { expect(key.privateOperation(input)).to eq(input.pow(fixture.d.to_i, fixture.n.to_i)) }
        expect(counts[:split]).to eq(1)
        expect(FastRsaEngine.stats[:check_failures]).to eq(failures + 1)
      end
    end

    it "with sound halves: no failure (the spec can tell a caught fault from none)" do
      FastRsaEngine.split = :auto
      key = prepared_key(faulty_engine(0))
      failures = FastRsaEngine.stats[:check_failures]
      expect(key.privateOperation(input)).to eq(input.pow(fixture.d.to_i, fixture.n.to_i))
      expect(FastRsaEngine.stats[:check_failures]).to eq(failures)
    end
  end

  # Each key learns which way is the faster (engines/rsa/SplitChoice.java), from its calls' times: made
  # here by halves that sleep, far apart, so that no load on the machine can turn the choice.
  describe "learning which way is faster" do
    around do |example|
      engines::Split.learn(true)
      example.run
    ensure
      engines::Split.learn(false)
    end

    # The split calls of `calls` operations of a key whose halves sleep: on a helper thread, or on
    # any (the whole key, without the split, twice as long). Each power is computed once and kept, so
    # the times are the sleeps alone, whatever else the machine runs. A helper that has not started
    # its half when the caller has done its own leaves both to the caller (engines/rsa/HelperThreads.java):
    # so the caller's half must sleep too, else on a loaded machine such a split call takes no time at
    # all and looks faster than whole (seen in CI: 47 split calls where 24 at most were expected).
    def split_calls(calls, on_helper:, on_any:)
      FastRsaEngine.split = :auto
      powers = {}
      lock = Mutex.new
      key = prepared_key(ruby_engine do |modulus, exponent, input|
        helper = java.lang.Thread.currentThread.getName.start_with?(helper_name)
        sleep(helper ? on_helper : on_any * (modulus == fixture.n.to_i ? 2 : 1))
        lock.synchronize { powers[[modulus, exponent, input]] ||= input.pow(exponent, modulus) }
      end)
      counted { calls.times { expect(key.privateOperation(input)).to eq(input.pow(fixture.d.to_i, fixture.n.to_i)) } }[:split]
    end

    # Looking again 4 calls in every 64 would split 32 of 512; the period doubling after each look
    # that finds splitting still the slower (64, 128, 256, 512) leaves about 13.
    it "a key whose helper's half comes late computes mostly whole, and looks again ever more rarely" do
      expect(split_calls(512, on_helper: 0.1, on_any: 0.01)).to be_between(4, 24)
    end

    it "a key whose halves take as long on either thread mostly splits (the spec can tell one from the other)" do
      expect(split_calls(64, on_helper: 0.05, on_any: 0.05)).to be >= 48
    end
  end

  describe "threads" do
    let(:key) { ReferenceFixtures.key("rsa2048_e65537").private_key }
    let(:signature) { ReferenceFixtures.key("rsa2048_e65537").signature("SHA256", "fox") }

    def helper_threads(name)
      java.lang.Thread.getAllStackTraces.keySet.count { |thread| thread.getName.start_with?(name) }
    end

    # Bounded generously: a helper leaves after 5 idle seconds, later on a loaded machine.
    def wait_for(limit = 120)
      deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + limit
      sleep 0.2 until yield || Process.clock_gettime(Process::CLOCK_MONOTONIC) > deadline
      yield
    end

    it "helpers: one per core beyond the first, named, and none left once idle" do
      FastRsaEngine.split = :auto
      expect(counted { key.sign("SHA256", message("fox")) }[:split]).to eq(1)
      expect(helper_threads(helper_name)).to be_between(1, cores - 1)
      expect(wait_for { helper_threads(helper_name).zero? }).to be(true)
    end

    it "a signing thread raised into and killed mid-operation loses nothing: every signature it returned is right, and the split goes on" do
      FastRsaEngine.split = :auto
      # Locals, not let or a Queue: an exception raised into their locks breaks the lock, not the gem.
      wrong = 0
      signing, expected, data = key, signature, message("fox")
      reporting = Thread.report_on_exception
      Thread.report_on_exception = false # the signers end by what they are raised with
      20.times do |round|
        signer = Thread.new do
          loop { wrong += 1 unless signing.sign("SHA256", data) == expected }
        end
        sleep 0.01 * (round % 5)
        round.even? ? signer.raise(Interrupt) : signer.kill
        begin
          signer.join
        rescue Interrupt
          nil # what the thread was raised with
        end
      end
      Thread.report_on_exception = reporting
      expect(wrong).to eq(0)
      counts = counted { 5.times { expect(key.sign("SHA256", message("fox"))).to eq(signature) } }
      expect(counts[:split]).to eq(5)
      expect(helper_threads(helper_name)).to be <= cores - 1
    end

    it "a runtime torn down while it signs leaves no helper thread of its own behind" do
      lib = File.expand_path("../../lib", __dir__)
      container = org.jruby.embed.ScriptingContainer.new(org.jruby.embed.LocalContextScope::SINGLETHREAD,
                                                         org.jruby.embed.LocalVariableBehavior::TRANSIENT)
      container.setLoadPaths([lib])
      container.runScriptlet(<<~RUBY)
        require "fast-rsa-engine"
        FastRsaEngine.split = :auto
        $key = OpenSSL::PKey::RSA.new(#{key.to_pem.inspect})
        $signer = Thread.new { loop { $key.sign("SHA256", "torn down") } }
        sleep 0.2
        FastRsaEngine.stats[:split][:split] > 0 or raise "nothing split"
      RUBY
      container.terminate
      expect(wait_for { helper_threads(helper_name).zero? }).to be(true)
    end
  end

  describe "FastRsaEngine.split, info and stats" do
    it "is :auto by default where the JVM has a second core (unless FAST_RSA_ENGINE_SPLIT=off); :off and :auto switch it, by Symbol or String" do
      expect(FastRsaEngine.split).to eq(ENV["FAST_RSA_ENGINE_SPLIT"] == "off" ? :off : :auto)
      FastRsaEngine.split = :off
      expect(FastRsaEngine.split).to eq(:off)
      expect(FastRsaEngine.info[:split]).to eq("off")
      FastRsaEngine.split = "auto"
      expect(FastRsaEngine.split).to eq(:auto)
      expect(FastRsaEngine.info[:split]).to eq("auto: #{cores - 1} helper thread#{cores == 2 ? '' : 's'}, keys of 2048 bits and more")
    end

    it "refuses anything else with ArgumentError, and keeps its setting" do
      FastRsaEngine.split = :off
      [:on, true, nil, "AUTO", :stock].each do |setting|
        expect { FastRsaEngine.split = setting }.to raise_error(ArgumentError, /unknown split setting/)
        expect(FastRsaEngine.split).to eq(:off)
      end
    end

    it "FAST_RSA_ENGINE_SPLIT at require (fresh JRuby processes): off turns it off, auto leaves it on, anything else warns once" do
      lib = File.expand_path("../../lib", __dir__)
      script = 'require "fast-rsa-engine"; puts FastRsaEngine.split'
      runs = { "off" => "off", "auto" => "auto", "bogus" => "auto", "" => "auto" }.to_h do |value, expected|
        [value, [expected, Thread.new { Open3.capture3({ "FAST_RSA_ENGINE_SPLIT" => value }, *StockJRuby::BRIEF, "-I", lib, "-e", script) }]]
      end
      runs.each do |value, (expected, thread)|
        stdout, stderr, status = thread.value
        expect(status).to be_success, stderr
        expect(stdout).to eq("#{expected}\n"), value
        expect(stderr).to eq(value == "bogus" ? "fast-rsa-engine: FAST_RSA_ENGINE_SPLIT=bogus is not auto or off; the split stays auto\n" : ""), value
      end
    end
  end
end

RSpec.describe "The split on MRI", mri: true do
  it "is :off; split= takes :auto and :off and refuses anything else with ArgumentError" do
    expect(FastRsaEngine.split).to eq(:off)
    expect { FastRsaEngine.split = :auto }.not_to raise_error
    expect { FastRsaEngine.split = "off" }.not_to raise_error
    expect { FastRsaEngine.split = :on }.to raise_error(ArgumentError, /unknown split setting/)
    expect(FastRsaEngine.split).to eq(:off)
  end
end
