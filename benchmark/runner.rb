# frozen_string_literal: true

# One row of bin/benchmark's table, in its own process under that row's interpreter: loads the
# engine, times each operation on the keys report.rb wrote, and prints the figures as one line of
# JSON on stdout; benchmark-ips's own report goes to stderr, as progress. The one argument is JSON:
#   {"engine":"none","keys":"DIR","sizes":[2048],"ops":["sign"],"threads":[1,2],
#    "warmup":0.5,"time":1.0,"jit_warmup":5.0,"keygen_keys":24}   (and "lib":DIR for a baseline)
require "benchmark/ips"
require "json"
require_relative "lib/engine"

class Runner
  def initialize(settings)
    @settings = settings
    engine = Engine.load(settings["engine"], settings.fetch("lib", Engine::LIB))
    @operations = settings["sizes"].to_h do |bits|
      key = OpenSSL::PKey::RSA.new(File.read(File.join(settings["keys"], "rsa-#{bits}.pem")))
      [bits, engine.new(key).tap(&:check!)]
    end
    @cells = settings["sizes"].product(settings["ops"]).select { |bits, op| @operations[bits].names.include?(op) }
  end

  def run
    figures = single_thread_figures + threaded_figures + keygen_figures
    runtime = { ruby: RUBY_DESCRIPTION, openssl: OpenSSL::OPENSSL_LIBRARY_VERSION }
    runtime.merge!(jruby: JRUBY_VERSION, java: ENV_JAVA["java.version"]) if RUBY_ENGINE == "jruby"
    runtime[:fast_rsa_engine] = FastRsaEngine.info if defined?(FastRsaEngine)
    # The stock row tells report.rb which backends to run next: it asks the gem, once measured.
    backends = RUBY_ENGINE == "jruby" && @settings["engine"] == "none" ? Engine.native_backends : []
    puts JSON.generate(runtime: runtime, results: figures, backends: backends)
  end

  private

  # benchmark-ips, one thread. It warms every cell up before it measures any, so on JRuby the
  # warm-ups together last at least jit_warmup: the JIT compiles the hot code before the first figure.
  def single_thread_figures
    return [] unless @settings["threads"].include?(1) && @cells.any?

    warmup = [@settings["warmup"], RUBY_ENGINE == "jruby" ? @settings["jit_warmup"] / @cells.size : 0].max
    $stdout = $stderr
    report = Benchmark.ips(time: @settings["time"], warmup: warmup) do |x|
      @cells.each { |bits, op| x.report("#{op} #{bits}", &@operations[bits].prepare(op)) }
    end
    @cells.zip(report.data).map { |(bits, op), entry| figure(op, bits, 1, entry[:ips], stddev: entry[:stddev]) }
  ensure
    $stdout = STDOUT
  end

  # What benchmark-ips cannot measure: threads sharing one key. Each runs its own callable for
  # the warm-up, then counts calls for the measurement; the rates add up.
  def threaded_figures
    @cells.product(@settings["threads"] - [1]).map do |(bits, op), threads|
      rate = Array.new(threads) { Thread.new { thread_rate(@operations[bits].prepare(op)) } }.sum(&:value)
      figure(op, bits, threads, rate)
    end
  end

  def thread_rate(operation)
    warmed_up = now + @settings["warmup"]
    operation.call while now < warmed_up
    start = now
    count = 0
    until count.positive? && now >= start + @settings["time"]
      operation.call
      count += 1
    end
    count / (now - start)
  end

  # Keys a second, as threads / the median time of one key: generation time varies widely from key
  # to key. keygen_keys keys at 2048 bits, fewer at larger sizes, which take longer.
  def keygen_figures
    return [] unless @settings["ops"].include?("keygen")

    @settings["sizes"].product(@settings["threads"]).map do |bits, threads|
      keys = [(@settings["keygen_keys"] * (2048.0 / bits)**2).round, 5].max
      per_thread = (keys / threads.to_f).ceil
      times = Array.new(threads) { Thread.new { Array.new(per_thread) { time_key(bits) } } }.flat_map(&:value)
      figure("keygen", bits, threads, threads / median(times), keys: times.size)
    end
  end

  def time_key(bits)
    start = now
    OpenSSL::PKey::RSA.generate(bits)
    now - start
  end

  def median(values)
    sorted = values.sort
    (sorted[(sorted.size - 1) / 2] + sorted[sorted.size / 2]) / 2.0
  end

  def figure(op, bits, threads, rate, **details)
    # benchmark-ips prints its own figures
    warn format("    %-10s %4d bits  %2d thread(s)  %10.2f ops/s", op, bits, threads, rate) unless details[:stddev]
    { op: op, bits: bits, threads: threads, ops_per_sec: rate.round(2), **details }
  end

  def now
    Process.clock_gettime(Process::CLOCK_MONOTONIC)
  end
end

$stderr.sync = true
Runner.new(JSON.parse(ARGV.fetch(0))).run
