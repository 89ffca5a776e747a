# frozen_string_literal: true

# RSA and EC operations per second, as bin/benchmark runs it under MRI: writes the keys, measures
# every cell in interleaved rounds (lib/rounds.rb: MRI, JRuby stock, JRuby with each backend
# fast-rsa-engine has here, each beside its --baseline's, a process each per round), then prints one
# table of means over the rounds with their 95% intervals and writes results/latest.json and
# latest.svg (the chart, drawn from latest.json by lib/ratio_chart.rb), and says how busy the machine
# was (lib/noise.rb); --readme measures the operations apps make most until every ratio to MRI is
# known to ±5% and puts the chart and a short table into README.md, every figure into
# doc/benchmarks.md, each between its benchmark markers; it refuses to from wider intervals unless --noisy.
require "open3"
require_relative "lib/baseline"
require_relative "lib/command_line"
require_relative "lib/ec_operations"
require_relative "lib/noise"
require_relative "lib/ratio_chart"
require_relative "lib/readme_table"
require_relative "lib/report"
require_relative "lib/rounds"
require_relative "lib/rsa_operations"
require_relative "lib/statistics"

class RsaBenchmark
  ROOT = File.expand_path("..", __dir__)
  KEYS = File.join(Report::RESULTS, "tmp")
  JRUBY = File.join(ROOT, "bin/jruby")
  # Rounds, and per cell and round seconds of warm-up and of measurement (long_time for calls of
  # milliseconds, LONG_CALLS: RSA's keygen, whose time varies widely from key to key, and TLS's rows);
  # each JRuby process first warms every cell for jit_warmup. TLS's rows (--tls): longer turns, and
  # ratios over stock (the TLS floors'). The README's (--readme): its operations alone, on until each
  # ratio to MRI is known to ±precision% (or minutes have passed).
  TLS_OPERATIONS = (TlsOperations.names + TlsOperations.names(EcOperations::PREFIX)).freeze
  LONG_CALLS = ["keygen", *TLS_OPERATIONS].freeze
  PROFILES = {
    quick: { rounds: 3, repeats: 2, warmup: 0.05, time: 0.12, long_time: 1.0, jit_warmup: 15.0, latency_time: 0.5,
             ops: RsaOperations::NAMES - ["keygen"] + EcOperations::NAMES - TLS_OPERATIONS },
    full: { rounds: 5, repeats: 2, warmup: 0.05, time: 0.25, long_time: 1.0, jit_warmup: 40.0, latency_time: 1.0,
            unsplit: true, ops: RsaOperations::NAMES + EcOperations::NAMES - TLS_OPERATIONS },
    tls: { rounds: 5, repeats: 2, warmup: 0.2, time: 1.0, long_time: 1.0, jit_warmup: 20.0, latency_time: 1.0,
           provider: true, over_stock: true, ops: TLS_OPERATIONS, sizes: [2048], curves: [256], threads: [1] },
    readme: { rounds: 5, repeats: 2, warmup: 0.1, time: 0.3, long_time: 1.0, jit_warmup: 30.0, latency_time: 1.0,
              ops: ReadmeTable::OPERATIONS, sizes: [2048], curves: [256], threads: [1], precision: 5.0, minutes: 30.0 }
  }.freeze
  # With --baseline, rounds go on past the profile's until every this-over-baseline interval is
  # within its precision (percent) of its mean, or minutes have passed; each round runs every cell repeats times.
  BASELINE = { rounds: 6, precision: 3.0, minutes: 13.0, repeats: 12, jit_warmup: 3.0 }.freeze
  DEFAULTS = { sizes: [2048, 3072, 4096], curves: [256, 384], threads: [1, Etc.nprocessors].uniq }.freeze
  OPERATIONS = RsaOperations::NAMES + EcOperations::NAMES
  FULL_TABLE = "doc/benchmarks.md" # --readme's, every figure
  UNSPLIT = { "FAST_RSA_ENGINE_SPLIT" => "off" }.freeze
  PROVIDER = { "FAST_RSA_ENGINE_PROVIDER" => "on" }.freeze
  REPLAY_OPTIONS = %i[from readme noisy].freeze # what --from goes with

  def self.options(argv)
    options = CommandLine.parse("bin/benchmark", argv, DEFAULTS, "   (quick: about 15 minutes, no keygen)") do |parser|
      parser.on("--full", "more rounds and longer measurements, keygen, and --unsplit (about 50 minutes)")
      parser.on("--unsplit", "also each backend with the split off (FAST_RSA_ENGINE_SPLIT=off), and each over it")
      parser.on("--readme", "the operations apps make most, on until each ratio to MRI is known to ±5% (at most " \
                            "#{PROFILES[:readme][:minutes].round} minutes); the chart and a short table into README.md, every " \
                            "figure into #{FULL_TABLE}; with --full, every operation")
      parser.on("--noisy", "with --readme: write them even where an interval is wider than ±5% (marked *)")
      parser.on("--from FILE", "measure nothing: print and write again (with --readme, the README's too) what the run " \
                               "that wrote FILE (its latest.json) wrote")
      parser.on("--tls", "TLS alone: handshakes (1.3, 1.2) and a Net::HTTP GET through OpenSSL::SSL against a server in the " \
                         "process, RSA-2048 and P-256, one thread, --provider, ratios over stock too (about 15 minutes)")
      parser.on("--provider", "also each backend with its JCA provider installed (FAST_RSA_ENGINE_PROVIDER=on)")
      parser.on("--sizes LIST", Array, "RSA key sizes (default: 2048,3072,4096)", &CommandLine::INTEGERS)
      parser.on("--curves LIST", Array, "EC curves by size, of #{EcOperations::CURVES.keys.join(',')} (default: 256,384)",
                &CommandLine.among(EcOperations::CURVES.keys.map(&:to_s)) >> CommandLine::INTEGERS)
      parser.on("--ops LIST", Array, "of #{OPERATIONS.join(',')}", &CommandLine.among(OPERATIONS))
      parser.on("--threads LIST", Array, "thread counts (default: 1,cores)", &CommandLine::INTEGERS)
      parser.on("--runtimes LIST", Array, "of mri,stock and the backends (default: all)")
      parser.on("--rounds N", Integer, "rounds (default: quick #{PROFILES[:quick][:rounds]}, full #{PROFILES[:full][:rounds]})")
      parser.on("--repeats N", Integer, "turns of every runtime on a cell within a round, the order rotating (default 2, with --baseline #{BASELINE[:repeats]})")
      parser.on("--jruby LINE", %w[10.1 10.0 9.4], "JRuby line: 10.1 (default), 10.0 or 9.4")
      parser.on("--baseline REV", "also each backend of an earlier version (a tag or commit), and this one over it")
      parser.on("--precision PERCENT", Float,
                "rounds until each interval is within it: over the baseline with --baseline (default #{BASELINE[:precision]}), " \
                "over MRI with --readme (default #{PROFILES[:readme][:precision]})")
      parser.on("--minutes M", Float, "... or until M minutes have passed (default #{BASELINE[:minutes]} with --baseline, #{PROFILES[:readme][:minutes].round} with --readme)")
    end
    refuse_beside_from(options) if options[:from]
    profile = %i[full tls].find { |name| options.delete(name) } || (options[:readme] ? :readme : :quick)
    settings = PROFILES[profile].merge(long_calls: LONG_CALLS, **(options[:baseline] ? BASELINE : {}))
    given = options.reject { |name, value| settings.key?(name) && DEFAULTS[name] == value } # a profile's sizes... unless given
    settings.merge(profile: profile, **given)
  end

  # --from measures nothing: an option that says what or how to measure would be silently ignored.
  def self.refuse_beside_from(options)
    ignored = options.keys.reject { |name| REPLAY_OPTIONS.include?(name) || DEFAULTS[name] == options[name] }
    return if ignored.empty?

    abort "bin/benchmark: --from measures nothing: #{ignored.map { |name| "--#{name}" }.join(', ')} cannot apply " \
          "(only #{(REPLAY_OPTIONS - [:from]).map { |name| "--#{name}" }.join(' and ')} go with it)"
  end

  # --from: the run that wrote `path` (its latest.json) written again, its settings, machine, noise
  # and rounds as it measured them; readme and noisy as asked now.
  def self.replay(path, readme:, noisy:)
    results = begin
      JSON.parse(File.read(path))
    rescue SystemCallError, JSON::ParserError => e
      abort "bin/benchmark: --from #{path}: #{e.message}"
    end
    options = results["settings"].transform_keys(&:to_sym)
    options[:profile] = options[:profile].to_sym
    new(options.merge(readme: readme, noisy: noisy), results.fetch("command")).tap { |run| run.load(results) }.write
  end

  def initialize(options, command)
    @options = options
    @command = command
    @machine = Report.machine
    @rounds = [] # per round, Rounds#run's answer
  end

  # A run's results (latest.json) as this run's: its machine, the noise measured then, its rounds.
  def load(results)
    @machine = results["machine"].transform_keys(&:to_sym)
    @noise_measured = @machine.delete(:noise).transform_keys(&:to_sym)
    runtime = results["rows"].to_h { |row| [row["key"], row["runtime"]] }
    @rounds = results["rounds"].map do |round|
      round.to_h { |key, rates| [key, { "runtime" => runtime[key], "rates" => rates.to_h { |*cell, turns| [cell, turns] } }] }
    end
  end

  def run
    # First, so that a baseline that cannot be had stops the run before it measures anything.
    baseline = Baseline.build(ROOT, @options[:baseline], KEYS) if @options[:baseline]
    write_keys
    rounds = Rounds.new(runtimes(baseline), cells, @options, runner_settings, env, latency: latency_sizes)
    started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    @noise = Noise.start
    loop do
      minutes = (Process.clock_gettime(Process::CLOCK_MONOTONIC) - started) / 60
      break if enough?(minutes)

      warn format("==> round %d (%.1f minutes so far)", @rounds.size + 1, minutes)
      @rounds << rounds.run(@rounds.size)
      @runtime_keys = @figures = nil # they were of the rounds before this one
    end
    write
  end

  def write
    @rows = rows
    ratios = ["ratio to MRI", *("to stock" if @options[:over_stock]), *("split over unsplit" if @options[:unsplit]),
              *("this checkout over #{@options[:baseline]}" if @options[:baseline])]
    title = "RSA and EC ops/s (#{ratios.join('; ')}), geometric means of #{@rounds.size} interleaved rounds ±95% interval, " \
            "#{summary}, #{@options[:profile]}"
    noise = @noise_measured || @noise.measure(@rounds)
    text = "#{title}\n\n#{table(measured(cells))}\n\n#{legend}#{latency_table}\n\nThe machine while it ran: #{Noise.describe(noise)}"
    results = { command: @command, machine: @machine.merge(noise: noise), settings: @options, rows: @rows, latency: latencies,
                figures: figures.map { |(key, *cell), f| { runtime: key, cell: cell, **f } },
                rounds: @rounds.map { |round| round.transform_values { |r| r["rates"].map { |cell, rate| [*cell, rate] } } } }
    folder = Report.write("", text, results, RatioChart.from_json(JSON.generate(results)))
    write_readme(folder, title, text, noise) if @options[:readme]
  end

  private

  def write_keys
    FileUtils.mkdir_p(KEYS)
    @options[:sizes].each do |bits|
      File.write(File.join(KEYS, "rsa-#{bits}.pem"), OpenSSL::PKey::RSA.new(bits).to_pem, perm: 0o600)
    end
    @options[:curves].each do |bits|
      File.write(File.join(KEYS, "ec-#{bits}.pem"), OpenSSL::PKey::EC.generate(EcOperations::CURVES.fetch(bits)).to_pem, perm: 0o600)
    end
  end

  def env
    @options[:jruby] ? { "FAST_RSA_ENGINE_JRUBY" => @options[:jruby] } : {}
  end

  # Keys of a family only where one of its operations is asked for: a runner checks each key's operations.
  def runner_settings
    ec, rsa = @options[:ops].partition { |op| EcOperations.operation?(op) }
    { sizes: rsa.empty? ? [] : @options[:sizes], curves: ec.empty? ? [] : @options[:curves], ops: @options[:ops], threads: @options[:threads],
      long_calls: @options[:long_calls], keys: KEYS }
  end

  # MRI, stock JRuby and each backend the gem has here (asked of JRuby once), each backend beside its
  # baseline's; --runtimes keeps some.
  def runtimes(baseline)
    all = [Rounds::Runtime.new(key: "mri", interpreter: RbConfig.ruby, engine: "none"),
           Rounds::Runtime.new(key: "stock", interpreter: JRUBY, engine: "none", jruby: true)]
    backends.each do |backend|
      all << Rounds::Runtime.new(key: backend, interpreter: JRUBY, engine: backend, jruby: true)
      all << Rounds::Runtime.new(key: unsplit_key(backend), interpreter: JRUBY, engine: backend, jruby: true, env: UNSPLIT) if @options[:unsplit]
      all << Rounds::Runtime.new(key: "#{backend} provider", interpreter: JRUBY, engine: backend, jruby: true, env: PROVIDER) if @options[:provider]
      all << Rounds::Runtime.new(key: baseline_key(backend), interpreter: JRUBY, engine: backend, lib: baseline, jruby: true) if baseline
    end
    chosen = @options[:runtimes] or return all
    unknown = chosen - all.map(&:key)
    abort "bin/benchmark: --runtimes: #{unknown.join(',')} not among #{all.map(&:key).join(',')}" unless unknown.empty?
    all.select { |runtime| chosen.include?(runtime.key.split.first) }
  end

  def backends
    probe = 'require "fast-rsa-engine"; puts FastRsaEngine.available_backends - [:stock]'
    out, status = Open3.capture2(env, JRUBY, "-I", RsaOperations::LIB, "-e", probe)
    status.success? ? out.split : abort("bin/benchmark: JRuby could not load the gem (see above)")
  end

  def unsplit_key(key)
    "#{key} unsplit"
  end

  # The sizes whose one-thread sign is also timed call by call (median, 99th percentile): where sign
  # runs in one thread.
  def latency_sizes
    @options[:ops].include?("sign") && @options[:threads].include?(1) ? @options[:sizes] : nil
  end

  def baseline_key(key)
    "#{key} (#{@options[:baseline]})"
  end

  # Enough rounds: the profile's (or --rounds); with --baseline (or the README's profile), then on
  # until each this-over-baseline (each over MRI) interval is within --precision, for at most --minutes.
  def enough?(minutes)
    return false if @rounds.size < @options[:rounds]

    ratio = precise_ratio or return true
    minutes >= @options[:minutes] || figures.values.all? { |f| !f[ratio] || f[ratio][:half_width] * 100 <= @options[:precision] }
  end

  def precise_ratio
    if @options[:baseline] then "ratio_to_baseline"
    elsif @options[:precision] then "ratio_to_mri"
    end
  end

  # [op, bits, threads] to measure, in the order of the options (an EC operation's bits: its curve's).
  def cells
    @options[:ops].flat_map do |op|
      [op].product(EcOperations.operation?(op) ? @options[:curves] : @options[:sizes], @options[:threads])
    end
  end

  # The runtimes' keys, in the order the rounds first ran them: the figures' and the rows'. Worked
  # out once for the rounds so far, as figures are.
  def runtime_keys
    @runtime_keys ||= @rounds.flat_map(&:keys).uniq
  end

  # [runtime's key, op, bits, threads] => {"ops_per_sec" => summary of each round's mean rate,
  # "ratio_to_mri" => summary of each round's ratio, "ratio_to_baseline" => likewise, over the
  # baseline's, "ratio_to_one_thread" => at more threads, over its own one thread}. A round's ratio is of the two runtimes' mean rates over the repeats both measured:
  # means, because the rotating turns cancel a linear drift out of means (Rounds#measure). Worked
  # out once for the rounds so far: with --baseline, enough? asks after every round, write after the last.
  def figures
    @figures ||= runtime_keys.product(cells).filter_map do |key, cell|
      rates = @rounds.filter_map { |round| round.dig(key, "rates", cell)&.then { |r| Statistics.mean(r) unless r.empty? } }
      next if rates.empty?

      figure = { "ops_per_sec" => Statistics.summary(rates) }
      { "ratio_to_mri" => "mri", "ratio_to_stock" => ("stock" if @options[:over_stock]), "ratio_to_unsplit" => unsplit_key(key),
        "ratio_to_baseline" => baseline_key(key) }.each do |ratio, over|
        next if over == key || !runtime_keys.include?(over)

        figure[ratio] = Statistics.summary(@rounds.filter_map { |round| round_ratio(round, key, over, cell) })
      end
      over_one = @rounds.filter_map { |round| thread_ratio(round, key, cell) }
      figure["ratio_to_one_thread"] = Statistics.summary(over_one) unless over_one.empty?
      [[key, *cell], figure.compact]
    end.to_h
  end

  def round_ratio(round, key, over, cell)
    pairs = Array(round.dig(key, "rates", cell)).zip(Array(round.dig(over, "rates", cell))).select(&:last)
    Statistics.mean(pairs.map(&:first)) / Statistics.mean(pairs.map(&:last)) unless pairs.empty?
  end

  # A cell of more threads over the same runtime's one thread, within a round: how its threads scale.
  def thread_ratio(round, key, (op, bits, threads))
    return if threads == 1

    many, one = [threads, 1].map { |count| Array(round.dig(key, "rates", [op, bits, count])) }
    Statistics.mean(many) / Statistics.mean(one) unless many.empty? || one.empty?
  end

  def rows
    runtime_keys.map { |key| { key: key, runtime: @rounds.reverse_each.lazy.filter_map { |round| round.dig(key, "runtime") }.first } }
  end

  # The chart and the short table into README.md, every figure into doc/benchmarks.md: only from
  # figures to trust (each ratio to MRI of the short table within ±5%) unless --noisy.
  def write_readme(folder, title, text, noise)
    readme = ReadmeTable.new(@rows, figures, measured(cells))
    wide = readme.wide_ratios
    unless wide.empty? || @options[:noisy]
      abort "bin/benchmark: README.md and #{FULL_TABLE} left as they were: #{wide.size} ratios to MRI wider than " \
            "±#{(Statistics::WIDE * 100).round}% (#{wide.first(4).join(', ')}#{', ...' if wide.size > 4}); the machine: " \
            "#{Noise.describe(noise)}. Run it again on a quieter machine, or pass --noisy to write them marked."
    end
    FileUtils.cp(File.join(folder, "latest.svg"), File.join(ROOT, "doc/benchmark.svg"))
    image = ->(path) { "![Operations per second as a multiple of MRI's, per operation](#{path})\n\n" }
    Report.update_section(File.join(ROOT, FULL_TABLE), "#{image.('benchmark.svg')}`#{@command}` printed:\n\n#{text}\n")
    noisy = wide.empty? ? "" : " Written with --noisy: #{wide.size} multiples are not known to ±#{(Statistics::WIDE * 100).round}%."
    Report.update_section(Report::README, "#{image.('doc/benchmark.svg')}#{readme.to_markdown}\n\n#{readme.legend}#{noisy}\n\n" \
                                          "#{title}; the machine: #{Noise.describe(noise)} (`#{@command}`; every figure: " \
                                          "[#{FULL_TABLE}](#{FULL_TABLE}))\n")
  end

  def legend
    "Each cell: ops/s, the geometric mean over the rounds ±its 95% interval's farther end; then the ratios, each " \
      "taken within a round (every runtime measured the cell seconds apart), their geometric mean ±likewise; " \
      "a row of more threads also its rate over the same runtime's one thread, within each round. " \
      "* marks an interval wider than ±#{(Statistics::WIDE * 100).round}%: not a figure to trust. Below " \
      "#{Statistics::MIN_ROUNDS} rounds the interval is the rounds' range."
  end

  # The cells with a figure, in the order of the options.
  def measured(all)
    all & figures.keys.map { |key| key.drop(1) }
  end

  # A row per operation, key size and thread count, a column per runtime, each cell "ops/s ±% (ratios)",
  # or "-" where that runtime has no figure. Slow keygen keeps three digits: 5.28, 0.532.
  def table(cells)
    body = cells.map do |op, bits, threads|
      texts = @rows.map do |row|
        f = figures[[row[:key], op, bits, threads]] or next "-"
        rate = f["ops_per_sec"]
        text = "#{format("%.#{(2 - Math.log10(rate[:mean]).floor).clamp(0, 4)}f", rate[:mean])} #{spread(rate)}"
        ratios = { "ratio_to_mri" => "%.2fx", "ratio_to_stock" => "%.2fx stock", "ratio_to_unsplit" => "%.2fx", "ratio_to_baseline" => "%.3fx",
                   "ratio_to_one_thread" => "%.2fx one thread" }.filter_map do |ratio, form|
          f[ratio] && "#{format(form, f[ratio][:mean])} #{spread(f[ratio])}"
        end
        ratios.empty? ? text : "#{text} (#{ratios.join('; ')})"
      end
      ["#{op} #{bits}", threads.to_s, *texts]
    end
    header = ["operation", "threads", *@rows.map { |row| row[:key] == "mri" ? "MRI" : row[:key] }]
    Report.markdown([header, *body])
  end

  # [runtime's key, bits] => {"p50_us", "p99_us"}, each the geometric mean of the rounds' figures.
  def latencies
    runtime_keys.product(latency_sizes || []).filter_map do |key, bits|
      rounds = @rounds.filter_map { |round| round.dig(key, "latency", bits) }
      next if rounds.empty?

      [[key, bits], %w[p50_us p99_us].to_h { |name| [name, Statistics.geometric_mean(rounds.map { |figure| figure[name] })] }]
    end.to_h
  end

  # One thread's time per sign, a row per size, a column per runtime: "p50 / p99 µs".
  def latency_table
    return "" if latencies.empty?

    body = latency_sizes.map do |bits|
      ["sign #{bits}", *@rows.map { |row| latencies[[row[:key], bits]]&.then { |f| format("%.0f / %.0f", f["p50_us"], f["p99_us"]) } || "-" }]
    end
    header = ["one thread: time per call, µs (median / 99th percentile, geometric means of the rounds)", *@rows.map { |row| row[:key] == "mri" ? "MRI" : row[:key] }]
    "\n\n#{Report.markdown([header, *body])}"
  end

  # "±3%", "±0.8%" below 2%, with * where the interval is wider than Statistics::WIDE.
  def spread(summary)
    percent = summary[:half_width] * 100
    "±#{percent < 2 ? format('%.1f', percent) : percent.round}%#{'*' if summary[:half_width] > Statistics::WIDE}"
  end

  # The machine, then "MRI 3.1.2p20 + OpenSSL 3.0.19 · JRuby 10.1.1.0 on Java 25.0.3"
  def summary
    Report.summary(@machine, *@rows.map { |row| row[:runtime]["label"] }.uniq)
  end
end

command = "bin/benchmark #{ARGV.join(' ')}".strip # before the options are taken out of ARGV
options = RsaBenchmark.options(ARGV)
if options[:from]
  RsaBenchmark.replay(options[:from], readme: options[:readme], noisy: options[:noisy])
else
  RsaBenchmark.new(options, command).run
end
