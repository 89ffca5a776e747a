# frozen_string_literal: true

require "optparse"
require_relative "measure_options"

# The options of the whole benchmark (bin/benchmark, report.rb): what to measure, the
# quick or --full profile, and the JRuby line. Options given explicitly win over the profile.
module ReportOptions
  PROFILES = {
    quick: { warmup: 0.5, time: 1.5, jit_warmup: 5.0, runs: 1 },
    full: { warmup: 2.0, time: 4.0, jit_warmup: 10.0, runs: 3 }
  }.freeze

  module_function

  def parse(argv)
    profile = :quick
    explicit = {}
    OptionParser.new do |parser|
      parser.banner = "usage: bin/benchmark [options]   (quick by default: #{describe(:quick)})"
      parser.on("--full", "tighter figures: #{describe(:full)}, median reported") { profile = :full }
      parser.on("--runs N", Integer, "runs of every process; the median is reported") { |v| explicit[:runs] = v }
      parser.on("--readme", "also put the table into README.md, between its benchmark markers") { explicit[:readme] = true }
      parser.on("--jruby LINE", %w[10.1 9.4], "JRuby line: 10.1 (default, Java 21+) or 9.4") { |v| explicit[:jruby] = v }
      MeasureOptions.define(parser, explicit)
    end.parse!(argv)
    MeasureOptions::DEFAULTS.merge(PROFILES[profile], explicit, profile: profile)
  rescue OptionParser::ParseError => e
    abort "bin/benchmark: #{e.message} (--help lists the options)"
  end

  def describe(name)
    profile = PROFILES[name]
    "#{profile[:jit_warmup]} s JIT warm-up, #{profile[:warmup]} + #{profile[:time]} s a cell, #{profile[:runs]} run(s)"
  end
end
