# frozen_string_literal: true

# Time-based measurement: operations per second, with one or more threads running at once.
module Rate
  module_function

  # Starts `threads` threads, each with its own callable from `prepare`; each runs it for `warmup`
  # seconds, then counts calls for `duration` seconds. Answers the sum of the threads' rates.
  def measure(threads:, warmup:, duration:, &prepare)
    Array.new(threads) { Thread.new { thread_rate(prepare.call, warmup, duration) } }.sum(&:value)
  end

  def thread_rate(operation, warmup, duration)
    run_until(operation, now + warmup)
    start = now
    count, finish = run_until(operation, start + duration)
    count / (finish - start)
  end

  # Calls `operation` until `deadline` (at least once); answers the count and the time it stopped.
  def run_until(operation, deadline)
    count = 0
    loop do
      operation.call
      count += 1
      time = now
      return [count, time] if time >= deadline
    end
  end

  def now
    Process.clock_gettime(Process::CLOCK_MONOTONIC)
  end
end
