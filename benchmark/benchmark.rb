# frozen_string_literal: true

# The classic report: each RSA operation repeated --count times on one new key, by Benchmark.bm.
#   ruby benchmark/benchmark.rb                              MRI
#   bin/jruby benchmark/benchmark.rb --engine gmp            JRuby with fast-rsa-engine's GMP backend
#   bin/jruby benchmark/benchmark.rb --engine none           JRuby without fast-rsa-engine
#   ruby benchmark/benchmark.rb --bits 4096 --count 100
# --engine: none or a fast-rsa-engine backend (default: FAST_RSA_ENGINE, else auto). No warm-up:
# JRuby's first figures include JIT compilation.
require "benchmark"
require "optparse"
require_relative "lib/rsa_operations"

options = ARGV.getopts("", "engine:#{ENV.fetch('FAST_RSA_ENGINE', 'auto')}", "bits:2048", "count:1000")
RsaOperations.use(options["engine"])
operations = RsaOperations.new(OpenSSL::PKey::RSA.new(Integer(options["bits"]))).tap(&:check!)
backend = " (#{FastRsaEngine.backend})" if defined?(FastRsaEngine)
puts "#{RUBY_DESCRIPTION}\nengine #{options['engine']}#{backend}, RSA-#{options['bits']}"
count = Integer(options["count"])
puts "#{count} times each"
Benchmark.bm(10) do |bm|
  operations.names.each do |name|
    operation = operations.prepare(name)
    bm.report(name) { count.times { operation.call } }
  end
end
