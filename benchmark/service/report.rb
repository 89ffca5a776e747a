# frozen_string_literal: true

# The session-service benchmark, as bin/service-benchmark runs it under MRI once setup is done:
# for each configuration in turn (MRI; JRuby stock; JRuby with each backend) starts the service
# on Puma, warms it up until its rate is steady, drives it with wrk at each connection count for
# a bounded time, reads where the time went, and stops it. Then MRI verifies the tokens sampled
# under load; one report goes to stdout, benchmark/results/service/latest.json and latest.svg.
#   ruby benchmark/service/report.rb --help
require "etc"
require "fileutils"
require "json"
require "openssl"
require "time"
require_relative "../lib/machine"
require_relative "lib/chart"
require_relative "lib/configuration"
require_relative "lib/load"
require_relative "lib/options"
require_relative "lib/profile"
require_relative "lib/scenario"
require_relative "lib/server"
require_relative "lib/tables"
require_relative "lib/token_check"
require_relative "lib/warmup"

module ServiceBenchmark
  class Report
    RESULTS_DIR = File.expand_path("../results/service", __dir__)
    RUN_DIR = File.join(RESULTS_DIR, "tmp")

    def initialize(options, gem_folder)
      @options = options
      @gem_folder = gem_folder
      @scenarios = options[:scenarios].map { |name| Scenario.fetch(name) }
    end

    def run
      say "about #{(estimate / 60.0).ceil} min; servers, logs and samples in #{RUN_DIR}"
      FileUtils.rm_rf(RUN_DIR)
      FileUtils.mkdir_p(RUN_DIR)
      key = new_key
      machine = Machine.describe.merge(load_average: [load_average])
      results = @options[:configurations].map { |name| measure(Configuration.new(name), key) }
      machine[:load_average] << load_average
      write(machine, results)
      correct?(results)
    end

    private

    def measure(configuration, key)
      say "#{configuration.label}: starting Puma (load average #{load_average})"
      folder = File.join(RUN_DIR, configuration.name)
      Server.run(configuration, folder: folder, gem_folder: @gem_folder, key_file: key_file) do |server|
        runtime = check_backend(server.timing, configuration)
        scenarios = @scenarios.map { |scenario| measure_scenario(server, configuration, scenario, folder) }
        { name: configuration.name, label: configuration.label, runtime: runtime["runtime"], backend: runtime["backend"],
          puma: server.puma_settings, jvm_options: (Configuration::JVM_OPTIONS if configuration.jruby?), scenarios: scenarios }
      end.tap { |result| verify_tokens(result, folder, key) }
    end

    # A configuration that runs another backend than its name says would mislabel every figure.
    def check_backend(timing, configuration)
      return timing if timing["backend"] == configuration.expected_backend

      raise "#{configuration.label} runs backend #{timing['backend']}, not #{configuration.expected_backend}"
    end

    def measure_scenario(server, configuration, scenario, folder)
      say "  #{scenario.title}"
      token = server.new_token("RS256") unless scenario.issues_tokens?
      warmup = Warmup.run(server, scenario, @options, log: File.join(folder, "wrk-warmup.log"), token: token,
                                                      min_requests: configuration.jruby? ? @options[:warmup_requests] : 0)
      cells = @options[:connections].map { |connections| measure_cell(server, configuration, scenario, connections, folder, token) }
      { name: scenario.name, title: scenario.title, warmup: warmup, cells: cells }
    end

    def measure_cell(server, configuration, scenario, connections, folder, token)
      # RequestTiming counts per process: only JRuby's one process sees every request.
      before = server.timing if configuration.jruby?
      cpu = server.cpu_seconds
      figures = Load.run(server.url, scenario, connections: connections, seconds: @options[:duration], token: token,
                                               log: File.join(folder, "wrk-#{scenario.name}-#{connections}.log"),
                                               samples: File.join(folder, "tokens-#{scenario.name}-#{connections}"),
                                               sample_every: @options[:sample_every])
      figures[:server_cpu_ms] = ((server.cpu_seconds - cpu) * 1000 / figures[:requests]).round(3)
      figures[:profile] = Profile.between(before, server.timing, figures[:mean_ms]) if before
      say format("    %2d connections: %6.0f requests/s, p50 %.1f ms, p99 %.1f ms, %.2f CPU ms a request, %d non-2xx",
                 connections, *figures.values_at(:requests_per_second, :p50_ms, :p99_ms, :server_cpu_ms, :non_2xx))
      figures
    end

    def verify_tokens(result, folder, key)
      check = TokenCheck.new(key.public_key)
      result[:scenarios].each do |scenario|
        algorithm = Scenario.fetch(scenario[:name]).algorithm or next
        scenario[:tokens] = check.check(Dir[File.join(folder, "tokens-#{scenario[:name]}-*.txt")], algorithm)
        say "  MRI verified #{scenario[:tokens][:verified]} of #{scenario[:tokens][:sampled]} #{algorithm} tokens " \
            "sampled under load: #{scenario[:tokens][:bad]} bad"
      end
    end

    def write(machine, results)
      FileUtils.mkdir_p(RESULTS_DIR)
      summary = "#{machine[:cpu]}, #{machine[:cores]} cores (shared with wrk), #{machine[:date][0, 10]}, " \
                "load average #{machine[:load_average].join(' -> ')}"
      File.write(File.join(RESULTS_DIR, "latest.json"), JSON.pretty_generate(machine: machine, settings: @options, results: results))
      File.write(File.join(RESULTS_DIR, "latest.svg"), Chart.new(results, summary).to_svg)
      puts "Session service on Puma, #{summary}; #{@options[:duration]} s a cell after warm-up", *settings(results), "",
           Tables.render(results), *unsteady(results)
      say "wrote #{RESULTS_DIR}/latest.json and latest.svg"
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

    # The warm-ups that ran out of time before the cost levelled off: their figures may still improve.
    def unsteady(results)
      lines = results.flat_map do |result|
        result[:scenarios].reject { |scenario| scenario[:warmup][:steady] }.map do |scenario|
          "- #{result[:label]}, #{scenario[:title]}: #{scenario[:warmup][:cpu_ms].join(', ')}"
        end
      end
      lines.empty? ? [] : ["", "Not steady after #{@options[:warmup_max]} s of warm-up (CPU ms a request, round by round):", *lines]
    end

    # A line per configuration: its runtime, and Puma's processes and threads.
    def settings(results)
      results.map do |result|
        puma = result[:puma]
        processes = puma[:workers].zero? ? "1 process" : "#{puma[:workers]} workers"
        "- #{result[:label]}: #{result[:runtime]}; Puma #{puma[:version]}, #{processes} x #{puma[:threads]} threads" \
          "#{"; JAVA_OPTS #{result[:jvm_options]}" if result[:jvm_options]}"
      end
    end

    def new_key
      key = OpenSSL::PKey::RSA.new(2048)
      File.write(key_file, key.to_pem, perm: 0o600)
      key
    end

    def key_file
      File.join(RUN_DIR, "session-key.pem")
    end

    def load_average
      File.read("/proc/loadavg").split.first.to_f
    end

    # Seconds: boots (JRuby's with about 30 s more of warm-up), warm-ups of three rounds at least,
    # and the measurements.
    def estimate
      boots = @options[:configurations].sum { |name| Configuration.new(name).jruby? ? 60 : 5 }
      per_scenario = Warmup::ROUNDS * @options[:warmup_round] + @options[:connections].size * (@options[:duration] + 1)
      boots + @options[:configurations].size * @scenarios.size * per_scenario
    end

    def say(message)
      warn "==> #{message}"
    end
  end
end

$stderr.sync = true
begin
  exit ServiceBenchmark::Report.new(ServiceBenchmark::Options.parse(ARGV), ENV.fetch("SERVICE_JRUBY_GEMS")).run
rescue Interrupt
  warn "==> interrupted; every process it started is stopped"
  exit 130
end
