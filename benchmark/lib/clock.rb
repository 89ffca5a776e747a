# frozen_string_literal: true

# Seconds on the monotonic clock, which wall-clock adjustments do not move: what the benchmarks' timings read.
module Clock
  def self.now
    Process.clock_gettime(Process::CLOCK_MONOTONIC)
  end
end
