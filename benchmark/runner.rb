# frozen_string_literal: true

# One benchmark process, as bin/benchmark starts it under each interpreter: loads one engine,
# times each operation at each key size and thread count (warm-up, then a fixed duration),
# and prints the figures as one line of JSON on stdout. Progress goes to stderr.
#   ruby benchmark/runner.rb --engine none --keys benchmark/results/tmp
#   bin/jruby benchmark/runner.rb --engine gmp --sizes 2048 --ops sign,decrypt --threads 1,2
require "json"
require "optparse"
require_relative "lib/engine"
require_relative "lib/keys"
require_relative "lib/measure_options"
require_relative "lib/rate"
require_relative "lib/runtime_info"

class Runner
  def self.parse(argv)
    options = MeasureOptions::DEFAULTS.merge(engine: Engine.default, keys: nil)
    OptionParser.new do |parser|
      parser.banner = "usage: ruby #{$PROGRAM_NAME} [options]   (or bin/jruby #{$PROGRAM_NAME} [options])"
      parser.on("--engine NAME", Engine::NAMES, "#{Engine::NAMES.join(' | ')} (default: FAST_RSA_ENGINE, else auto)") do |v|
        options[:engine] = v
      end
      parser.on("--keys DIR", "folder of rsa-BITS.pem keys (default: new keys)") { |v| options[:keys] = v }
      MeasureOptions.define(parser, options)
    end.parse!(argv)
    options
  rescue OptionParser::ParseError => e
    abort "#{$PROGRAM_NAME}: #{e.message} (--help lists the options)"
  end

  def initialize(options)
    @options = options
  end

  def run
    Engine.load(@options[:engine])
    @operations = @options[:sizes].to_h { |bits| [bits, operations_for(bits)] }
    jit_warmup if RUBY_ENGINE == "jruby"
    report(results: cells.map { |bits, op, threads| measure(bits, op, threads) })
  rescue Engine::Unavailable => e
    report(unavailable: e.message)
  end

  private

  def operations_for(bits)
    key = Keys.load(@options[:keys] && Keys.path(@options[:keys], bits), bits)
    Engine.operations(@options[:engine], key).tap(&:check!)
  end

  def ops
    @options[:ops] & @operations.values.first.names
  end

  def cells
    @options[:sizes].product(ops, @options[:threads])
  end

  # JRuby compiles hot code as it runs: every operation runs a while, untimed, before the first cell.
  def jit_warmup
    pairs = @options[:sizes].product(ops)
    pairs.each { |bits, op| rate(bits, op, threads: 1, warmup: 0, duration: @options[:jit_warmup] / pairs.size) }
  end

  def measure(bits, op, threads)
    ops_per_sec = rate(bits, op, threads: threads, warmup: @options[:warmup], duration: @options[:time])
    warn format("    %-8s %4d bits  %2d thread(s)  %10.1f ops/s", op, bits, threads, ops_per_sec)
    { op: op, bits: bits, threads: threads, ops_per_sec: ops_per_sec.round(1) }
  end

  def rate(bits, op, **timing)
    Rate.measure(**timing) { @operations[bits].prepare(op) }
  end

  def report(figures)
    puts JSON.generate({ engine: @options[:engine], label: RuntimeInfo.label(@options[:engine]),
                         runtime: RuntimeInfo.details }.merge(figures))
  end
end

$stderr.sync = true
Runner.new(Runner.parse(ARGV)).run
