# frozen_string_literal: true

# The session-service benchmark, as bin/benchmark --service runs it under MRI once the example's
# setup is done: for each configuration in turn (MRI; JRuby stock; JRuby with each backend) starts
# the service (examples/session_service/bin/serve), warms it up until its cost is steady, drives it
# with wrk at each connection count for a bounded time, reads where the time went, and stops it.
# MRI verifies the tokens sampled under load; the report goes to stdout and results/service/.
require "jwt"
require "openssl"
require "optparse"
require_relative "lib/chart"
require_relative "lib/report"
require_relative "service/load"

module ServiceBenchmark
  CONFIGURATIONS = %w[mri stock gmp aws_lc].freeze
  SCENARIOS = { "rs256" => "RS256", "ps256" => "PS256", "verify" => nil }.freeze # name => algorithm of the tokens issued
  DEFAULTS = { configurations: CONFIGURATIONS, scenarios: %w[rs256 ps256], connections: [1, 8, 32], duration: 5,
               warmup_round: 3, warmup_requests: 40_000, warmup_max: 120, steady: 10.0, sample_every: 20 }.freeze
  RUN_DIR = File.join(Report::RESULTS, "service/tmp")
  CLAIMS = %w[sub iat exp jti].freeze

  module_function

  def now
    Process.clock_gettime(Process::CLOCK_MONOTONIC)
  end

  def options(argv)
    options = DEFAULTS.dup
    OptionParser.new do |parser|
      parser.banner = "usage: bin/benchmark --service [options]"
      { configurations: CONFIGURATIONS, scenarios: SCENARIOS.keys }.each do |name, choices|
        parser.on("--#{name} LIST", Array, "#{choices.join(',')} (default: #{DEFAULTS[name].join(',')})") do |v|
          raise OptionParser::InvalidArgument, (v - choices).join(",") unless (v - choices).empty?

          options[name] = v
        end
      end
      parser.on("--connections LIST", Array, "wrk connections, one measurement each (default: 1,8,32)") do |v|
        options[:connections] = v.map { |n| Integer(n) }
      end
      # Whole seconds: wrk takes no fractions.
      { duration: "each measurement", warmup_round: "each warm-up round", warmup_max: "warm-up at most, per scenario" }.each do |name, what|
        parser.on("--#{name.to_s.tr('_', '-')} SECONDS", Integer, "#{what} (default: #{DEFAULTS[name]} s)") { |v| options[name] = v }
      end
      { warmup_requests: ["N", Integer, "JRuby: requests served before the warm-up may end"],
        steady: ["PERCENT", Float, "warm until 3 rounds' CPU per request differ by less"],
        sample_every: ["N", Integer, "keep every Nth token for MRI to verify"] }.each do |name, (value, type, what)|
        parser.on("--#{name.to_s.tr('_', '-')} #{value}", type, "#{what} (default: #{DEFAULTS[name]})") { |v| options[name] = v }
      end
    end.parse!(argv)
    options
  rescue OptionParser::ParseError, ArgumentError => e
    abort "bin/benchmark --service: #{e.message} (--help lists the options)"
  end

  def label(configuration)
    configuration == "mri" ? "MRI" : "JRuby #{configuration}"
  end

  def title(scenario)
    SCENARIOS[scenario] ? "POST /sessions #{SCENARIOS[scenario]}" : "GET /verify"
  end

  # Answers whether every response was 2xx and every sampled token good.
  def run(options)
    jruby_boots = options[:configurations].count { |name| name != "mri" }
    per_scenario = Load::WARMUP_ROUNDS * options[:warmup_round] + options[:connections].size * (options[:duration] + 1)
    minutes = (jruby_boots * 60 + options[:configurations].size * (5 + options[:scenarios].size * per_scenario)) / 60.0
    say "about #{minutes.ceil} min; servers, logs and samples in #{RUN_DIR}"
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

      scenarios = options[:scenarios].map { |scenario| measure_scenario(server, configuration, scenario, options, folder) }
      { name: configuration, label: label(configuration), runtime: timing["runtime"], backend: timing["backend"],
        puma: server.settings, scenarios: scenarios }
    end
    result[:scenarios].select { |scenario| SCENARIOS[scenario[:name]] }.each do |scenario|
      scenario[:tokens] = check_tokens(Dir[File.join(folder, "tokens-#{scenario[:name]}-*.txt")], key.public_key, SCENARIOS[scenario[:name]])
      say "  MRI verified #{scenario[:tokens][:verified]} of #{scenario[:tokens][:sampled]} #{SCENARIOS[scenario[:name]]} tokens " \
          "sampled under load: #{scenario[:tokens][:bad]} bad"
    end
    result
  end

  def measure_scenario(server, configuration, scenario, options, folder)
    say "  #{title(scenario)}"
    algorithm = SCENARIOS[scenario]
    token = server.new_token("RS256") unless algorithm
    jruby = configuration != "mri"
    warmup = Load.warm_up(server, algorithm, options, log: File.join(folder, "wrk-warmup.log"), token: token,
                                                      min_requests: jruby ? options[:warmup_requests] : 0)
    cells = options[:connections].map do |connections|
      before = server.timing if jruby # RequestTiming counts per process: only JRuby's one process sees every request
      cpu = server.cpu_seconds
      figures = Load.run(server.url, algorithm, connections: connections, seconds: options[:duration], token: token,
                                                log: File.join(folder, "wrk-#{scenario}-#{connections}.log"),
                                                samples: File.join(folder, "tokens-#{scenario}-#{connections}"), sample_every: options[:sample_every])
      figures[:server_cpu_ms] = ((server.cpu_seconds - cpu) * 1000 / figures[:requests]).round(3)
      figures[:profile] = profile(before, server.timing, figures[:mean_ms]) if before
      say format("    %2d connections: %6.0f requests/s, p50 %.1f ms, p99 %.1f ms, %.2f CPU ms a request, %d non-2xx",
                 connections, *figures.values_at(:requests_per_second, :p50_ms, :p99_ms, :server_cpu_ms, :non_2xx))
      figures
    end
    { name: scenario, title: title(scenario), warmup: warmup, cells: cells }
  end

  # Where a request's time went during one wrk run: RequestTiming's totals before and after, over the
  # requests between, in ms a request. The parts do not overlap: Puma and the network (wrk's mean
  # latency less the time in the app), the app itself (Rack, routing, claims, JSON), JWT encoding
  # (ruby-jwt less the signature) and RSA signing (OpenSSL::PKey::RSA#sign or #sign_pss, digest included).
  def profile(before, after, mean_latency_ms)
    requests = after["requests"] - before["requests"]
    return nil if requests.zero?

    app, jwt, rsa = %w[app jwt rsa].map { |part| (after["seconds"][part] - before["seconds"][part]) * 1000 / requests }
    { requests: requests, outside_app_ms: mean_latency_ms - app, app_ms: app - jwt, jwt_ms: jwt - rsa, rsa_ms: rsa }
      .transform_values { |value| value.is_a?(Float) ? value.round(3) : value }
  end

  # Verifies under MRI (ruby-jwt on MRI's OpenSSL) the tokens sampled under load, one response body
  # a line: each a JWT signed with `algorithm` by the service's key, its claims complete and in date.
  def check_tokens(files, public_key, algorithm)
    raise "tokens must be verified by MRI, not #{RUBY_ENGINE}" unless RUBY_ENGINE == "ruby"

    counts = { sampled: 0, verified: 0, bad: 0, failures: [] }
    files.each do |file|
      File.foreach(file) do |line|
        counts[:sampled] += 1
        claims, = JWT.decode(JSON.parse(line).fetch("token"), public_key, true, algorithm: algorithm)
        raise JWT::DecodeError, "claims missing: #{(CLAIMS - claims.keys).join(', ')}" unless (CLAIMS - claims.keys).empty?

        counts[:verified] += 1
      rescue JWT::DecodeError, JSON::ParserError, KeyError => e
        counts[:bad] += 1
        counts[:failures] << "#{e.class}: #{e.message}" if counts[:failures].size < 5
      end
    end
    counts
  end

  def write(options, machine, results)
    summary = "#{machine[:cpu]}, #{machine[:cores]} cores (shared with wrk), #{machine[:date][0, 10]}, " \
              "load average #{machine[:load_average].join(' -> ')}"
    settings = results.map do |result|
      puma = result[:puma]
      "- #{result[:label]}: #{result[:runtime]}; Puma #{puma[:version]}, #{puma[:workers].zero? ? '1 process' : "#{puma[:workers]} workers"} " \
        "x #{puma[:threads]} threads#{"; JAVA_OPTS #{puma[:jvm_options]}" if puma[:jvm_options]}"
    end
    unsteady = results.flat_map do |result|
      result[:scenarios].reject { |s| s[:warmup][:steady] }.map { |s| "- #{result[:label]}, #{s[:title]}: #{s[:warmup][:cpu_ms].join(', ')}" }
    end
    unsteady.unshift("", "Not steady after #{options[:warmup_max]} s of warm-up (CPU ms a request, round by round):") if unsteady.any?
    text = ["Session service on Puma, #{summary}; #{options[:duration]} s a cell after warm-up", *settings, "", tables(results), *unsteady].join("\n")
    Report.write("service", text, { machine: machine, settings: options, results: results }, chart(results, summary))
  end

  # Throughput and latency, CPU a request, tokens verified by MRI, and where a request's time goes on JRuby.
  def tables(results)
    connections = connection_counts(results)
    rows = results.flat_map { |result| result[:scenarios].map { |scenario| [result, scenario] } }
    find = ->(name, scenario, n) { cell(results, name, scenario, n) }
    figures = rows.map do |result, scenario|
      cells = connections.flat_map do |n|
        here = find.(result[:name], scenario[:name], n) or next %w[- -]
        # A rate is compared with MRI's for JRuby, and with JRuby stock's too for the engines.
        ratios = { "mri" => [], "stock" => %w[mri] }.fetch(result[:name], %w[mri stock]).filter_map do |base|
          other = find.(base, scenario[:name], n) and format("%.2fx", here[:requests_per_second] / other[:requests_per_second])
        end
        [format("%d%s", here[:requests_per_second].round, ratios.empty? ? "" : " (#{ratios.join(', ')})"),
         format("%.1f / %.1f", here[:p50_ms], here[:p99_ms])]
      end
      [result[:label], scenario[:title], *cells]
    end
    # The server's CPU a request (all its processes and threads): what a request costs, whatever share of the machine it got.
    cost = rows.map do |result, scenario|
      [result[:label], scenario[:title], *connections.map do |n|
        here = find.(result[:name], scenario[:name], n) or next "-"
        mri = find.("mri", scenario[:name], n) unless result[:name] == "mri"
        format("%.2f%s", here[:server_cpu_ms], mri ? format(" (%.2fx)", here[:server_cpu_ms] / mri[:server_cpu_ms]) : "")
      end]
    end
    tokens = rows.map do |result, scenario|
      [result[:label], scenario[:title], *%i[requests non_2xx socket_errors timeouts].map { |k| scenario[:cells].sum { |c| c[k] }.to_s },
       *%i[sampled verified bad].map { |k| (scenario[:tokens] || {}).fetch(k, "-").to_s }]
    end
    # One request at a time, where latency is the time of one request: its parts on JRuby, and the server's CPU.
    profile = rows.filter_map do |result, scenario|
      cell = scenario[:cells].find { |c| c[:connections] == 1 } or next
      parts = cell[:profile]&.values_at(:outside_app_ms, :app_ms, :jwt_ms, :rsa_ms) || [nil] * 4
      [result[:label], scenario[:title], *[cell[:mean_ms], *parts, cell[:server_cpu_ms]].map { |ms| ms ? format("%.3f", ms) : "-" }]
    end
    [[["configuration", "scenario", *connections.flat_map { |n| ["#{n} conn: req/s (x MRI, x stock)", "p50 / p99 ms"] }], *figures],
     [["configuration", "scenario", *connections.map { |n| "#{n} conn: CPU ms a request" }], *cost],
     [["configuration", "scenario", "requests", "non-2xx", "socket errors", "timeouts", "tokens sampled", "verified by MRI", "bad signatures"], *tokens],
     ([["configuration (1 connection)", "scenario", "latency ms", "Puma and network", "app (Rack, claims, JSON)", "JWT encoding",
        "RSA signing", "server CPU ms"], *profile] if profile.any?)].compact.map { |table| Report.markdown(table) }.join("\n\n")
  end

  # A panel per scenario, a group of bars per connection count, a bar per configuration: its requests/s, p99 above.
  def chart(results, summary)
    chart = Chart.new(title: "Session service: requests/s (higher is better), p99 latency above each bar", subtitle: summary,
                      series: results.map { |result| result[:label] }, bar: 46)
    results.flat_map { |r| r[:scenarios].map { |s| s.slice(:name, :title) } }.uniq.each do |scenario|
      chart.panel(scenario[:title], connection_counts(results).map do |n|
        ["#{n} connection#{'s' unless n == 1}", results.map do |result|
          here = cell(results, result[:name], scenario[:name], n) or next
          tooltip = format("%s, %d connections: %.0f requests/s, p50 %.1f ms, p99 %.1f ms", result[:label], n,
                           *here.values_at(:requests_per_second, :p50_ms, :p99_ms))
          [here[:requests_per_second], [here[:requests_per_second].round.to_s, format("%.1f ms", here[:p99_ms])], tooltip]
        end]
      end)
    end
    chart
  end

  # One wrk run's figures: configuration `name`, scenario, connection count; nil where there are none.
  def cell(results, name, scenario, connections)
    result = results.find { |r| r[:name] == name } or return
    result[:scenarios].find { |s| s[:name] == scenario }&.dig(:cells)&.find { |c| c[:connections] == connections }
  end

  def connection_counts(results)
    results.flat_map { |r| r[:scenarios].flat_map { |s| s[:cells].map { |c| c[:connections] } } }.uniq
  end

  # Every response 2xx and every sampled token good, else the failures are said and the run fails.
  def correct?(results)
    failures = results.flat_map do |result|
      result[:scenarios].flat_map do |scenario|
        non_2xx = scenario[:cells].sum { |cell| cell[:non_2xx] }
        bad = scenario.dig(:tokens, :bad).to_i
        [("#{non_2xx} non-2xx responses" if non_2xx.positive?), ("#{bad} bad tokens" if bad.positive?)]
          .compact.map { |failure| "#{result[:label]}, #{scenario[:title]}: #{failure}" }
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

if $PROGRAM_NAME == __FILE__
  $stderr.sync = true
  begin
    exit ServiceBenchmark.run(ServiceBenchmark.options(ARGV))
  rescue Interrupt
    warn "==> interrupted; every process it started is stopped"
    exit 130
  end
end
