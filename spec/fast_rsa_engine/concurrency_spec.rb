# frozen_string_literal: true

# JRuby threads run in parallel: many of them share one key object, and with it the engine's
# per-key state (converted numbers, blinding pairs, native handles), built on first use by
# whichever thread comes first. Every result is checked against MRI's.
RSpec.describe "Threads sharing one key", jruby: true, per_java: true do
  threads = 8
  operations = 50
  let(:fixture) { ReferenceFixtures.key("rsa2048_e65537") }
  let(:message) { ReferenceFixtures.message("fox") }
  let(:signature) { fixture.signature("SHA256", "fox") }
  let(:pkcs1) { fixture.ciphertext("PKCS1_PADDING", 1) }
  let(:raw) { fixture.ciphertexts.find { |entry| entry["padding"] == "NO_PADDING" && entry["plaintext"].start_with?("000000") } }
  let(:oaep) { fixture.ciphertext("PKCS1_OAEP_PADDING", 1) }

  # One round of mixed operations; answers the descriptions of the wrong results.
  def round(key, index)
    case index % 4
    when 0 then check("sign", key.sign("SHA256", message), signature)
    when 1 then check("PKCS#1 decrypt", key.private_decrypt(bytes(pkcs1["ciphertext"])), bytes(pkcs1["plaintext"]))
    when 2 then check("raw decrypt", key.private_decrypt(bytes(raw["ciphertext"]), OpenSSL::PKey::RSA::NO_PADDING), bytes(raw["plaintext"]))
    else check("OAEP decrypt", key.private_decrypt(bytes(oaep["ciphertext"]), OpenSSL::PKey::RSA::PKCS1_OAEP_PADDING), bytes(oaep["plaintext"]))
    end
  end

  def check(what, actual, expected)
    actual == expected ? nil : "#{what}: #{ReferenceFixtures.hex(actual)[0, 32]}..."
  end

  def bytes(hex)
    ReferenceFixtures.bytes(hex)
  end

  each_native_backend do |backend|
    it "#{threads} threads x #{operations} mixed operations on a fresh key: every result is MRI's" do
      key = fixture.private_key
      failures = Concurrently.in_parallel(threads) do |t|
        Array.new(operations) { |i| round(key, t + i) }.compact
      end.flatten
      expect(failures).to be_empty, "#{failures.size} wrong results, e.g. #{failures.first(3)}"
    end

    it "#{threads} threads, each with a key object of its own, in parallel: every signature is MRI's" do
      failures = Concurrently.in_parallel(threads) do
        key = fixture.private_key
        Array.new(operations / 5) { check("sign", key.sign("SHA256", message), signature) }.compact
      end.flatten
      expect(failures).to be_empty, failures.first(3).inspect
    end
  end

  it "switching backends while threads sign never gives a wrong signature" do
    skip "needs a native backend" if Backends.native.empty?

    key = fixture.private_key
    names = Backends.native + [:stock]
    Backends.with(names.first) do
      signers = Array.new(4) do
        Thread.new { Array.new(operations) { check("sign", key.sign("SHA256", message), signature) }.compact }
      end
      switches = 0
      while signers.any?(&:alive?)
        FastRsaEngine.backend = names[switches % names.size]
        switches += 1
        sleep 0.002
      end
      failures = signers.flat_map(&:value)
      expect(failures).to be_empty, failures.first(3).inspect
      expect(switches).to be >= 2
    end
  end

  # One call reads the engine and the key once and answers from what it read: a backend switch or
  # a set_key by another thread meanwhile never splits a call between two engines or two keys.
  describe "calls while another thread changes what they read" do
    calls = 4000
    # What these find is a call that meets a change midway, so what counts is how many calls meet
    # changes, not their size: a 1024-bit key, each call a fraction of a 2048-bit one's.
    let(:fixture) { ReferenceFixtures.key("rsa1024_e65537") }

    it "encrypt and decrypt while the backend switches between native and :stock: every answer right" do
      skip "needs a native backend" if Backends.native.empty?

      key = fixture.private_key
      Backends.with(Backends.native.first) do
        switch = -> { FastRsaEngine.backend = :stock; FastRsaEngine.backend = Backends.native.first }
        failures = Concurrently.while_changing(calls, switch) do
          outcome = Outcome.of { key.decrypt(key.encrypt("switch")) }
          outcome.value == "switch" ? nil : outcome.to_s
        end
        expect(failures).to be_empty, "#{failures.size} wrong, e.g. #{failures.first(3)}"
      end
    end

    # A quarter of the calls: after set_key the key has n, e and d alone, so nearly every call prepares
    # it again (a probe operation without CRT) and runs two operations without CRT, about four times
    # the work of a call of the switch above; a thousand calls still meet thousands of set_keys.
    set_key_calls = calls / 4

    each_native_backend do |_backend|
      it "private_decrypt NO_PADDING and sign while set_key sets the same numbers: every answer MRI's" do
        key = fixture.private_key
        n, e, d = key.n, key.e, key.d
        one = raw["ciphertext"]
        failures = Concurrently.while_changing(set_key_calls, -> { key.set_key(n, e, d) }) do
          check("raw decrypt", key.private_decrypt(bytes(one), OpenSSL::PKey::RSA::NO_PADDING), bytes(raw["plaintext"])) ||
            check("sign", key.sign("SHA256", message), signature)
        end
        expect(failures).to be_empty, "#{failures.size} wrong, e.g. #{failures.first(3)}"
      end
    end
  end
end

