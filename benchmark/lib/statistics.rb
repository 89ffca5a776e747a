# frozen_string_literal: true

# What bin/benchmark says of a figure measured once per round: its median over the rounds and how far
# to trust it. The interval is the median's, distribution-free (from the samples' order, as Go's
# benchstat takes it): it needs no assumption about how the machine's noise is shaped, and an outlier
# round moves it by one rank, not by its size.
module Statistics
  CONFIDENCE = 0.95
  WIDE = 0.10 # a figure whose interval reaches further than this from its median is marked as unreliable

  module_function

  def median(samples)
    sorted = samples.sort
    middle = sorted.size / 2
    sorted.size.odd? ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2.0
  end

  # [low, high, confidence]: the median's 95% interval, the k-th smallest and k-th largest sample for
  # the largest k whose chance of both missing the true median is at most 5% (the samples' count
  # below the median is binomial, n and 1/2). Below six samples no two ranks give 95%: then the
  # smallest and the largest, with the confidence that range has (1 - 2^(1-n)).
  def interval(samples)
    sorted = samples.sort
    n = sorted.size
    k = 1
    k += 1 while k < n / 2 && tail(n, k) <= (1 - CONFIDENCE) / 2
    [sorted[k - 1], sorted[n - k], 1 - 2 * tail(n, k - 1)]
  end

  # The chance that at most `below` of n samples fall below the median: P(X <= below), X ~ B(n, 1/2).
  def tail(n, below)
    (0..below).sum { |i| binomial(n, i) } / 2.0**n
  end

  def binomial(n, k)
    (1..k).reduce(1) { |product, i| product * (n - k + i) / i }
  end

  # The interval's farther end from the median, as a fraction of it: 0.03 for "±3%".
  def half_width(samples)
    middle = median(samples)
    low, high, = interval(samples)
    [high / middle - 1, 1 - low / middle].max
  end

  # {median:, low:, high:, confidence:, rounds:} of the samples, nil where there are none.
  def summary(samples)
    return if samples.empty?

    low, high, confidence = interval(samples)
    { median: median(samples), low: low, high: high, confidence: confidence.round(3), rounds: samples.size,
      half_width: half_width(samples) }
  end
end
