# frozen_string_literal: true

# The whole benchmark, as bin/benchmark runs it under MRI once setup and build are done: makes the
# keys, times every row (MRI, JRuby stock, each native backend, Square's bouncycastle-rsa) in its own
# runner.rb process on those same keys, then prints one table and writes results/latest.json and
# results/latest.svg.   ruby benchmark/report.rb --help
require "fileutils"
require "json"
require_relative "lib/chart"
require_relative "lib/keys"
require_relative "lib/machine"
require_relative "lib/readme"
require_relative "lib/report_options"
require_relative "lib/results"
require_relative "lib/rows"
require_relative "lib/table"
require_relative "lib/worker"

class Report
  RESULTS_DIR = File.expand_path("results", __dir__)
  KEYS_DIR = File.join(RESULTS_DIR, "tmp")
  QUICK_NOTE = "; --full for tighter figures"

  def initialize(options)
    @options = options
    @rows = Row.all.reject { |row| row.wanted_ops(options).empty? }
    @results = Results.new(Row.baseline)
  end

  def run
    say "about #{(estimate / 60.0).ceil} min (#{@options[:profile]}#{QUICK_NOTE if @options[:profile] == :quick})"
    say "generating RSA keys of #{@options[:sizes].join(', ')} bits in #{KEYS_DIR}"
    Keys.generate(KEYS_DIR, @options[:sizes])
    @options[:runs].times { |run| @rows.each_with_index { |row, i| measure(row, run, i) } }
    write
  end

  private

  def measure(row, run, index)
    say "[#{run * @rows.size + index + 1}/#{@options[:runs] * @rows.size}] #{row.title}"
    output = Worker.run(row.command(@options, KEYS_DIR), jruby_environment)
    @results.add(row.key, output) if output
    say "skipped #{row.title}: #{output['unavailable']}" if output&.dig("unavailable")
  end

  def jruby_environment
    @options[:jruby] ? { "FAST_RSA_ENGINE_JRUBY" => @options[:jruby] } : {}
  end

  def estimate
    @rows.sum { |row| row.estimate(@options) } * @options[:runs]
  end

  def write
    machine = Machine.describe(@results)
    FileUtils.mkdir_p(RESULTS_DIR)
    File.write(json_path, JSON.pretty_generate(machine: machine, settings: settings, **@results.to_h))
    File.write(svg_path, Chart.new(@results, @options, subtitle: Machine.summary(machine), baseline: Row.baseline).to_svg)
    report = "RSA ops/s (ratio to MRI), #{Machine.summary(machine)}, #{@options[:profile]}\n\n#{Table.render(@results, @options)}"
    puts report
    Readme.update(report, svg_path, COMMAND) if @options[:readme]
    say "wrote #{json_path} and #{svg_path}#{' and README.md' if @options[:readme]}"
  end

  def settings
    @options.slice(:profile, :sizes, :ops, :threads, :warmup, :time, :jit_warmup, :runs, :jruby)
  end

  def json_path
    File.join(RESULTS_DIR, "latest.json")
  end

  def svg_path
    File.join(RESULTS_DIR, "latest.svg")
  end

  def say(message)
    warn "==> #{message}"
  end
end

$stderr.sync = true
COMMAND = "bin/benchmark #{ARGV.join(' ')}".strip.freeze
Report.new(ReportOptions.parse(ARGV)).run
