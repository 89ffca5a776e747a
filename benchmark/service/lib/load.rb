# frozen_string_literal: true

require "json"
require_relative "child_process"

module ServiceBenchmark
  # One wrk run against a server, loopback only, bounded in time: the scenario's requests from
  # `connections` keep-alive connections for `seconds`, through load.lua, which counts non-2xx
  # responses, keeps a sample of the tokens and prints its figures as one JSON line.
  module Load
    SCRIPT = File.expand_path("../load.lua", __dir__)
    TIMEOUT = 10 # seconds; a response slower than that counts as a timeout

    module_function

    # Answers load.lua's figures, with requests/s and milliseconds worked out.
    def run(url, scenario, connections:, seconds:, log:, samples: nil, sample_every: 1, token: nil)
      raise ArgumentError, "wrk targets loopback only, not #{url}" unless url.start_with?("http://127.0.0.1:")

      command = ["wrk", "--threads", "1", "--connections", connections.to_s, "--duration", "#{seconds}s",
                 "--timeout", "#{TIMEOUT}s", "--script", SCRIPT, url, "--",
                 *scenario.wrk_arguments(samples: samples, sample_every: sample_every, token: token)]
      process = ChildProcess.new(command, log: log)
      begin
        status = process.wait
      ensure
        process.stop
      end
      raise "wrk failed (#{status}): #{process.log_tail}" unless status.success?

      figures(JSON.parse(File.readlines(log).grep(/\A\{/).last), connections)
    end

    def figures(raw, connections)
      raise "wrk got no response at all with #{connections} connections" if raw["requests"].zero?

      { connections: connections, requests_per_second: (raw["requests"] / raw["seconds"]).round(1),
        p50_ms: raw["p50_us"] / 1000.0, p99_ms: raw["p99_us"] / 1000.0, mean_ms: (raw["mean_us"] / 1000.0).round(3),
        requests: raw["requests"], non_2xx: raw["non_2xx"], socket_errors: raw["socket_errors"],
        timeouts: raw["timeouts"], sampled: raw["sampled"] }
    end
  end
end
