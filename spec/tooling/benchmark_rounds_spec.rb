# frozen_string_literal: true

require "tmpdir"
require_relative "../../benchmark/lib/rounds"
require_relative "../../benchmark/lib/statistics"

# How bin/benchmark turns rounds into figures: a geometric mean and its 95% interval, and
# rounds in which every runtime measures every cell in turn, in an order that rotates.
RSpec.describe "The benchmark's rounds and statistics" do
  describe Statistics, one_line: true do
    it "averages as logarithms, and below five rounds gives their range as the interval" do
      expect(Statistics.geometric_mean([0.5, 2.0])).to be_within(1e-12).of(1.0)
      expect(Statistics.interval([1.0, 1.2, 0.9, 1.1])).to eq([0.9, 1.2])
    end

    it "from five rounds on, Student's t on the logarithms: it holds the true ratio 95% of the time" do
      random = Random.new(7)
      normal = -> { Math.sqrt(-2 * Math.log(1 - random.rand)) * Math.cos(2 * Math::PI * random.rand) }
      held = 2000.times.count do
        low, high = Statistics.interval(Array.new(8) { Math.exp(0.05 * normal.()) }) # a true ratio of 1, 5% noise
        low <= 1 && 1 <= high
      end
      expect(held / 2000.0).to be_within(0.015).of(0.95)
    end

    it "says how far the interval reaches from the mean, on its farther side" do
      summary = Statistics.summary([1.0, 1.0, 1.0, 1.0, 1.1])
      expect(summary).to include(rounds: 5)
      expect(summary[:mean]).to be_within(1e-9).of(1.1**0.2)
      expect(summary[:half_width]).to be_within(1e-9).of(summary[:high] / summary[:mean] - 1)
      expect(summary[:low]).to be < summary[:mean]
      expect(Statistics.summary([])).to be_nil
    end
  end

  it "measures each cell with every runtime in each round, seconds apart, in an order that rotates", mri: true do
    Dir.mktmpdir do |keys|
      File.write(File.join(keys, "rsa-1024.pem"), OpenSSL::PKey::RSA.new(1024).to_pem)
      runtimes = %w[first second third].map { |key| Rounds::Runtime.new(key: key, interpreter: RbConfig.ruby, engine: "none") }
      cells = [["sign", 1024, 1], ["verify", 1024, 1]]
      timing = { warmup: 0.01, time: 0.05, long_time: 0.05, long_calls: ["keygen"], jit_warmup: 0, repeats: 2 }
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
