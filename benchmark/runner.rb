# frozen_string_literal: true

# One row of bin/benchmark's table, in its own process under that row's interpreter: loads the
# engine, measures each operation on the keys rsa.rb wrote, and prints the figures as one line of
# JSON on stdout, its progress on stderr. The one argument is JSON:
#   {"engine":"none","keys":"DIR","sizes":[2048],"ops":["sign"],"threads":[1,2],
#    "warmup":0.5,"time":1.0,"jit_warmup":5.0,"keygen_keys":24}   (and "lib":DIR for a baseline)
require "benchmark/ips"
require "json"
require_relative "lib/rsa_operations"

settings = JSON.parse(ARGV.fetch(0))
engine = RsaOperations.engine(settings["engine"], settings.fetch("lib", RsaOperations::LIB))
operations = settings["sizes"].to_h do |bits|
  [bits, engine.new(OpenSSL::PKey::RSA.new(File.read(File.join(settings["keys"], "rsa-#{bits}.pem")))).tap(&:check!)]
end
cells = settings["sizes"].product(settings["ops"]).select { |bits, op| operations[bits].names.include?(op) }
now = -> { Process.clock_gettime(Process::CLOCK_MONOTONIC) }
figures = []
record = lambda do |op, bits, threads, rate, unit = "ops/s", **details|
  figures << { op: op, bits: bits, threads: threads, ops_per_sec: rate.round(2), **details }
  warn format("    %-10s %4d bits  %2d threads  %10.2f %s", op, bits, threads, rate, unit)
end
$stderr.sync = true

# benchmark-ips measures each cell, in each of `threads` threads at the same time on one shared key;
# their rates add up. On JRuby the warm-ups together last at least jit_warmup, so that
# the JIT has compiled the hot code before the figures count.
warmup = [settings["warmup"], RUBY_ENGINE == "jruby" ? settings["jit_warmup"] / [cells.size, 1].max : 0].max
cells.product(settings["threads"]).each do |(bits, op), threads|
  entries = Array.new(threads) do
    Thread.new(operations[bits].prepare(op)) do |operation|
      Benchmark.ips(time: settings["time"], warmup: warmup, quiet: true) { |x| x.report(&operation) }.entries.first
    end
  end.map(&:value)
  # The threads' rates are independent measurements: their standard deviations add in quadrature.
  record.(op, bits, threads, entries.sum(&:ips), stddev: Math.sqrt(entries.sum { |entry| entry.ips_sd**2 }).round(2))
end

# keygen: keys a second, as threads / the median time of one key, since generation time varies
# widely from key to key; keygen_keys keys at 2048 bits, fewer at larger sizes, which take longer.
if settings["ops"].include?("keygen")
  settings["sizes"].product(settings["threads"]).each do |bits, threads|
    per_thread = ([(settings["keygen_keys"] * (2048.0 / bits)**2).round, 5].max / threads.to_f).ceil
    times = Array.new(threads) do
      Thread.new do
        Array.new(per_thread) do
          start = now.()
          OpenSSL::PKey::RSA.generate(bits)
          now.() - start
        end
      end
    end.flat_map(&:value).sort
    median = (times[(times.size - 1) / 2] + times[times.size / 2]) / 2.0
    record.("keygen", bits, threads, threads / median, "keys/s", keys: times.size)
  end
end

runtime = { ruby: RUBY_DESCRIPTION, openssl: OpenSSL::OPENSSL_LIBRARY_VERSION }
runtime.merge!(jruby: JRUBY_VERSION, java: ENV_JAVA["java.version"]) if RUBY_ENGINE == "jruby"
runtime[:fast_rsa_engine] = FastRsaEngine.info if defined?(FastRsaEngine)
# The stock row tells rsa.rb which backends to run next: it asks the gem, once measured.
backends = []
if RUBY_ENGINE == "jruby" && settings["engine"] == "none"
  RsaOperations.engine("stock")
  backends = FastRsaEngine.available_backends.map(&:to_s) - ["stock"]
end
puts JSON.generate(runtime: runtime, results: figures, backends: backends)
