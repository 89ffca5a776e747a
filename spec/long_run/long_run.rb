# frozen_string_literal: true

# The long run: a pass/fail test of each native backend of fast-rsa-engine, too long for every
# bin/test. bin/test --long runs it under bin/jruby with a fixed Java heap touched up front, so that
# resident memory grows only off the heap, where a native leak would show:
#   signs:  resident memory (VmRSS) over --signs RSA-2048 signs on one key;
#   keys:   resident memory over --keys key objects, each used once and dropped;
#           for both, growth after the warm-up (the first tenth, and at least the JVM's first two
#           garbage collections: see warm_up_samples) must stay under 32 MiB;
#   timing: dudect-style, a fixed input and random inputs (--samples in all, half each, in random
#           order) to the raw private-key operation, each timed alone; Welch's t between the two
#           classes after dropping the slowest 5%, then 50%, must stay under 4.5 in magnitude.
# All three with the split as it is set (FAST_RSA_ENGINE_SPLIT; on by default where there is a second
# core): the table counts the operations split and not.
# Prints a table, writes tmp/long_run.json, exits 1 when a figure fails.
#   bin/test --long                                   500,000 signs, 20,000 keys, 100,000 samples
#   bin/test --long --signs 5000 --keys 1000 --samples 2000 --backends gmp    a short check
require "fileutils"
require "json"
require "optparse"
$LOAD_PATH.unshift File.expand_path("../../lib", __dir__)
require "fast-rsa-engine"
require_relative "../../benchmark/lib/report"

