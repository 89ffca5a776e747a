# frozen_string_literal: true

require_relative "../../lib/table"

module ServiceBenchmark
  # The report's tables, in Markdown, from the results of every configuration: throughput and
  # latency, tokens verified by MRI, and where a request's time goes on JRuby.
  module Tables
    module_function

    def render(results)
      [figures(results), cost(results), tokens(results), profile(results)].compact.join("\n\n")
    end

    # A row per configuration and scenario; per connection count, requests/s with its ratio to MRI
    # (and to JRuby stock), and p50 / p99 latency.
    def figures(results)
      connections = connection_counts(results)
      header = ["configuration", "scenario", *connections.flat_map { |n| ["#{n} conn: req/s (x MRI, x stock)", "p50 / p99 ms"] }]
      rows = each_scenario(results).map do |result, scenario|
        cells = connections.flat_map { |n| cell(results, result, scenario, n) }
        [result[:label], scenario[:title], *cells]
      end
      ::Table.markdown([header, *rows])
    end

    # The server's CPU milliseconds per request (all its processes and threads), with the ratio to
    # MRI's: what a request costs, whatever share of the machine the server got meanwhile.
    def cost(results)
      connections = connection_counts(results)
      header = ["configuration", "scenario", *connections.map { |n| "#{n} conn: CPU ms a request" }]
      rows = each_scenario(results).map do |result, scenario|
        [result[:label], scenario[:title], *connections.map { |n| cost_cell(results, result, scenario, n) }]
      end
      ::Table.markdown([header, *rows])
    end

    def cost_cell(results, result, scenario, connections)
      here = find(result, scenario[:name], connections)
      return "-" unless here

      mri = find(results.find { |r| r[:name] == "mri" }, scenario[:name], connections)
      ratio = mri && result[:name] != "mri" ? format(" (%.2fx)", here[:server_cpu_ms] / mri[:server_cpu_ms]) : ""
      format("%.2f%s", here[:server_cpu_ms], ratio)
    end

    def tokens(results)
      header = ["configuration", "scenario", "requests", "non-2xx", "socket errors", "timeouts", "tokens sampled",
                "verified by MRI", "bad signatures"]
      rows = each_scenario(results).map do |result, scenario|
        cells = scenario[:cells]
        tokens = scenario[:tokens] || {}
        [result[:label], scenario[:title], *%i[requests non_2xx socket_errors timeouts].map { |k| cells.sum { |c| c[k] }.to_s },
         *%i[sampled verified bad].map { |k| tokens.fetch(k, "-").to_s }]
      end
      ::Table.markdown([header, *rows])
    end

    # One request at a time (1 connection), where latency is the time of one request: its parts,
    # on JRuby (one process, so RequestTiming sees every request), and the CPU the server spent
    # on it, all its processes and threads counted (JIT and GC included).
    def profile(results)
      rows = each_scenario(results).filter_map do |result, scenario|
        cell = scenario[:cells].find { |c| c[:connections] == 1 }
        next unless cell

        parts = cell[:profile]&.values_at(:outside_app_ms, :app_ms, :jwt_ms, :rsa_ms) || [nil] * 4
        [result[:label], scenario[:title], *[cell[:mean_ms], *parts, cell[:server_cpu_ms]].map { |ms| ms ? format("%.3f", ms) : "-" }]
      end
      return nil if rows.empty?

      header = ["configuration (1 connection)", "scenario", "latency ms", "Puma and network", "app (Rack, claims, JSON)",
                "JWT encoding", "RSA signing", "server CPU ms"]
      ::Table.markdown([header, *rows])
    end

    def cell(results, result, scenario, connections)
      here = find(result, scenario[:name], connections)
      return %w[- -] unless here

      ratios = baselines(result[:name]).filter_map do |base|
        other = find(results.find { |r| r[:name] == base }, scenario[:name], connections)
        format("%.2fx", here[:requests_per_second] / other[:requests_per_second]) if other
      end
      [format("%d%s", here[:requests_per_second].round, ratios.empty? ? "" : " (#{ratios.join(', ')})"),
       format("%.1f / %.1f", here[:p50_ms], here[:p99_ms])]
    end

    # What a configuration's rate is compared with: MRI for JRuby, and JRuby stock for the engines.
    def baselines(name)
      { "mri" => [], "stock" => %w[mri] }.fetch(name, %w[mri stock])
    end

    def find(result, scenario_name, connections)
      scenario = result && result[:scenarios].find { |s| s[:name] == scenario_name }
      scenario && scenario[:cells].find { |c| c[:connections] == connections }
    end

    def connection_counts(results)
      results.flat_map { |r| r[:scenarios].flat_map { |s| s[:cells].map { |c| c[:connections] } } }.uniq
    end

    def each_scenario(results)
      results.flat_map { |result| result[:scenarios].map { |scenario| [result, scenario] } }
    end
  end
end
