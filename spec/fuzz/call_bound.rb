# frozen_string_literal: true

module Fuzz
  # When a call that has not returned counts as stuck rather than slow. On a machine others load,
  # a call's wall time stretches with the load, but the CPU time its own thread gets does not:
  # a call is stuck once its thread has computed for longer than any answer takes. That is `cpu`
  # seconds, or STOCK_FACTOR times the CPU time stock's call of the same case took in this run,
  # whichever is more (the engine hands some calls to stock, and some calls are slow in stock
  # too: RSA.generate(511, 17) computes for about a second before stock refuses it). Behind it a
  # generous bound on wall time catches a call that waits instead of computing (a deadlock).
  class CallBound
    STOCK_FACTOR = 4
    WALL_SECONDS = 60

    attr_reader :cpu_limit, :wall_limit

    def initialize(cpu, stock_cpu: nil)
      @cpu_limit = [cpu, STOCK_FACTOR * (stock_cpu || 0)].max
      @wall_limit = [WALL_SECONDS, 4 * @cpu_limit].max
    end

    # Whether a call that has run for `wall` seconds, `cpu` of them on its thread's CPU time, is stuck.
    def exceeded?(wall, cpu)
      cpu > @cpu_limit || wall > @wall_limit
    end

    def describe(wall, cpu)
      format("no answer after %.1f s of CPU time in %.1f s (bound: %.1f s of CPU time, or %d s)", cpu, wall, @cpu_limit, @wall_limit)
    end
  end
end