class LongRun
  GROWTH_LIMIT_MIB = 32
  T_LIMIT = 4.5
  CROPS = [0.05, 0.5].freeze # fractions of the slowest measurements dropped
  SAMPLES = 50 # memory samples a run
  WARM_UP_COLLECTIONS = 2
  KEY_POOL = 8 # distinct keys behind the key objects: making 20,000 RSA keys would take hours
  MESSAGE = "long run"
  OUTPUT_DIR = File.expand_path("../../tmp", __dir__)

  def initialize(options)
    @options = options
    @random = Random.new(options[:seed])
    @key = OpenSSL::PKey::RSA.new(2048)
    @pems = Array.new(KEY_POOL) { OpenSSL::PKey::RSA.new(2048).to_pem }
  end

  def run
    rows = @options[:backends].map do |backend|
      FastRsaEngine.backend = backend
      FastRsaEngine.reset_stats
      say "#{backend}: #{@options[:signs]} signs"
      signs = memory_growth(@options[:signs]) { @key.sign("SHA256", MESSAGE) }
      say "#{backend}: #{@options[:keys]} key objects"
      keys = memory_growth(@options[:keys]) { |i| OpenSSL::PKey::RSA.new(@pems[i % KEY_POOL]).sign("SHA256", MESSAGE) }
      say "#{backend}: #{@options[:samples]} timed private-key operations"
      { backend: backend, signs: signs, keys: keys, timing: timing, split: FastRsaEngine.stats[:split] }
    end
    report(rows)
  end

  private

  # Runs the block count times, sampling resident memory SAMPLES times (all kept in long.json).
  # Growth: the highest sample after the warm-up minus the sample that ends it; the same over the
  # second half tells a steady leak (it grows there too) from a slow warm-up (it does not).
  def memory_growth(count)
    start = now
    collections_before = collections
    samples, collected = [], []
    count.times do |i|
      yield i
      next unless ((i + 1) % (count / SAMPLES)).zero?

      samples << resident_mib
      collected << collections - collections_before
    end
    warmed_up = warm_up_samples(collected)
    { per_sec: (count / (now - start)).round(1), warm_up_samples: warmed_up, rss_after_warmup_mib: samples[warmed_up - 1],
      rss_end_mib: samples.last, growth_mib: growth(samples, warmed_up), second_half_growth_mib: growth(samples, SAMPLES / 2),
      rss_samples_mib: samples, collections: collected }
  end

  # The warm-up: the first tenth of the calls, and at least until the JVM has collected garbage
  # WARM_UP_COLLECTIONS times. Native memory that a Java object owns (an AWS-LC key's) is freed only
  # after that object is collected, so until the first collections RSS grows with every key made,
  # leak or no leak; a leak goes on growing after them.
  def warm_up_samples(collected)
    after_collections = collected.index { |n| n >= WARM_UP_COLLECTIONS }
    [SAMPLES / 10, after_collections ? after_collections + 1 : 0].max.clamp(1, SAMPLES / 2)
  end

  # Garbage collections so far, of every collector of the JVM.
  def collections
    java.lang.management.ManagementFactory.getGarbageCollectorMXBeans.sum(&:getCollectionCount)
  end

  # The highest sample from index `from` on, minus the sample before it.
  def growth(samples, from)
    (samples.drop(from).max - samples[from - 1]).round(1)
  end

  def resident_mib
    (File.read("/proc/self/status")[/^VmRSS:\s+(\d+) kB/, 1].to_i / 1024.0).round(1)
  end

  # dudect: both classes' inputs made up front, interleaved at random; the JIT warmed up first.
  def timing
    classes = Array.new(@options[:samples]) { |i| i % 2 }.shuffle(random: @random)
    fixed = block_below_modulus
    inputs = classes.map { |c| c.zero? ? fixed : block_below_modulus }
    inputs.first(@options[:samples] / 10).each { |input| raw_private(input) }
    times = inputs.map { |input| time_ns { raw_private(input) } }
    CROPS.to_h { |crop| [crop, welch_t(times.zip(classes), crop).round(2)] }
  end

  # A random block of the key's size with a zero first byte: below the modulus, whose top bit is set.
  def block_below_modulus
    "\0" + @random.bytes(@key.n.num_bytes - 1)
  end

  def raw_private(block)
    @key.private_decrypt(block, OpenSSL::PKey::RSA::NO_PADDING)
  end

  def time_ns
    start = now(:nanosecond)
    yield
    now(:nanosecond) - start
  end

  def now(unit = :float_second)
    Process.clock_gettime(Process::CLOCK_MONOTONIC, unit)
  end

  # Welch's t between the fixed (0) and random (1) classes, over the measurements at or below the
  # (1 - crop) percentile of all of them.
  def welch_t(timed_classes, crop)
    limit = timed_classes.map(&:first).sort[((1 - crop) * timed_classes.size).ceil - 1]
    kept = timed_classes.select { |time, _| time <= limit }
    fixed, random = [0, 1].map { |klass| kept.filter_map { |time, c| time if c == klass } }
    (mean(fixed) - mean(random)) / Math.sqrt(variance(fixed) / fixed.size + variance(random) / random.size)
  end

  def mean(values)
    values.sum.to_f / values.size
  end

  def variance(values)
    m = mean(values)
    values.sum { |v| (v - m)**2 } / (values.size - 1)
  end

  def report(rows)
    FileUtils.mkdir_p(OUTPUT_DIR)
    File.write(File.join(OUTPUT_DIR, "long_run.json"),
               JSON.pretty_generate(settings: @options, heap: heap, rows: rows))
    puts "Long run, #{heap}, #{@options.slice(:signs, :keys, :samples)}\n\n"
    puts Report.markdown([header, *rows.map { |row| cells(row) }], 1)
    return say("every figure within its limit") if rows.all? { |row| passed?(row) }

    say "a figure is out of its limit: growth of #{GROWTH_LIMIT_MIB} MiB or more, or |t| of #{T_LIMIT} or more"
    exit 1
  end

  def header
    memory = ["RSS after warm-up, end", "growth", "in 2nd half"]
    ["backend", "signs/s", *memory, "keys/s", *memory, *CROPS.map { |crop| "t, #{(crop * 100).round}% cropped" }, "split / unsplit"]
  end

  def cells(row)
    memory = %i[signs keys].flat_map do |run|
      figures = row[run]
      resident = "#{figures[:rss_after_warmup_mib]}, #{figures[:rss_end_mib]} MiB"
      [figures[:per_sec].to_s, resident, "#{figures[:growth_mib]} MiB", "#{figures[:second_half_growth_mib]} MiB"]
    end
    [row[:backend], *memory, *row[:timing].values.map(&:to_s), row[:split].values_at(:split, :unsplit).join(" / ")]
  end

  def passed?(row)
    [row[:signs], row[:keys]].all? { |memory| memory[:growth_mib] < GROWTH_LIMIT_MIB } &&
      row[:timing].values.all? { |t| t.abs < T_LIMIT }
  end

  def heap
    jvm = java.lang.Runtime.getRuntime
    "JRuby #{JRUBY_VERSION}, Java #{ENV_JAVA['java.version']}, heap #{jvm.totalMemory >> 20} of #{jvm.maxMemory >> 20} MiB"
  end

  def say(message)
    warn "==> #{message}"
  end
end

abort "long_run.rb runs on JRuby: bin/test --long" unless RUBY_ENGINE == "jruby"
options = { signs: 500_000, keys: 20_000, samples: 100_000, seed: 1, backends: FastRsaEngine.available_backends.map(&:to_s) - ["stock"] }
OptionParser.new do |parser|
  parser.banner = "usage: bin/test --long [options]"
  parser.on("--signs N", Integer, "RSA-2048 signs on one key (default: 500000)") { |v| options[:signs] = v }
  parser.on("--keys N", Integer, "key objects used once (default: 20000)") { |v| options[:keys] = v }
  parser.on("--samples N", Integer, "timed operations, half each class (default: 100000)") { |v| options[:samples] = v }
  parser.on("--backends LIST", Array, "native backends (default: all that run here)") { |v| options[:backends] = v }
end.parse!
abort "--signs and --keys take at least #{LongRun::SAMPLES}" if [options[:signs], options[:keys]].min < LongRun::SAMPLES
$stderr.sync = true
LongRun.new(options).run
