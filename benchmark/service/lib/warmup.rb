# frozen_string_literal: true

require_relative "load"

module ServiceBenchmark
  # Warms a server up on one scenario: wrk rounds until three rounds in a row give rates within
  # `steady` percent of each other, or `warmup_max` seconds have gone. JRuby compiles the hot
  # paths as they run, so its first rounds are slow; MRI is steady from the start. Three rounds,
  # not two: on a busy machine two rounds agree by chance while the rate still climbs.
  module Warmup
    module_function

    # Answers the rate of each round, and whether it got steady before the time ran out.
    def run(server, scenario, options, log:, token:)
      rates = []
      started = now
      until steady?(rates, options[:steady]) || now - started >= options[:warmup_max]
        round = Load.run(server.url, scenario, connections: options[:connections].max, seconds: options[:warmup_round],
                                               log: log, token: token)
        rates << round[:requests_per_second]
        warn format("      warm-up round %d: %.0f requests/s", rates.size, rates.last)
      end
      { rounds: rates, steady: steady?(rates, options[:steady]), seconds: (now - started).round(1) }
    end

    ROUNDS = 3

    def steady?(rates, percent)
      return false if rates.size < ROUNDS

      low, high = rates.last(ROUNDS).minmax
      high - low <= high * percent / 100.0
    end

    def now
      Process.clock_gettime(Process::CLOCK_MONOTONIC)
    end
  end
end
