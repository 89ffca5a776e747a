# frozen_string_literal: true

# Each RSA operation on one new key with benchmark-ips: iterations per second with an error margin.
#   ruby benchmark/ips.rb                                    MRI
#   bin/jruby benchmark/ips.rb --engine aws_lc               JRuby with fast-rsa-engine's AWS-LC backend
#   bin/jruby benchmark/ips.rb --engine none --bits 3072     JRuby without fast-rsa-engine
#   ruby benchmark/ips.rb --warmup 2 --time 5                (seconds; the defaults)
# --engine as in benchmark.rb. On JRuby, a longer --warmup gives the JIT time: steadier figures.
require "benchmark/ips"
require "optparse"
require_relative "lib/engine"

options = ARGV.getopts("", "engine:#{ENV.fetch('FAST_RSA_ENGINE', 'auto')}", "bits:2048", "warmup:2", "time:5")
operations = Engine.operations_on_new_key(options["engine"], Integer(options["bits"]))
Benchmark.ips(warmup: Float(options["warmup"]), time: Float(options["time"])) do |x|
  operations.names.each { |name| x.report(name, &operations.prepare(name)) }
end
