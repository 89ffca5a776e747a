# frozen_string_literal: true

# The session-service benchmark, as bin/benchmark --service runs it under MRI: for each configuration
# in turn it starts the service (examples/session_service/bin/serve), and per scenario warms it up
# with wrk, then drives it with wrk at each connection count; MRI verifies the tokens sampled under
# load. Report on stdout and in results/service/; exit status 1 on any non-2xx response or bad token.
require "jwt"
require "openssl"
require_relative "lib/chart"
require_relative "lib/command_line"
require_relative "lib/report"
require_relative "service/server"

class ServiceBenchmark
  LABELS = { "mri" => "MRI", "stock" => "JRuby stock", "gmp" => "JRuby gmp", "aws_lc" => "JRuby aws_lc",
             "aws_lc_unsplit" => "JRuby aws_lc, split off", "gmp_unsplit" => "JRuby gmp, split off" }.freeze
  CONFIGURATIONS = LABELS.keys.freeze
  # The split off is a configuration to compare with (--configurations): not run unless asked.
  DEFAULT_CONFIGURATIONS = (CONFIGURATIONS - %w[aws_lc_unsplit gmp_unsplit]).freeze
  SCENARIOS = %w[RS256 PS256 ES256].freeze # POST /sessions for a token signed with that algorithm
  # warmup: seconds of wrk at the most connections before each scenario is measured. JRuby compiles
  # hot code in stages (its own JIT, then the JVM's C1, then C2 after thousands of calls) and needs
  # tens of thousands of requests before its cost per request levels off; MRI gets the same.
  DEFAULTS = { configurations: DEFAULT_CONFIGURATIONS, connections: [1, 8, 32], duration: 5, warmup: 40 }.freeze
  # Whose requests/s a configuration's are divided by in the table.
  BASES = Hash.new(%w[mri stock]).merge("mri" => [], "stock" => %w[mri]).freeze
  KEY_TYPES = { "RS" => OpenSSL::PKey::RSA, "PS" => OpenSSL::PKey::RSA, "ES" => OpenSSL::PKey::EC }.freeze # by JWA prefix
  SAMPLE_EVERY = 20 # every 20th token issued under load is verified by MRI
  CLAIMS = %w[sub iat exp jti].freeze
  RUN_DIR = File.join(Report::RESULTS, "service/tmp")

  def self.options(argv)
    CommandLine.parse("bin/benchmark --service", argv, DEFAULTS) do |parser|
      parser.on("--configurations LIST", Array, "of #{CONFIGURATIONS.join(',')} (default: #{DEFAULT_CONFIGURATIONS.join(',')})",
                &CommandLine.among(CONFIGURATIONS))
      parser.on("--connections LIST", Array, "a wrk run each (default: 1,8,32)", &CommandLine::INTEGERS)
      # Whole seconds: wrk takes no fractions.
      parser.on("--duration SECONDS", Integer, "each wrk run (default: #{DEFAULTS[:duration]})")
      parser.on("--warmup SECONDS", Integer, "wrk before each scenario's runs (default: #{DEFAULTS[:warmup]})")
    end
  end

  def initialize(options)
    @options = options
    @runtimes = {} # configuration => its RUBY_DESCRIPTION
    @runs = {} # [configuration, scenario, connections] => one wrk run's figures
    @checks = {} # [configuration, scenario] => what failed over its runs, and the tokens MRI verified
  end

  # Answers whether every response was 2xx and every sampled token good.
  def run
    warn "==> servers, logs and samples in #{RUN_DIR}"
    FileUtils.rm_rf(RUN_DIR)
    FileUtils.mkdir_p(RUN_DIR)
    keys = { "SESSION_KEY_FILE" => OpenSSL::PKey::RSA.new(2048), "SESSION_EC_KEY_FILE" => OpenSSL::PKey::EC.generate("prime256v1") }
    key_files = keys.to_h do |variable, key|
      [variable, File.join(RUN_DIR, "#{variable.downcase.tr('_', '-')}.pem").tap { |file| File.write(file, key.to_pem, perm: 0o600) }]
    end
    before = Report.machine
    @options[:configurations].each { |configuration| measure(configuration, keys.values, key_files) }
    @machine = Report.machine.merge(load_average: [before[:load_average], Report.machine[:load_average]])
    Report.write("service", report, { machine: @machine, settings: @options, runtimes: @runtimes,
                                      runs: @runs.values, checks: @checks.values }, chart)
    @checks.values.all? { |check| check[:non_2xx] + check[:bad] == 0 }
  end

  private

  def measure(configuration, keys, key_files)
    warn "==> #{LABELS[configuration]}: starting Puma (load average #{Report.machine[:load_average]})"
    folder = File.join(RUN_DIR, configuration)
    Server.run(configuration, folder, key_files) do |server|
      timing = server.timing
      # A configuration that runs another backend than its name says would mislabel every figure.
      expected = %w[mri stock].include?(configuration) ? "none" : configuration.delete_suffix("_unsplit")
      raise "#{LABELS[configuration]} runs #{timing['backend']}, not #{expected}" unless timing["backend"] == expected

      @runtimes[configuration] = timing["runtime"]
      SCENARIOS.each { |scenario| measure_scenario(server, configuration, scenario, folder, keys.find { |key| key.is_a?(KEY_TYPES.fetch(scenario[0, 2])) }) }
    end
  end

  def measure_scenario(server, configuration, scenario, folder, key)
    warn "==>   POST /sessions #{scenario}"
    log = ->(name) { File.join(folder, "wrk-#{scenario}-#{name}.log") }
    server.wrk(scenario, @options[:connections].max, @options[:warmup], log.("warmup")) # its figures stay in its log
    samples = File.join(folder, "tokens-#{scenario}.txt")
    runs = @options[:connections].map do |n|
      run = server.wrk(scenario, n, @options[:duration], log.(n), samples, SAMPLE_EVERY)
      warn format("==>     %2d connections: %6.0f requests/s, p50 %.1f ms, p99 %.1f ms, %d non-2xx",
                  n, *run.values_at(:requests_per_second, :p50_ms, :p99_ms, :non_2xx))
      @runs[[configuration, scenario, n]] = { configuration: configuration, scenario: scenario, **run }
    end
    tokens = check_tokens(samples, OpenSSL::PKey.read(key.public_to_der), scenario)
    warn "==>     MRI verified #{tokens[:verified]} of the #{tokens[:sampled]} tokens sampled under load"
    failed = %i[non_2xx socket_errors timeouts].to_h { |k| [k, runs.sum { |r| r[k] }] }
    failures = failed[:non_2xx] + tokens[:bad]
    warn "==>     FAILED: #{failed[:non_2xx]} non-2xx responses, #{tokens[:bad]} bad tokens" if failures.positive?
    @checks[[configuration, scenario]] = { configuration: configuration, scenario: scenario, **failed, **tokens }
  end

  # Verifies in this process, MRI (ruby-jwt on MRI's OpenSSL), the tokens sampled under load, a response
  # body a line: each a JWT signed with `algorithm` by the service's key, its claims complete and in date.
  def check_tokens(file, public_key, algorithm)
    lines = File.exist?(file) ? File.readlines(file) : []
    failures = lines.filter_map do |line|
      claims, = JWT.decode(JSON.parse(line).fetch("token"), public_key, true, algorithm: algorithm)
      "claims missing: #{(CLAIMS - claims.keys).join(', ')}" unless (CLAIMS - claims.keys).empty?
    rescue JWT::DecodeError, JSON::ParserError, KeyError => e
      "#{e.class}: #{e.message}"
    end
    { sampled: lines.size, verified: lines.size - failures.size, bad: failures.size, failures: failures.first(5) }
  end

  # The runtimes, then a row per configuration and scenario: per connection count, requests/s (over
  # MRI's, and for the engines over stock's too) and latency; then what failed and the tokens verified.
  def report
    rows = @options[:configurations].product(SCENARIOS).map do |configuration, scenario|
      cells = @options[:connections].flat_map do |n|
        run = @runs[[configuration, scenario, n]]
        bases = BASES[configuration].filter_map { |base| @runs[[base, scenario, n]] }
        ratios = bases.map { |base| format("%.2fx", run[:requests_per_second] / base[:requests_per_second]) }
        text = run[:requests_per_second].round.to_s
        [ratios.empty? ? text : "#{text} (#{ratios.join(', ')})", format("%.1f / %.1f", run[:p50_ms], run[:p99_ms])]
      end
      check = @checks[[configuration, scenario]]
      failed = check.values_at(:non_2xx, :socket_errors, :timeouts).join(" / ")
      [LABELS[configuration], "POST /sessions #{scenario}", *cells, failed, "#{check[:verified]} of #{check[:sampled]}"]
    end
    header = ["configuration", "scenario",
              *@options[:connections].flat_map { |n| ["#{n} conn: req/s (x MRI, x stock)", "p50 / p99 ms"] },
              "non-2xx / socket errors / timeouts", "tokens verified by MRI"]
    ["Session service on Puma, #{summary}; #{@options[:warmup]} s of warm-up, #{@options[:duration]} s a run",
     *@runtimes.map { |configuration, runtime| "- #{LABELS[configuration]}: #{runtime}" }, "",
     Report.markdown([header, *rows])].join("\n")
  end

  # A panel per scenario, a group of bars per connection count, a bar per configuration: requests/s,
  # p99 above.
  def chart
    panels = SCENARIOS.to_h do |scenario|
      ["POST /sessions #{scenario}", @options[:connections].map do |n|
        ["#{n} connection#{'s' unless n == 1}", @options[:configurations].map do |configuration|
          run = @runs[[configuration, scenario, n]]
          [run[:requests_per_second], [run[:requests_per_second].round.to_s, format("%.1f ms", run[:p99_ms])]]
        end]
      end]
    end
    Chart.new(title: "Session service: requests/s (higher is better), p99 latency above each bar", subtitle: summary,
              series: LABELS.values_at(*@options[:configurations]), panels: panels, bar: 46)
  end

  def summary
    Report.summary(@machine, "load average #{@machine[:load_average].join(' -> ')} (wrk on the same cores)")
  end
end

# On Ctrl-C too, Server.run stops the server it started.
exit ServiceBenchmark.new(ServiceBenchmark.options(ARGV)).run
