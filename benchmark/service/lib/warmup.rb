# frozen_string_literal: true

require_relative "../../lib/clock"
require_relative "load"

module ServiceBenchmark
  # Warms a server up on one scenario with wrk rounds, until the server has served `min_requests`
  # since boot and three rounds in a row agree, within `steady` percent, on its CPU time per
  # request; or until `warmup_max` seconds have gone. JRuby compiles hot code in stages (JRuby's
  # JIT after 50 calls, then the JVM's C1, then C2 after thousands), and its cost per request falls
  # stage by stage, with plateaus between: hence a count of requests before the first check
  # (JRuby only; MRI has no JIT here). CPU per request, not requests/s: on a machine shared with
  # others the rate jumps with their load, the cost much less.
  module Warmup
    ROUNDS = 3

    module_function

    # Answers each round's requests/s and CPU milliseconds per request, and whether the warm-up
    # ended steady before the time ran out.
    def run(server, scenario, options, log:, token:, min_requests:)
      rounds = []
      started = Clock.now
      until (steady?(rounds, options[:steady]) && server.timing["requests"] >= min_requests) ||
            Clock.now - started >= options[:warmup_max]
        rounds << round(server, scenario, options, log, token)
        warn format("      warm-up round %d: %.0f requests/s, %.2f CPU ms a request", rounds.size, *rounds.last)
      end
      { rates: rounds.map(&:first), cpu_ms: rounds.map(&:last), seconds: (Clock.now - started).round(1),
        steady: steady?(rounds, options[:steady]) && server.timing["requests"] >= min_requests }
    end

    def round(server, scenario, options, log, token)
      cpu = server.cpu_seconds
      figures = Load.run(server.url, scenario, connections: options[:connections].max, seconds: options[:warmup_round],
                                               log: log, token: token)
      [figures[:requests_per_second], ((server.cpu_seconds - cpu) * 1000 / figures[:requests]).round(3)]
    end

    def steady?(rounds, percent)
      return false if rounds.size < ROUNDS

      low, high = rounds.last(ROUNDS).map(&:last).minmax
      high - low <= high * percent / 100.0
    end
  end
end
