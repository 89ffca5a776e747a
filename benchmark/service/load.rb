# frozen_string_literal: true

require "json"
require_relative "server"

module ServiceBenchmark
  # wrk against a server, loopback only, bounded in time, through load.lua: it sends a scenario's
  # requests, counts non-2xx responses, keeps a sample of the tokens and prints its figures as JSON.
  module Load
    SCRIPT = File.expand_path("load.lua", __dir__)
    TIMEOUT = 10 # seconds; a response slower than that counts as a timeout
    WARMUP_ROUNDS = 3

    module_function

    # One wrk run: `connections` keep-alive connections for `seconds`. Scenario: an algorithm to
    # issue tokens with (samples: where to keep every sample_every-th), or nil to check `token`.
    def run(url, algorithm, connections:, seconds:, log:, samples: nil, sample_every: 1, token: nil)
      raise ArgumentError, "wrk targets loopback only, not #{url}" unless url.start_with?("http://127.0.0.1:")

      what = algorithm ? ["sessions", algorithm, samples ? sample_every.to_s : "0", samples.to_s] : ["verify", token]
      # In our process group: a Ctrl-C reaches wrk too.
      done = system("wrk", "--threads", "1", "--connections", connections.to_s, "--duration", "#{seconds}s", "--timeout", "#{TIMEOUT}s",
                    "--script", SCRIPT, url, "--", *what, out: log, err: %i[child out])
      raise "wrk failed (#{$?}): #{File.readlines(log).last(20).join}" unless done

      raw = JSON.parse(File.readlines(log).grep(/\A\{/).last)
      raise "wrk got no response at all with #{connections} connections" if raw["requests"].zero?

      { connections: connections, requests_per_second: (raw["requests"] / raw["seconds"]).round(1),
        p50_ms: raw["p50_us"] / 1000.0, p99_ms: raw["p99_us"] / 1000.0, mean_ms: (raw["mean_us"] / 1000.0).round(3),
        **raw.slice("requests", "non_2xx", "socket_errors", "timeouts", "sampled").transform_keys(&:to_sym) }
    end

    # Warms a server up with wrk rounds until it has served `min_requests` since boot and WARMUP_ROUNDS
    # rounds in a row agree, within `steady` percent, on its CPU time per request; or until
    # `warmup_max` seconds have gone. JRuby compiles hot code in stages (JRuby's JIT after 50 calls,
    # then the JVM's C1, then C2 after thousands), and its cost per request falls stage by stage,
    # with plateaus between: hence a count of requests before the first check (JRuby only; MRI has
    # no JIT here). CPU per request, not requests/s: on a shared machine the rate jumps with others'
    # load, the cost much less. Answers each round's requests/s and CPU ms a request, and whether it
    # ended steady.
    def warm_up(server, algorithm, options, log:, token:, min_requests:)
      rounds = []
      started = ServiceBenchmark.now
      steady = lambda do
        costs = rounds.last(WARMUP_ROUNDS).map(&:last)
        rounds.size >= WARMUP_ROUNDS && costs.max - costs.min <= costs.max * options[:steady] / 100.0 &&
          server.timing["requests"] >= min_requests
      end
      until steady.() || ServiceBenchmark.now - started >= options[:warmup_max]
        cpu = server.cpu_seconds
        figures = run(server.url, algorithm, connections: options[:connections].max, seconds: options[:warmup_round], log: log, token: token)
        rounds << [figures[:requests_per_second], ((server.cpu_seconds - cpu) * 1000 / figures[:requests]).round(3)]
        warn format("      warm-up round %d: %.0f requests/s, %.2f CPU ms a request", rounds.size, *rounds.last)
      end
      { rates: rounds.map(&:first), cpu_ms: rounds.map(&:last), seconds: (ServiceBenchmark.now - started).round(1), steady: steady.() }
    end
  end
end
