# frozen_string_literal: true

# The session-service benchmark, as bin/benchmark --service runs it under MRI once the example's
# setup is done: for each configuration in turn (MRI; JRuby stock; JRuby with each backend) it
# starts the service (examples/session_service/bin/serve) and, per scenario, warms it up with wrk
# for a fixed time, drives it with wrk at each connection count, and stops it. MRI verifies the
# tokens sampled under load; the report goes to stdout and results/service/. Exit status 1 on any
# non-2xx response or bad token.
require "jwt"
require "openssl"
require "optparse"
require_relative "lib/chart"
require_relative "lib/report"
require_relative "service/server"

module ServiceBenchmark
  CONFIGURATIONS = %w[mri stock gmp aws_lc].freeze
  SCENARIOS = { "rs256" => "RS256", "ps256" => "PS256" }.freeze # name => algorithm of the tokens issued
  # warmup: seconds of wrk at the most connections before each scenario is measured. JRuby compiles
  # hot code in stages (its own JIT, then the JVM's C1, then C2 after thousands of calls) and needs
  # tens of thousands of requests before its cost per request levels off; MRI gets the same.
  DEFAULTS = { configurations: CONFIGURATIONS, scenarios: %w[rs256 ps256], connections: [1, 8, 32], duration: 5,
               warmup: 40, sample_every: 20 }.freeze
  RUN_DIR = File.join(Report::RESULTS, "service/tmp")
  CLAIMS = %w[sub iat exp jti].freeze

  module_function

  # The options, each stored under its name by OptionParser (into:), as its block answers it.
  def options(argv)
    options = DEFAULTS.dup
    parser = OptionParser.new("usage: bin/benchmark --service [options]")
    { configurations: CONFIGURATIONS, scenarios: SCENARIOS.keys }.each do |name, choices|
      parser.on("--#{name} LIST", Array, "of #{choices.join(',')} (default: #{DEFAULTS[name].join(',')})") do |list|
        (list - choices).empty? ? list : raise(OptionParser::InvalidArgument, list.join(","))
      end
    end
    parser.on("--connections LIST", Array, "wrk connections, one measurement each (default: 1,8,32)") { |list| list.map { |n| Integer(n) } }
    # Whole seconds: wrk takes no fractions.
    parser.on("--duration SECONDS", Integer, "each measurement (default: #{DEFAULTS[:duration]})")
    parser.on("--warmup SECONDS", Integer, "of wrk before each scenario is measured (default: #{DEFAULTS[:warmup]})")
    parser.on("--sample-every N", Integer, "keep every Nth token for MRI to verify (default: #{DEFAULTS[:sample_every]})")
    parser.parse!(argv, into: options)
    options.transform_keys { |name| name.to_s.tr("-", "_").to_sym }
  rescue OptionParser::ParseError, ArgumentError => e
    abort "bin/benchmark --service: #{e.message} (--help lists the options)"
  end

  def label(configuration)
    configuration == "mri" ? "MRI" : "JRuby #{configuration}"
  end

  def title(scenario)
    "POST /sessions #{SCENARIOS[scenario]}"
  end

  # Answers whether every response was 2xx and every sampled token good.
  def run(options)
    per_scenario = options[:warmup] + options[:connections].size * (options[:duration] + 1)
    seconds = options[:configurations].sum { |name| (name == "mri" ? 5 : 60) + options[:scenarios].size * per_scenario }
    say "about #{(seconds / 60.0).ceil} min; servers, logs and samples in #{RUN_DIR}"
    FileUtils.rm_rf(RUN_DIR)
    FileUtils.mkdir_p(RUN_DIR)
    key = OpenSSL::PKey::RSA.new(2048)
    File.write(key_file = File.join(RUN_DIR, "session-key.pem"), key.to_pem, perm: 0o600)
    machine = Report.machine.merge(load_average: [load_average])
    results = options[:configurations].map { |name| measure(name, options, key, key_file) }
    machine[:load_average] << load_average
    write(options, machine, results)
    correct?(results)
  end

  def measure(configuration, options, key, key_file)
    say "#{label(configuration)}: starting Puma (load average #{load_average})"
    folder = File.join(RUN_DIR, configuration)
    result = Server.run(configuration, folder, key_file) do |server|
      timing = server.timing
      # A configuration that runs another backend than its name says would mislabel every figure.
      expected = %w[mri stock].include?(configuration) ? "none" : configuration
      raise "#{label(configuration)} runs backend #{timing['backend']}, not #{expected}" unless timing["backend"] == expected

      scenarios = options[:scenarios].map { |scenario| measure_scenario(server, scenario, options, folder) }
      { name: configuration, label: label(configuration), runtime: timing["runtime"], scenarios: scenarios }
    end
    result[:scenarios].each do |scenario|
      algorithm = SCENARIOS[scenario[:name]]
      tokens = scenario[:tokens] = check_tokens(Dir[File.join(folder, "tokens-#{scenario[:name]}-*.txt")], key.public_key, algorithm)
      say "  MRI verified #{tokens[:verified]} of #{tokens[:sampled]} #{algorithm} tokens sampled under load: #{tokens[:bad]} bad"
    end
    result
  end

  def measure_scenario(server, scenario, options, folder)
    say "  #{title(scenario)}"
    algorithm = SCENARIOS[scenario]
    warmup = server.wrk(algorithm, connections: options[:connections].max, seconds: options[:warmup],
                                   log: File.join(folder, "wrk-#{scenario}-warmup.log"))
    say format("    warm-up: %d s at %d connections, %.0f requests/s", options[:warmup], *warmup.values_at(:connections, :requests_per_second))
    cells = options[:connections].map do |connections|
      figures = server.wrk(algorithm, connections: connections, seconds: options[:duration],
                                      log: File.join(folder, "wrk-#{scenario}-#{connections}.log"),
                                      samples: File.join(folder, "tokens-#{scenario}-#{connections}.txt"), sample_every: options[:sample_every])
      say format("    %2d connections: %6.0f requests/s, p50 %.1f ms, p99 %.1f ms, %d non-2xx",
                 connections, *figures.values_at(:requests_per_second, :p50_ms, :p99_ms, :non_2xx))
      figures
    end
    { name: scenario, title: title(scenario), warmup: warmup.slice(:requests, :requests_per_second), cells: cells }
  end

  # Verifies under MRI (ruby-jwt on MRI's OpenSSL) the tokens sampled under load, one response body
  # a line: each a JWT signed with `algorithm` by the service's key, its claims complete and in date.
  def check_tokens(files, public_key, algorithm)
    raise "tokens must be verified by MRI, not #{RUBY_ENGINE}" unless RUBY_ENGINE == "ruby"

    lines = files.flat_map { |file| File.readlines(file) }
    failures = lines.filter_map do |line|
      claims, = JWT.decode(JSON.parse(line).fetch("token"), public_key, true, algorithm: algorithm)
      "claims missing: #{(CLAIMS - claims.keys).join(', ')}" unless (CLAIMS - claims.keys).empty?
    rescue JWT::DecodeError, JSON::ParserError, KeyError => e
      "#{e.class}: #{e.message}"
    end
    { sampled: lines.size, verified: lines.size - failures.size, bad: failures.size, failures: failures.first(5) }
  end

  def write(options, machine, results)
    summary = "#{machine[:cpu]}, #{machine[:cores]} cores (shared with wrk), #{machine[:date][0, 10]}, " \
              "load average #{machine[:load_average].join(' -> ')}"
    # Each wrk run's figures by [configuration, scenario, connections].
    figures = results.flat_map { |r| r[:scenarios].flat_map { |s| s[:cells].map { |c| [[r[:name], s[:name], c[:connections]], c] } } }.to_h
    text = ["Session service on Puma, #{summary}; #{options[:warmup]} s of warm-up, then #{options[:duration]} s a cell",
            *results.map { |result| "- #{result[:label]}: #{result[:runtime]}" }, "", table(results, options, figures)].join("\n")
    Report.write("service", text, { machine: machine, settings: options, results: results }, chart(results, options, figures, summary))
  end

  # A row per configuration and scenario: per connection count, requests/s (over MRI's, and for the
  # engines over stock's too) and latency; then, over all its runs, what failed and the tokens MRI verified.
  def table(results, options, figures)
    rows = results.flat_map do |result|
      result[:scenarios].map do |scenario|
        cells = options[:connections].flat_map do |n|
          here = figures[[result[:name], scenario[:name], n]]
          ratios = { "mri" => [], "stock" => %w[mri] }.fetch(result[:name], %w[mri stock]).filter_map do |base|
            other = figures[[base, scenario[:name], n]] and format("%.2fx", here[:requests_per_second] / other[:requests_per_second])
          end
          [format("%d%s", here[:requests_per_second].round, ratios.empty? ? "" : " (#{ratios.join(', ')})"),
           format("%.1f / %.1f", here[:p50_ms], here[:p99_ms])]
        end
        failed = %i[non_2xx socket_errors timeouts].map { |k| scenario[:cells].sum { |c| c[k] } }.join(" / ")
        [result[:label], scenario[:title], *cells, failed, format("%d of %d", *scenario[:tokens].values_at(:verified, :sampled))]
      end
    end
    Report.markdown([["configuration", "scenario", *options[:connections].flat_map { |n| ["#{n} conn: req/s (x MRI, x stock)", "p50 / p99 ms"] },
                      "non-2xx / socket errors / timeouts", "tokens verified by MRI"], *rows])
  end

  # A panel per scenario, a group of bars per connection count, a bar per configuration: its requests/s, p99 above.
  def chart(results, options, figures, summary)
    chart = Chart.new(title: "Session service: requests/s (higher is better), p99 latency above each bar", subtitle: summary,
                      series: results.map { |result| result[:label] }, bar: 46)
    options[:scenarios].each do |scenario|
      chart.panel(title(scenario), options[:connections].map do |n|
        ["#{n} connection#{'s' unless n == 1}", results.map do |result|
          here = figures[[result[:name], scenario, n]]
          [here[:requests_per_second], [here[:requests_per_second].round.to_s, format("%.1f ms", here[:p99_ms])]]
        end]
      end)
    end
    chart
  end

  # Every response 2xx and every sampled token good, else the failures are said and the run fails.
  def correct?(results)
    failures = results.flat_map do |result|
      result[:scenarios].filter_map do |scenario|
        non_2xx = scenario[:cells].sum { |cell| cell[:non_2xx] }
        bad = scenario[:tokens][:bad]
        "#{result[:label]}, #{scenario[:title]}: #{non_2xx} non-2xx responses, #{bad} bad tokens" if non_2xx + bad > 0
      end
    end
    failures.each { |failure| say "FAILED #{failure}" }
    failures.empty?
  end

  def load_average
    File.read("/proc/loadavg").split.first.to_f
  end

  def say(message)
    warn "==> #{message}"
  end
end

$stderr.sync = true
begin
  exit ServiceBenchmark.run(ServiceBenchmark.options(ARGV))
rescue Interrupt
  warn "==> interrupted; every process it started is stopped"
  exit 130
end
