# frozen_string_literal: true

# FastRsaEngine.stats, for operators: per patched method, the calls the engine answered and those
# left to stock with the reason; and results that failed their check. On MRI, an empty count.
RSpec.describe "FastRsaEngine.stats" do
  fixture = ReferenceFixtures.key("rsa1024_e65537")

  def counts(method)
    FastRsaEngine.stats[:calls].fetch(method, {})
  end

  context "on JRuby", jruby: true do
    before { FastRsaEngine.reset_stats }

    each_native_backend do |_backend|
      it "counts a sign the engine answered, one left to stock for its arguments, and one on a key it declines" do
        key = fixture.private_key
        key.sign("SHA256", "counted")
        expect(Outcome.of { key.sign(Object.new, "counted") }).to be_raised # no digest: stock's TypeError
        declined = fixture.private_key.tap { |k| k.set_key(k.n, k.e, k.n + 2) } # d > n: the engine declines
        Outcome.of { declined.sign("SHA256", "counted") }
        expect(counts(:sign)).to eq(engine: 1, key_declined: 1, option_not_taken: 1, backend_stock: 0)
        expect(FastRsaEngine.stats[:check_failures]).to eq(0)
      end
    end

    it "counts calls on the :stock backend, and reset_stats starts again from zero" do
      Backends.with(:stock) { fixture.private_key.sign("SHA256", "counted") }
      expect(counts(:sign)).to include(backend_stock: 1, engine: 0)
      FastRsaEngine.reset_stats
      expect(FastRsaEngine.stats).to eq(calls: {}, check_failures: 0, split: { split: 0, unsplit: 0 })
    end

    it "counts key generation and the verifying methods" do
      skip "needs a native backend" if Backends.native.empty?

      Backends.with(Backends.native.first) do
        key = fixture.private_key
        key.verify("SHA256", key.sign("SHA256", "v"), "v")
        OpenSSL::PKey::RSA.generate(1024)
        expect(counts(:verify).values.sum).to eq(1)
        expect(counts(:generate).values.sum).to eq(1)
      end
    end
  end

  context "on MRI", mri: true do
    it "is an empty count, and reset_stats answers nil" do
      expect(FastRsaEngine.stats).to eq(calls: {}, check_failures: 0, split: { split: 0, unsplit: 0 })
      expect(FastRsaEngine.reset_stats).to be_nil
    end
  end
end
