# frozen_string_literal: true

# One row of bin/benchmark's table, in its own process under that row's interpreter: loads the
# engine, measures each operation on the keys rsa.rb wrote, and prints the figures as one line of
# JSON on stdout, its progress on stderr. Its one argument is JSON: rsa.rb's settings for the row.
require "benchmark/ips"
require "json"
require_relative "lib/ec_operations"
require_relative "lib/rsa_operations"

settings = JSON.parse(ARGV.fetch(0))
RsaOperations.use(settings["engine"], settings.fetch("lib", RsaOperations::LIB))
read = ->(kind, bits) { OpenSSL::PKey.read(File.read(File.join(settings["keys"], "#{kind}-#{bits}.pem"))) }
# [family, bits] => key: RSA's by size, EC's by curve size; each family's operations on its keys.
families = { RsaOperations => ["rsa", settings["sizes"]], EcOperations => ["ec", settings["curves"]] }
keys = families.flat_map { |family, (kind, sizes)| sizes.map { |bits| [[family, bits], read.(kind, bits)] } }.to_h
names = keys.to_h { |(family, bits), key| [[family, bits], family.new(key).tap(&:check!).names] }
cells = names.flat_map { |(family, bits), ops| (settings["ops"] & ops).map { |op| [family, bits, op] } }

# benchmark-ips measures each cell, in each of `threads` threads at the same time on one shared key,
# each thread with certificates, CSRs and envelopes of its own; their rates add up. On JRuby the
# warm-ups together last at least jit_warmup, so that the JIT has compiled the hot code before the
# figures count.
warmup = [settings["warmup"], RUBY_ENGINE == "jruby" ? settings["jit_warmup"] / [cells.size, 1].max : 0].max
figures = cells.product(settings["threads"]).map do |(family, bits, op), threads|
  time = op == "keygen" ? settings["keygen_time"] : settings["time"] # keygen's varies widely from key to key
  entries = Array.new(threads) do
    Thread.new(family.new(keys[[family, bits]]).operations.fetch(op)) do |call|
      Benchmark.ips(time: time, warmup: warmup, quiet: true) { |x| x.report(&call) }.entries.first
    end
  end.map(&:value)
  rate = entries.sum(&:ips)
  warn format("    %-10s %4d bits  %2d threads  %10.2f ops/s", op, bits, threads, rate)
  { op: op, bits: bits, threads: threads, ops_per_sec: rate.round(3) }
end

runtime = { ruby: RUBY_DESCRIPTION, openssl: OpenSSL::OPENSSL_LIBRARY_VERSION }
runtime.merge!(jruby: JRUBY_VERSION, java: ENV_JAVA["java.version"]) if RUBY_ENGINE == "jruby"
# As the table's summary names it: "MRI 3.1.2p20 + OpenSSL 3.0.19", "JRuby 10.1.1.0 on Java 25.0.3"
runtime[:label] = runtime[:jruby] ? "JRuby #{JRUBY_VERSION} on Java #{runtime[:java]}" :
                    "MRI #{RUBY_DESCRIPTION.split[1]} + #{runtime[:openssl][/\S+ \S+/]}"
runtime[:fast_rsa_engine] = FastRsaEngine.info if defined?(FastRsaEngine)
# The stock row tells rsa.rb which backends to run next: it asks the gem, once measured.
backends = []
if RUBY_ENGINE == "jruby" && settings["engine"] == "none"
  RsaOperations.use("stock")
  backends = FastRsaEngine.available_backends.map(&:to_s) - ["stock"]
end
puts JSON.generate(runtime: runtime, results: figures, backends: backends)
