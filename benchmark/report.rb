# frozen_string_literal: true

# The whole benchmark, as bin/benchmark runs it under MRI: writes the keys, runs one runner.rb
# process per row on them (MRI, JRuby stock, JRuby with each backend fast-rsa-engine has here,
# Square's bouncycastle-rsa), then prints one table and writes results/latest.json and latest.svg;
# --readme also puts table and chart into README.md.   ruby benchmark/report.rb --help
require "etc"
require "fileutils"
require "json"
require "open3"
require "optparse"
require "time"
require_relative "lib/chart"
require_relative "lib/row"
require_relative "lib/square_rsa"
require_relative "lib/table"

class Report
  ROOT = File.expand_path("..", __dir__)
  RESULTS = File.join(__dir__, "results")
  OPS = [*RsaOperations::NAMES, "keygen"].freeze
  # Seconds of warm-up and of measurement per cell; on JRuby the warm-ups of all cells last at
  # least jit_warmup. keygen times keygen_keys keys at 2048 bits, fewer at larger sizes.
  PROFILES = {
    quick: { warmup: 0.5, time: 1.0, jit_warmup: 5.0, keygen_keys: 24, ops: RsaOperations::NAMES },
    full: { warmup: 2.0, time: 4.0, jit_warmup: 10.0, keygen_keys: 64, ops: OPS }
  }.freeze

  def self.parse(argv)
    profile = :quick
    options = { sizes: [2048, 3072, 4096], threads: [1, Etc.nprocessors].uniq }
    OptionParser.new do |parser|
      parser.banner = "usage: bin/benchmark [options]   (quick by default: a few minutes, no keygen)"
      parser.on("--full", "longer warm-up and measurement, and keygen") { profile = :full }
      parser.on("--sizes LIST", Array, "key sizes in bits (default: 2048,3072,4096)") { |v| options[:sizes] = v.map { |s| Integer(s) } }
      parser.on("--ops LIST", Array, "of #{OPS.join(',')}") { |v| options[:ops] = v - OPS == [] ? v : raise(ArgumentError, "--ops #{v - OPS}?") }
      parser.on("--threads LIST", Array, "thread counts (default: 1,cores)") { |v| options[:threads] = v.map { |s| Integer(s) } }
      parser.on("--jruby LINE", %w[10.1 9.4], "JRuby line: 10.1 (default) or 9.4") { |v| options[:jruby] = v }
      parser.on("--readme", "also put table and chart into README.md, between its benchmark markers") { options[:readme] = true }
    end.parse!(argv)
    PROFILES[profile].merge(options, profile: profile)
  rescue OptionParser::ParseError, ArgumentError => e
    abort "bin/benchmark: #{e.message} (--help lists the options)"
  end

  def initialize(options)
    @options = options
    @rows = []
  end

  def run
    keys = File.join(RESULTS, "tmp")
    FileUtils.mkdir_p(keys)
    @options[:sizes].each { |bits| File.write(File.join(keys, "rsa-#{bits}.pem"), OpenSSL::PKey::RSA.new(bits).to_pem, perm: 0o600) }
    jruby = File.join(ROOT, "bin/jruby")
    measure(keys, "mri", RbConfig.ruby, "none")
    stock = measure(keys, "stock", jruby, "none")
    stock&.fetch("backends")&.each { |backend| measure(keys, backend, jruby, backend) }
    measure(keys, "Square bc-rsa (direct)", jruby, "square", @options[:ops] & SquareRsa::NAMES)
    write
  end

  private

  # Runs one runner.rb process, its progress going straight to our stderr. Answers its output.
  def measure(keys, name, interpreter, engine, ops = @options[:ops])
    return if ops.empty?

    warn "==> #{interpreter == RbConfig.ruby ? 'MRI' : 'JRuby'} #{name}"
    settings = @options.slice(:sizes, :threads, :warmup, :time, :jit_warmup, :keygen_keys).merge(engine: engine, keys: keys, ops: ops)
    env = @options[:jruby] ? { "FAST_RSA_ENGINE_JRUBY" => @options[:jruby] } : {}
    stdout, status = Open3.capture2(env, interpreter, File.join(__dir__, "runner.rb"), JSON.generate(settings))
    return warn("==> failed (#{status}): the #{name} row is left out") unless status.success?

    output = JSON.parse(stdout.lines.last)
    runtime = output["runtime"]
    @rows << Row.new(name, runtime["jruby"] ? "JRuby #{runtime['jruby']} #{name}" : "MRI #{RUBY_VERSION}", runtime, output["results"])
    output
  end

  def write
    mri = @rows.find { |row| row.key == "mri" }
    @rows.each { |row| row.add_ratios(mri) } if mri
    columns = @options[:ops].product(@options[:sizes]).select { |op, bits| @rows.any? { |row| row.measured?(op, bits) } }
    report = "RSA ops/s (ratio to MRI), #{summary}, #{@options[:profile]}\n\n#{Table.render(@rows, columns, @options[:threads])}"
    machine = { cpu: cpu, cores: Etc.nprocessors, kernel: Etc.uname.values_at(:sysname, :release, :machine).join(" "), date: Time.now.utc.iso8601 }
    File.write(File.join(RESULTS, "latest.json"), JSON.pretty_generate(machine: machine, settings: @options, rows: @rows.map(&:to_h)))
    File.write(File.join(RESULTS, "latest.svg"), Chart.new(@rows - [mri], columns, @options[:threads], summary).to_svg)
    puts report
    update_readme(report) if @options[:readme]
    warn "==> wrote #{RESULTS}/latest.json and latest.svg#{' and README.md' if @options[:readme]}"
  end

  def cpu
    File.foreach("/proc/cpuinfo").find { |line| line.start_with?("model name") }&.split(":", 2)&.last&.strip || "unknown CPU"
  end

  # "AMD EPYC, 2 cores, 2026-11-21 · MRI 3.1.2p20 + OpenSSL 3.0.19 · JRuby 10.1.1.0 on Java 25.0.3"
  def summary
    runtimes = @rows.map(&:runtime).uniq { |runtime| runtime.values_at("ruby", "java") }.map do |runtime|
      runtime["jruby"] ? "JRuby #{runtime['jruby']} on Java #{runtime['java']}" : "MRI #{runtime['ruby'].split[1]} + #{runtime['openssl'].split[0, 2].join(' ')}"
    end
    ["#{cpu}, #{Etc.nprocessors} cores, #{Time.now.strftime('%F')}", *runtimes].join(" · ")
  end

  # Puts the report, and the chart as doc/benchmark.svg, between README.md's benchmark markers.
  def update_readme(report)
    readme = File.join(ROOT, "README.md")
    FileUtils.cp(File.join(RESULTS, "latest.svg"), File.join(ROOT, "doc/benchmark.svg"))
    section = "![RSA operations per second, relative to MRI](doc/benchmark.svg)\n\n`#{COMMAND}` printed:\n\n#{report}\n"
    text = File.read(readme)
    raise "README.md has no benchmark markers" unless text.sub!(/(<!-- benchmark:start -->\n).*?(<!-- benchmark:end -->)/m) { "#{$1}#{section}#{$2}" }

    File.write(readme, text)
  end
end

$stderr.sync = true
COMMAND = "bin/benchmark #{ARGV.join(' ')}".strip.freeze
Report.new(Report.parse(ARGV)).run
