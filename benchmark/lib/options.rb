# frozen_string_literal: true

require "etc"
require "optparse"
require_relative "rsa_operations"

# bin/benchmark's options: what to measure, and the quick or --full profile. Per cell, seconds of
# warm-up and of measurement; on JRuby the warm-ups of all cells last at least jit_warmup. keygen
# times keygen_keys keys at 2048 bits, fewer at larger sizes (runner.rb says how many).
module Options
  OPS = [*RsaOperations::NAMES, "keygen"].freeze
  PROFILES = {
    quick: { warmup: 0.5, time: 1.0, jit_warmup: 5.0, keygen_keys: 24, ops: RsaOperations::NAMES },
    full: { warmup: 2.0, time: 4.0, jit_warmup: 10.0, keygen_keys: 96, ops: OPS }
  }.freeze

  module_function

  def parse(argv)
    profile = :quick
    options = { sizes: [2048, 3072, 4096], threads: [1, Etc.nprocessors].uniq }
    OptionParser.new do |parser|
      parser.banner = "usage: bin/benchmark [options]   (quick by default: a few minutes, no keygen)"
      parser.on("--full", "longer warm-up and measurement, and keygen") { profile = :full }
      parser.on("--sizes LIST", Array, "key sizes (default: 2048,3072,4096)") { |v| options[:sizes] = integers(v) }
      parser.on("--ops LIST", Array, "of #{OPS.join(',')}") { |v| options[:ops] = operations(v) }
      parser.on("--threads LIST", Array, "thread counts (default: 1,cores)") { |v| options[:threads] = integers(v) }
      parser.on("--jruby LINE", %w[10.1 9.4], "JRuby line: 10.1 (default) or 9.4") { |v| options[:jruby] = v }
      parser.on("--baseline REV", "also each backend of an earlier version (a tag or commit), after this one's") do |v|
        options[:baseline] = v
      end
      parser.on("--readme", "also put table and chart into README.md, between its markers") { options[:readme] = true }
    end.parse!(argv)
    PROFILES[profile].merge(options, profile: profile)
  rescue OptionParser::ParseError => e
    abort "bin/benchmark: #{e.message} (--help lists the options)"
  end

  def integers(list)
    list.map { |item| Integer(item) }
  rescue ArgumentError
    raise OptionParser::InvalidArgument, list.join(",")
  end

  def operations(names)
    raise OptionParser::InvalidArgument, (names - OPS).join(",") unless (names - OPS).empty?

    names
  end
end
