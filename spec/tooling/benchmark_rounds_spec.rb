# frozen_string_literal: true

require "tmpdir"
require_relative "../../benchmark/lib/rounds"
require_relative "../../benchmark/lib/statistics"

# How bin/benchmark turns rounds into figures: the median's interval from the samples' order, and
# rounds in which every runtime measures every cell in turn, in an order that rotates.
RSpec.describe "The benchmark's rounds and statistics" do
  describe Statistics do
    it "gives the median, and below six samples the range as its interval, with that range's confidence" do
      expect(Statistics.median([3, 1, 2])).to eq(2)
      expect(Statistics.median([4, 1, 3, 2])).to eq(2.5)
      expect(Statistics.interval([1.0, 1.2, 0.9, 1.1, 1.05])).to eq([0.9, 1.2, 1 - 2.0 / 2**5])
    end

    it "from six samples on, the order statistics whose interval holds the median with at least 95%" do
      samples = (1..20).map(&:to_f).shuffle(random: Random.new(1))
      low, high, confidence = Statistics.interval(samples)
      # n = 20: P(X <= 5) = 0.0207 <= 0.025 < P(X <= 6) = 0.0577, so the 6th smallest and the 6th largest.
      expect([low, high]).to eq([6.0, 15.0])
      expect(confidence).to be_within(1e-4).of(1 - 2 * 0.0207)
      expect(Statistics.interval([5.0] * 6 + [100.0])).to eq([5.0, 100.0, 1 - 2.0 / 2**7]) # n = 7: k = 1
    end

    it "says how far the interval reaches from the median, on its farther side" do
      summary = Statistics.summary([0.9, 1.0, 1.0, 1.05, 1.0])
      expect(summary).to include(median: 1.0, low: 0.9, high: 1.05, rounds: 5)
      expect(summary[:half_width]).to be_within(1e-9).of(0.1)
      expect(Statistics.summary([])).to be_nil
    end
  end

  it "measures each cell with every runtime in each round, seconds apart, in an order that rotates", mri: true do
    Dir.mktmpdir do |keys|
      File.write(File.join(keys, "rsa-1024.pem"), OpenSSL::PKey::RSA.new(1024).to_pem)
      runtimes = %w[first second third].map { |key| Rounds::Runtime.new(key: key, interpreter: RbConfig.ruby, engine: "none") }
      cells = [["sign", 1024, 1], ["verify", 1024, 1]]
      timing = { warmup: 0.01, time: 0.05, keygen_time: 0.05, jit_warmup: 0, repeats: 2 }
      rounds = Rounds.new(runtimes, cells, timing, { sizes: [1024], curves: [], ops: %w[sign verify], keys: keys }, {})
      progress = []
      allow(rounds).to receive(:warn) { |line| progress << line }
      answers = [rounds.run(0), rounds.run(1)]

      answers.each do |answer|
        expect(answer.keys).to eq(%w[first second third])
        expect(answer.values.map { |runtime| runtime["rates"].keys }).to all(eq(cells))
        expect(answer.values.flat_map { |runtime| runtime["rates"].values }).to all(match([be > 0, be > 0]))
        expect(answer.values.map { |runtime| runtime.dig("runtime", "label") }).to all(start_with("MRI"))
      end
      # Each progress line names the runtimes in the order they measured the cell's first repeat.
      orders = progress.map { |line| line.scan(/(first|second|third) /).flatten }
      expect(orders).to eq([%w[first second third], %w[second third first], %w[second third first], %w[third first second]])
    end
  end
end
