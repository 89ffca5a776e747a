# frozen_string_literal: true

# What bin/benchmark says of a figure measured once per round: its geometric mean over the rounds and
# a 95% interval from the rounds. Rounds are the independent samples (fresh processes each, so what
# differs from one JVM to the next is in their spread); ratios and rates are averaged as logarithms,
# so that 0.9x and 1.1x do not average to a gain. On this project's 2-core hosts the rounds' spread
# was measured to come from the machine's noise within a round, which is near normal in the
# logarithm: Student's t on the logs is then the narrowest honest interval (an A/A run of
# `--baseline` showed the order-statistics interval of the median twice as wide for the same data).
# Below MIN_ROUNDS rounds the interval is the rounds' range.
module Statistics
  WIDE = 0.05 # a figure whose interval reaches further than this from its mean is marked as unreliable
  MIN_ROUNDS = 5
  # Student's t, two-sided 95%, by degrees of freedom; past the table 2.0 (60 degrees: 2.000).
  T95 = [nil, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
         2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052,
         2.048, 2.045, 2.042].freeze

  module_function

  def mean(samples)
    samples.sum / samples.size.to_f
  end

  def geometric_mean(samples)
    Math.exp(mean(samples.map { |x| Math.log(x) }))
  end

  # [low, high]: the geometric mean's 95% interval, mean(log) +- t * s / sqrt(n) taken back out of the
  # logarithm; below MIN_ROUNDS samples, the smallest and the largest.
  def interval(samples)
    return samples.minmax if samples.size < MIN_ROUNDS

    logs = samples.map { |x| Math.log(x) }
    center = mean(logs)
    deviation = Math.sqrt(logs.sum { |x| (x - center)**2 } / (logs.size - 1))
    reach = T95.fetch(logs.size - 1, 2.0) * deviation / Math.sqrt(logs.size)
    [Math.exp(center - reach), Math.exp(center + reach)]
  end

  # {mean:, low:, high:, rounds:, half_width:} of the samples, nil where there are none. half_width:
  # the interval's farther end from the mean, as a fraction of it (0.03 for "±3%").
  def summary(samples)
    return if samples.empty?

    center = geometric_mean(samples)
    low, high = interval(samples)
    { mean: center, low: low, high: high, rounds: samples.size, half_width: [high / center - 1, 1 - low / center].max }
  end
end
