# frozen_string_literal: true

# Each RSA operation on one key with benchmark-ips: iterations per second with an error margin.
#   ruby benchmark/ips.rb                                    MRI
#   bin/jruby benchmark/ips.rb --engine aws_lc               JRuby with fast-rsa-engine's AWS-LC backend
#   bin/jruby benchmark/ips.rb --engine none --bits 3072     JRuby without fast-rsa-engine
#   (--help for all options; on JRuby give the JIT a longer --warmup for steadier figures)
require "benchmark/ips"
require_relative "lib/cli_options"
require_relative "lib/subject"

options = CliOptions.parse(ARGV, warmup: 2.0, time: 5.0) do |parser, opts|
  parser.on("--warmup SECONDS", Float, "warm-up of each operation (default: #{opts[:warmup]})") { |v| opts[:warmup] = v }
  parser.on("--time SECONDS", Float, "measurement of each operation (default: #{opts[:time]})") { |v| opts[:time] = v }
end
operations = Subject.operations(options)
Benchmark.ips do |x|
  x.config(warmup: options[:warmup], time: options[:time])
  operations.names.each { |name| x.report(name, &operations.prepare(name)) }
end
