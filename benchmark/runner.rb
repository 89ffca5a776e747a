# frozen_string_literal: true

# One row of bin/benchmark's table, in its own process under that row's interpreter: loads the
# engine, measures each operation on the keys rsa.rb wrote, and prints the figures as one line of
# JSON on stdout; benchmark-ips's own report goes to stderr, as progress. The one argument is JSON:
#   {"engine":"none","keys":"DIR","sizes":[2048],"ops":["sign"],"threads":[1,2],
#    "warmup":0.5,"time":1.0,"jit_warmup":5.0,"keygen_keys":24}   (and "lib":DIR for a baseline)
require "benchmark/ips"
require "json"
require_relative "lib/engine"

settings = JSON.parse(ARGV.fetch(0))
engine = Engine.load(settings["engine"], settings.fetch("lib", Engine::LIB))
operations = settings["sizes"].to_h do |bits|
  [bits, engine.new(OpenSSL::PKey::RSA.new(File.read(File.join(settings["keys"], "rsa-#{bits}.pem")))).tap(&:check!)]
end
cells = settings["sizes"].product(settings["ops"]).select { |bits, op| operations[bits].names.include?(op) }
now = -> { Process.clock_gettime(Process::CLOCK_MONOTONIC) }
figure = ->(op, bits, threads, rate, **details) { { op: op, bits: bits, threads: threads, ops_per_sec: rate.round(2), **details } }
figures = []
$stderr.sync = true

# One thread: benchmark-ips measures. It warms every cell up before it measures any, so on JRuby
# the warm-ups together last at least jit_warmup: the JIT compiles the hot code before the first figure.
if settings["threads"].include?(1) && cells.any?
  warmup = [settings["warmup"], RUBY_ENGINE == "jruby" ? settings["jit_warmup"] / cells.size : 0].max
  $stdout = $stderr
  report = Benchmark.ips(time: settings["time"], warmup: warmup) do |x|
    cells.each { |bits, op| x.report("#{op} #{bits}", &operations[bits].prepare(op)) }
  end
  $stdout = STDOUT
  figures += cells.zip(report.entries).map { |(bits, op), entry| figure.(op, bits, 1, entry.ips, stddev: entry.ips_sd) }
end

# What benchmark-ips cannot measure: threads sharing one key. Each runs its own callable for the
# warm-up, then counts calls for the measurement; the rates add up.
cells.product(settings["threads"] - [1]).each do |(bits, op), threads|
  rate = Array.new(threads) do
    Thread.new(operations[bits].prepare(op)) do |operation|
      warmed_up = now.() + settings["warmup"]
      operation.call while now.() < warmed_up
      start = now.()
      count = 0
      (operation.call; count += 1) until count.positive? && now.() >= start + settings["time"]
      count / (now.() - start)
    end
  end.sum(&:value)
  figures << figure.(op, bits, threads, rate)
  warn format("    %-10s %4d bits  %2d threads  %10.2f ops/s", op, bits, threads, rate)
end

# keygen: keys a second, as threads / the median time of one key, since generation time varies
# widely from key to key; keygen_keys keys at 2048 bits, fewer at larger sizes, which take longer.
if settings["ops"].include?("keygen")
  settings["sizes"].product(settings["threads"]).each do |bits, threads|
    keys = [(settings["keygen_keys"] * (2048.0 / bits)**2).round, 5].max
    times = Array.new(threads) do
      Thread.new do
        Array.new((keys / threads.to_f).ceil) do
          start = now.()
          OpenSSL::PKey::RSA.generate(bits)
          now.() - start
        end
      end
    end.flat_map(&:value).sort
    rate = threads / ((times[(times.size - 1) / 2] + times[times.size / 2]) / 2.0)
    figures << figure.("keygen", bits, threads, rate, keys: times.size)
    warn format("    %-10s %4d bits  %2d threads  %10.2f keys/s", "keygen", bits, threads, rate)
  end
end

runtime = { ruby: RUBY_DESCRIPTION, openssl: OpenSSL::OPENSSL_LIBRARY_VERSION }
runtime.merge!(jruby: JRUBY_VERSION, java: ENV_JAVA["java.version"]) if RUBY_ENGINE == "jruby"
runtime[:fast_rsa_engine] = FastRsaEngine.info if defined?(FastRsaEngine)
# The stock row tells rsa.rb which backends to run next: it asks the gem, once measured.
backends = []
if RUBY_ENGINE == "jruby" && settings["engine"] == "none"
  Engine.load("stock")
  backends = FastRsaEngine.available_backends.map(&:to_s) - ["stock"]
end
puts JSON.generate(runtime: runtime, results: figures, backends: backends)
