# frozen_string_literal: true

# RSA and EC operations per second, as bin/benchmark runs it under MRI: writes the keys, runs one
# runner.rb process per row on them (MRI, JRuby stock, JRuby with each backend fast-rsa-engine has
# here, each beside its --baseline's), then prints one table and writes results/latest.json and
# latest.svg; --readme puts the chart and a short table into README.md, every figure into doc/.
require "open3"
require_relative "lib/baseline"
require_relative "lib/chart"
require_relative "lib/command_line"
require_relative "lib/ec_operations"
require_relative "lib/report"
require_relative "lib/rsa_operations"

class RsaBenchmark
  ROOT = File.expand_path("..", __dir__)
  KEYS = File.join(Report::RESULTS, "tmp")
  JRUBY = File.join(ROOT, "bin/jruby")
  # Per cell, seconds of warm-up and of measurement (keygen_time for keygen, whose time varies widely
  # from key to key); on JRuby the warm-ups of all cells last at least jit_warmup.
  PROFILES = {
    quick: { warmup: 0.5, time: 1.0, keygen_time: 5.0, jit_warmup: 5.0, ops: RsaOperations::NAMES - ["keygen"] + EcOperations::NAMES },
    full: { warmup: 2.0, time: 4.0, keygen_time: 20.0, jit_warmup: 10.0, ops: RsaOperations::NAMES + EcOperations::NAMES }
  }.freeze
  RATIOS = { "ratio_to_mri" => "%.2fx", "ratio_to_baseline" => "%.3fx" }.freeze # as the table shows them
  DEFAULTS = { sizes: [2048, 3072, 4096], curves: [256, 384], threads: [1, Etc.nprocessors].uniq }.freeze
  OPERATIONS = RsaOperations::NAMES + EcOperations::NAMES
  FULL_TABLE = "doc/benchmarks.md" # --readme's, every figure

  def self.options(argv)
    options = CommandLine.parse("bin/benchmark", argv, DEFAULTS, "   (quick: a few minutes, no keygen)") do |parser|
      parser.on("--full", "longer warm-up and measurement, and keygen")
      parser.on("--sizes LIST", Array, "RSA key sizes (default: 2048,3072,4096)", &CommandLine::INTEGERS)
      parser.on("--curves LIST", Array, "EC curves by size, of #{EcOperations::CURVES.keys.join(',')} (default: 256,384)",
                &CommandLine.among(EcOperations::CURVES.keys.map(&:to_s)) >> CommandLine::INTEGERS)
      parser.on("--ops LIST", Array, "of #{OPERATIONS.join(',')}", &CommandLine.among(OPERATIONS))
      parser.on("--threads LIST", Array, "thread counts (default: 1,cores)", &CommandLine::INTEGERS)
      parser.on("--jruby LINE", %w[10.1 9.4], "JRuby line: 10.1 (default) or 9.4")
      parser.on("--baseline REV", "also each backend of an earlier version (a tag or commit)")
      parser.on("--readme", "also the chart and a short table into README.md, every figure into #{FULL_TABLE}")
    end
    profile = options.delete(:full) ? :full : :quick
    PROFILES[profile].merge(profile: profile, **options)
  end

  def initialize(options, command)
    @options = options
    @command = command
    @machine = Report.machine
    @rows = []
    @figures = {} # [row's key, op, bits, threads] => that row's figure
  end

  def run
    # First, so that a baseline that cannot be had stops the run before it measures anything.
    baseline = Baseline.build(ROOT, @options[:baseline], KEYS) if @options[:baseline]
    FileUtils.mkdir_p(KEYS)
    @options[:sizes].each do |bits|
      File.write(File.join(KEYS, "rsa-#{bits}.pem"), OpenSSL::PKey::RSA.new(bits).to_pem, perm: 0o600)
    end
    @options[:curves].each do |bits|
      File.write(File.join(KEYS, "ec-#{bits}.pem"), OpenSSL::PKey::EC.generate(EcOperations::CURVES.fetch(bits)).to_pem, perm: 0o600)
    end
    measure("mri", RbConfig.ruby, "none")
    measure("stock", JRUBY, "none")&.fetch("backends")&.each do |backend|
      measure(backend, JRUBY, backend)
      measure("#{backend} (#{@options[:baseline]})", JRUBY, backend, lib: baseline) if baseline
    end
    write
  end

  private

  # Runs one runner.rb process, its progress going straight to our stderr. Answers its output.
  # lib: the gem's lib/ directory where it is not this checkout's (a baseline's).
  def measure(name, interpreter, engine, lib: nil)
    warn "==> #{interpreter == JRUBY ? "JRuby #{name}" : 'MRI'}"
    settings = @options.slice(:sizes, :curves, :ops, :threads, :warmup, :time, :keygen_time, :jit_warmup)
                       .merge(engine: engine, keys: KEYS, lib: lib).compact
    env = @options[:jruby] ? { "FAST_RSA_ENGINE_JRUBY" => @options[:jruby] } : {}
    stdout, status = Open3.capture2(env, interpreter, "#{__dir__}/runner.rb", JSON.generate(settings))
    return warn("==> failed (#{status}): the #{name} row is left out") unless status.success?

    output = JSON.parse(stdout.lines.last)
    @rows << { key: name, runtime: output["runtime"], figures: output["results"] }
    output["results"].each { |f| @figures[[name, *f.values_at("op", "bits", "threads")]] = f }
    output
  end

  def write
    # Each figure over MRI's, and with --baseline each of this checkout's over the baseline's, same run.
    @figures.each do |(key, *cell), f|
      { "ratio_to_mri" => "mri", "ratio_to_baseline" => "#{key} (#{@options[:baseline]})" }.each do |ratio, over|
        base = @figures[[over, *cell]] unless over == key
        f[ratio] = (f["ops_per_sec"] / base["ops_per_sec"]).round(3) if base
      end
    end
    ratios = ["ratio to MRI", *("this checkout over #{@options[:baseline]}" if @options[:baseline])]
    title = "RSA and EC ops/s (#{ratios.join('; ')}), #{summary}, #{@options[:profile]}"
    text = "#{title}\n\n#{table(cells)}"
    results = { machine: @machine, settings: @options, rows: @rows }
    folder = Report.write("", text, results, chart(@rows.reject { |row| row[:key] == "mri" }))
    return unless @options[:readme]

    FileUtils.cp(File.join(folder, "latest.svg"), File.join(ROOT, "doc/benchmark.svg"))
    image = ->(path) { "![RSA and EC operations per second, relative to MRI](#{path})\n\n" }
    File.write(File.join(ROOT, FULL_TABLE),
               "# Benchmarks\n\n#{image.('benchmark.svg')}`#{@command}` printed:\n\n#{text}\n")
    Report.update_readme("#{image.('doc/benchmark.svg')}#{title} (`#{@command}`; every figure: " \
                         "[#{FULL_TABLE}](#{FULL_TABLE}))\n\n#{table(short_cells)}\n")
  end

  # [op, bits, threads] of every figure measured, in the order of the options (an EC operation's bits: its curve's).
  def cells
    all = @options[:ops].flat_map do |op|
      [op].product(EcOperations.operation?(op) ? @options[:curves] : @options[:sizes], @options[:threads])
    end
    all & @figures.keys.map { |key| key.drop(1) }
  end

  # The README's: each RSA operation at 2048 bits (else the first size) in one thread (else the first
  # count), and sign at the other sizes and thread counts too; each EC operation on each curve in one thread.
  def short_cells
    bits = @options[:sizes].include?(2048) ? 2048 : @options[:sizes].first
    threads = @options[:threads].first
    cells.select do |op, b, t|
      next t == threads if EcOperations.operation?(op)

      [b, t] == [bits, threads] || (op == "sign" && (b == bits || t == threads))
    end
  end

  # A row per operation, key size and thread count, a column per runtime, each cell "ops/s (ratios)",
  # or "-" where that runtime has no figure. Slow keygen keeps three digits: 5.28, 0.532.
  def table(cells)
    body = cells.map do |op, bits, threads|
      figures = @rows.map do |row|
        f = @figures[[row[:key], op, bits, threads]] or next "-"
        text = format("%.#{(2 - Math.log10(f['ops_per_sec']).floor).clamp(0, 4)}f", f["ops_per_sec"])
        ratios = RATIOS.filter_map { |ratio, form| f[ratio] && format(form, f[ratio]) }
        ratios.empty? ? text : "#{text} (#{ratios.join('; ')})"
      end
      ["#{op} #{bits}", threads.to_s, *figures]
    end
    header = ["operation", "threads", *@rows.map { |row| row[:key] == "mri" ? "MRI" : row[:key] }]
    Report.markdown([header, *body])
  end

  # A panel per thread count, a group of bars per operation and key size of the short table, a bar per
  # JRuby row.
  def chart(rows)
    panels = @options[:threads].to_h do |threads|
      groups = short_cells.map { |op, bits| [op, bits] }.uniq.map do |op, bits|
        ratios = rows.map { |row| @figures[[row[:key], op, bits, threads]]&.dig("ratio_to_mri") }
        ["#{op} #{bits}", ratios.map { |ratio| ratio && [ratio, [format("%.2f", ratio)]] }]
      end
      [threads == 1 ? "1 thread" : "#{threads} threads (all but keygen on one shared key)", groups]
    end
    Chart.new(title: "RSA and EC operations per second relative to MRI (MRI = 1x; higher is faster)", subtitle: summary,
              series: rows.map { |row| "JRuby #{row[:runtime]['jruby']} #{row[:key]}" }, panels: panels, unit: "x")
  end

  # The machine, then "MRI 3.1.2p20 + OpenSSL 3.0.19 · JRuby 10.1.1.0 on Java 25.0.3"
  def summary
    Report.summary(@machine, *@rows.map { |row| row[:runtime]["label"] }.uniq)
  end
end

command = "bin/benchmark #{ARGV.join(' ')}".strip # before the options are taken out of ARGV
RsaBenchmark.new(RsaBenchmark.options(ARGV), command).run
