# frozen_string_literal: true

# JRuby threads run in parallel: many of them share one key object, and with it the engine's
# per-key state (converted numbers, blinding pairs, native handles), built on first use by
# whichever thread comes first. Every result is checked against MRI's.
RSpec.describe "Threads sharing one key", jruby: true do
  threads = 8
  operations = 50
  fixture = ReferenceFixtures.key("rsa2048_e65537")

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

  # Runs the block in every thread at once (released together), collecting what each returns.
  def in_parallel(count)
    gate = Queue.new
    workers = Array.new(count) { |t| Thread.new { gate.pop; yield t } }
    count.times { gate << :go }
    workers.map(&:value)
  end

  each_native_backend do |backend|
    it "#{threads} threads x #{operations} mixed operations on a fresh key: every result is MRI's" do
      key = fixture.private_key
      failures = in_parallel(threads) do |t|
        Array.new(operations) { |i| round(key, t + i) }.compact
      end.flatten
      expect(failures).to be_empty, "#{failures.size} wrong results, e.g. #{failures.first(3)}"
    end

    it "#{threads} threads, each with a key object of its own, in parallel: every signature is MRI's" do
      failures = in_parallel(threads) do
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
end
