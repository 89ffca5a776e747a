# frozen_string_literal: true

# The classic report: each RSA operation repeated --count times on one key, timed by Benchmark.bm.
#   ruby benchmark/benchmark.rb                              MRI
#   bin/jruby benchmark/benchmark.rb --engine gmp            JRuby with fast-rsa-engine's GMP backend
#   bin/jruby benchmark/benchmark.rb --engine none           JRuby without fast-rsa-engine
#   ruby benchmark/benchmark.rb --bits 4096 --count 100      (--help for all options)
# No warm-up: JRuby's first figures include JIT compilation; ips.rb and bin/benchmark warm up.
require "benchmark"
require_relative "lib/cli_options"
require_relative "lib/subject"

options = CliOptions.parse(ARGV, count: 1000) do |parser, opts|
  parser.on("--count N", Integer, "times each operation runs (default: #{opts[:count]})") { |v| opts[:count] = v }
end
operations = Subject.operations(options)
puts "#{options[:count]} times each"
Benchmark.bm(8) do |bm|
  operations.names.each do |name|
    operation = operations.prepare(name)
    bm.report(name) { options[:count].times { operation.call } }
  end
end
