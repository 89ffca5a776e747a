# frozen_string_literal: true

# The whole benchmark, as bin/benchmark runs it under MRI: writes the keys, runs one runner.rb
# process per row on them (MRI, JRuby stock, JRuby with each backend fast-rsa-engine has here,
# Square's bouncycastle-rsa), then prints one table and writes results/latest.json and latest.svg;
# --readme also puts table and chart into README.md.   ruby benchmark/report.rb --help
require "fileutils"
require "json"
require "open3"
require "time"
require_relative "lib/baseline"
require_relative "lib/chart"
require_relative "lib/machine"
require_relative "lib/options"
require_relative "lib/row"
require_relative "lib/square_rsa"
require_relative "lib/table"

class Report
  ROOT = File.expand_path("..", __dir__)
  RESULTS = File.join(__dir__, "results")
  KEYS = File.join(RESULTS, "tmp")
  JRUBY = File.join(ROOT, "bin/jruby")

  def initialize(options)
    @options = options
    @rows = []
  end

  def run
    # First, so that a baseline that cannot be had stops the run before it measures anything.
    baseline = Baseline.new(ROOT, @options[:baseline], KEYS).tap(&:build) if @options[:baseline]
    FileUtils.mkdir_p(KEYS)
    @options[:sizes].each do |bits|
      File.write(File.join(KEYS, "rsa-#{bits}.pem"), OpenSSL::PKey::RSA.new(bits).to_pem, perm: 0o600)
    end
    measure("mri", RbConfig.ruby, "none")
    stock = measure("stock", JRUBY, "none")
    stock&.fetch("backends")&.each do |backend|
      measure(backend, JRUBY, backend)
      measure("#{backend} (#{baseline.revision})", JRUBY, backend, lib: baseline.lib) if baseline
    end
    measure("Square bc-rsa (direct)", JRUBY, "square", @options[:ops] & SquareRsa::NAMES)
    write
  end

  private

  # Runs one runner.rb process, its progress going straight to our stderr. Answers its output.
  # lib: the gem's lib/ directory where it is not this checkout's (a baseline's).
  def measure(name, interpreter, engine, ops = @options[:ops], lib: nil)
    return if ops.empty?

    warn "==> #{interpreter == JRUBY ? "JRuby #{name}" : 'MRI'}"
    settings = @options.slice(:sizes, :threads, :warmup, :time, :jit_warmup, :keygen_keys)
                       .merge(engine: engine, keys: KEYS, ops: ops, lib: lib).compact
    env = @options[:jruby] ? { "FAST_RSA_ENGINE_JRUBY" => @options[:jruby] } : {}
    stdout, status = Open3.capture2(env, interpreter, File.join(__dir__, "runner.rb"), JSON.generate(settings))
    return warn("==> failed (#{status}): the #{name} row is left out") unless status.success?

    output = JSON.parse(stdout.lines.last)
    runtime = output["runtime"]
    label = runtime["jruby"] ? "JRuby #{runtime['jruby']} #{name}" : "MRI #{RUBY_VERSION}"
    @rows << Row.new(name, label, runtime, output["results"])
    output
  end

  def write
    mri = @rows.find { |row| row.key == "mri" }
    @rows.each { |row| row.add_ratios(mri) } if mri
    columns = @options[:ops].product(@options[:sizes]).select { |cell| @rows.any? { |row| row.measured?(*cell) } }
    report = "RSA ops/s (ratio to MRI), #{summary}, #{@options[:profile]}\n\n" +
             Table.render(@rows, columns, @options[:threads]) + against_baseline(columns)
    File.write(File.join(RESULTS, "latest.json"),
               JSON.pretty_generate(machine: machine, settings: @options, rows: @rows.map(&:to_h)))
    File.write(File.join(RESULTS, "latest.svg"), Chart.new(@rows - [mri], columns, @options[:threads], summary).to_svg)
    puts report
    update_readme(report) if @options[:readme]
    warn "==> wrote #{RESULTS}/latest.json and latest.svg#{' and README.md' if @options[:readme]}"
  end

  # With --baseline: each backend's figures over the baseline's, cell by cell, from this one run.
  def against_baseline(columns)
    pairs = @rows.filter_map { |row| [row, @rows.find { |other| other.key == "#{row.key} (#{@options[:baseline]})" }] }
    pairs.select!(&:last)
    return "" if pairs.empty?

    header = ["backend", "threads", *columns.map { |op, bits| "#{op} #{bits}" }]
    body = @options[:threads].product(pairs).map do |threads, (row, base)|
      [row.key, threads.to_s, *columns.map { |op, bits| Table.ratio(row.figure(op, bits, threads), base.figure(op, bits, threads)) }]
    end
    "\n\nThis checkout over #{@options[:baseline]} (ops/s over ops/s, same run):\n\n#{Table.markdown([header, *body])}"
  end

  def machine
    @machine ||= Machine.describe
  end

  # "AMD EPYC, 2 cores, 2026-11-21 · MRI 3.1.2p20 + OpenSSL 3.0.19 · JRuby 10.1.1.0 on Java 25.0.3"
  def summary
    runtimes = @rows.map(&:runtime).uniq { |runtime| runtime.values_at("ruby", "java") }.map do |runtime|
      next "JRuby #{runtime['jruby']} on Java #{runtime['java']}" if runtime["jruby"]

      "MRI #{runtime['ruby'].split[1]} + #{runtime['openssl'].split[0, 2].join(' ')}"
    end
    ["#{machine[:cpu]}, #{machine[:cores]} cores, #{machine[:date][0, 10]}", *runtimes].join(" · ")
  end

  # Puts the report, and the chart as doc/benchmark.svg, between README.md's benchmark markers.
  def update_readme(report)
    readme = File.join(ROOT, "README.md")
    section = "![RSA operations per second, relative to MRI](doc/benchmark.svg)\n\n`#{COMMAND}` printed:\n\n#{report}\n"
    text = File.read(readme)
    found = text.sub!(/(<!-- benchmark:start -->\n).*?(<!-- benchmark:end -->)/m) { "#{$1}#{section}#{$2}" }
    raise "README.md has no <!-- benchmark:start --> ... <!-- benchmark:end --> section" unless found

    FileUtils.cp(File.join(RESULTS, "latest.svg"), File.join(ROOT, "doc/benchmark.svg"))
    File.write(readme, text)
  end
end

$stderr.sync = true
COMMAND = "bin/benchmark #{ARGV.join(' ')}".strip.freeze
begin
  Report.new(Options.parse(ARGV)).run
rescue Baseline::Error => e
  abort "bin/benchmark: #{e.message}"
end
