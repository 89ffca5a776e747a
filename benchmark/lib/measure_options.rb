# frozen_string_literal: true

require "etc"
require "optparse"
require_relative "rsa_operations"

# The options saying what to measure and for how long, shared by runner.rb (one process)
# and report.rb (the whole benchmark), which hands them on to each runner.
module MeasureOptions
  DEFAULTS = { sizes: [2048, 3072, 4096], ops: RsaOperations::NAMES, threads: [1, Etc.nprocessors].uniq,
               warmup: 0.5, time: 1.5, jit_warmup: 5.0 }.freeze

  module_function

  def define(parser, options)
    parser.on("--sizes LIST", Array, "key sizes in bits (default: 2048,3072,4096)") { |v| options[:sizes] = integers(v) }
    parser.on("--ops LIST", Array, "operations (default: #{RsaOperations::NAMES.join(',')})") { |v| options[:ops] = operations(v) }
    parser.on("--threads LIST", Array, "thread counts (default: 1,cores)") { |v| options[:threads] = integers(v) }
    parser.on("--warmup SECONDS", Float, "warm-up of each cell (default: #{DEFAULTS[:warmup]})") { |v| options[:warmup] = v }
    parser.on("--time SECONDS", Float, "measurement of each cell (default: #{DEFAULTS[:time]})") { |v| options[:time] = v }
    parser.on("--jit-warmup SECONDS", Float, "JRuby: all operations run that long before the first cell",
              "(default: #{DEFAULTS[:jit_warmup]})") { |v| options[:jit_warmup] = v }
  end

  def integers(list)
    list.map { |item| Integer(item) }
  rescue ArgumentError
    raise OptionParser::InvalidArgument, list.join(",")
  end

  def operations(names)
    unknown = names - RsaOperations::NAMES
    raise OptionParser::InvalidArgument, unknown.join(",") unless unknown.empty?

    names
  end

  # The options as command-line arguments again, for a runner.rb process.
  def to_argv(options)
    ["--sizes", options[:sizes].join(","), "--ops", options[:ops].join(","), "--threads", options[:threads].join(","),
     "--warmup", options[:warmup].to_s, "--time", options[:time].to_s, "--jit-warmup", options[:jit_warmup].to_s]
  end
end
