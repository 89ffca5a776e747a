# frozen_string_literal: true

# One runtime's process for one round of bin/benchmark (benchmark/lib/rounds.rb starts it): loads the
# engine, reads the keys rsa.rb wrote, checks every operation's answer, then measures what it is
# told to, one request at a time, idle in between so that the other runtimes of the round can
# measure on a quiet machine. Its one argument is JSON: rsa.rb's settings for the runtime.
#
# It speaks JSON lines. First it prints {runtime}; then for each line read:
#   {"warm": seconds}                                  runs every cell in turn that long (the JIT's warm-up)
#   {"cell": [op, bits, threads], "warmup": s, "time": s}  measures one cell: {"ops_per_sec": rate}
#   {"latency": [op, bits], "time": s}                 times one thread's calls one by one: {"p50_us", "p99_us"}
# and exits at the end of its input. Its progress and any warning go to stderr.
require "json"
require_relative "lib/ec_operations"
require_relative "lib/rsa_operations"

# The JIT warm-up's turn at each cell, in seconds; calls of milliseconds (a TLS handshake: JSSE's code is
# long) take longer turns, so that the JIT has compiled as much of them as of a call of microseconds.
WARM_TURN = 0.05
LONG_WARM_TURN = 0.25

# Times one thread's calls of one operation: their rate, or each call's time.
class CellTimer
  def self.clock
    Process.clock_gettime(Process::CLOCK_MONOTONIC)
  end

  # Calls a second of one thread: calls counted until the deadline, over the time they took (the
  # last call ends after the deadline, and a slow one such as keygen is counted whole).
  def self.rate(call, seconds)
    count = 0
    start = clock
    deadline = start + seconds
    now = start
    while now < deadline
      call.call
      count += 1
      now = clock
    end
    count / (now - start)
  end

  # The median and the 99th percentile of one thread's calls, in microseconds, over `seconds` of calls.
  def self.latency(call, seconds)
    times = []
    deadline = clock + seconds
    while (start = clock) < deadline
      call.call
      times << clock - start
    end
    times.sort!
    %w[p50_us 0.5 p99_us 0.99].each_slice(2).to_h { |name, at| [name, times[(at.to_f * (times.size - 1)).round] * 1e6] }
  end
end

# The threads that measure, kept for the process's life, each with operations of its own (one set per
# key, made once): a slice runs the operation and nothing else. A thread and operations made anew for
# every slice (a certificate, a CSR and an envelope each time) ran code once a slice that the JIT then
# compiled and deoptimized during the next slices, on the core where a split signature runs its other half.
class Measurers
  # A thread taking jobs one at a time: each a block given the thread's operation of a cell.
  class Measurer
    def initialize(operations_for)
      @operations = Hash.new { |made, (bits, op)| made[[bits, op]] = operations_for.(bits, op).operations.fetch(op) }
      @jobs = Queue.new
      @thread = Thread.new { loop { job, answer = @jobs.pop; answer << outcome(job) } }
    end

    # Runs the block on this thread with its operations by [bits, op]; answers a queue its outcome
    # arrives on: the block's value, or the exception it raised.
    def ask(&job)
      Queue.new.tap { |answer| @jobs << [job, answer] }
    end

    private

    def outcome(job)
      job.call(@operations)
    rescue StandardError => e # the runner's main thread raises it
      e
    end
  end

  def initialize(operations_for)
    @operations_for = operations_for # -> a fresh RsaOperations or EcOperations of the cell's key
    @measurers = []
  end

  # The block's value on each of the first `count` measuring threads, run at once.
  def each_of(count, &job)
    @measurers << Measurer.new(@operations_for) while @measurers.size < count
    outcomes = @measurers.first(count).map { |measurer| measurer.ask(&job) }.map(&:pop)
    outcomes.each { |outcome| raise outcome if outcome.is_a?(StandardError) }
  end

  # The calls a second of `threads` threads on the cell's operation at once, on its one shared key.
  # Every thread's operations are made first: a thread's first cell of an operation makes its keys
  # and structures (RSA keys for the chain), which would otherwise run beside the other threads' timing.
  def measure(op, bits, threads, warmup, time)
    each_of(threads) { |operations| operations[[bits, op]] }
    each_of(threads) do |operations|
      call = operations[[bits, op]]
      CellTimer.rate(call, warmup) if warmup.positive?
      CellTimer.rate(call, time)
    end.sum
  end
end

settings = JSON.parse(ARGV.fetch(0))
RsaOperations.use(settings["engine"], settings.fetch("lib", RsaOperations::LIB))
read = ->(kind, bits) { OpenSSL::PKey.read(File.read(File.join(settings["keys"], "#{kind}-#{bits}.pem"))) }
keys = { RsaOperations => settings["sizes"].to_h { |bits| [bits, read.("rsa", bits)] },
         EcOperations => settings["curves"].to_h { |bits| [bits, read.("ec", bits)] } }
family = ->(op) { EcOperations.operation?(op) ? EcOperations : RsaOperations }
operations_for = ->(bits, op) { family.(op).new(keys[family.(op)].fetch(bits)) }
measurers = Measurers.new(operations_for)
# One set of operations per key, checked: a broken backend is never timed.
warm_set = keys.flat_map { |kind, by_size| by_size.map { |bits, key| [bits, kind.new(key).tap { |operations| operations.check!(settings["ops"]) }] } }

runtime = { ruby: RUBY_DESCRIPTION, openssl: OpenSSL::OPENSSL_LIBRARY_VERSION }
runtime.merge!(jruby: JRUBY_VERSION, java: ENV_JAVA["java.version"]) if RUBY_ENGINE == "jruby"
# As the table's summary names it: "MRI 3.1.2p20 + OpenSSL 3.0.19", "JRuby 10.1.1.0 on Java 25.0.3"
runtime[:label] = runtime[:jruby] ? "JRuby #{JRUBY_VERSION} on Java #{runtime[:java]}" :
                    "MRI #{RUBY_DESCRIPTION.split[1]} + #{runtime[:openssl][/\S+ \S+/]}"
runtime[:fast_rsa_engine] = FastRsaEngine.info if defined?(FastRsaEngine)
# Operations this runtime lacks (encrypt on stock JRuby, verify_pss on jruby-openssl 0.15) are left out.
runtime[:cells] = warm_set.flat_map { |bits, operations| operations.names.map { |op| [op, bits] } }
$stdout.sync = true
puts JSON.generate(runtime: runtime)

$stdin.each_line do |line|
  request = JSON.parse(line)
  if request["warm"]
    deadline = CellTimer.clock + request["warm"]
    # The cells asked for, but RSA's keygen, whose calls last up to seconds (its cells warm up their own).
    asked = runtime[:cells].select { |op, _bits| (settings["ops"] - ["keygen"]).include?(op) }
    # Through the code that measures, so that the JIT has compiled that, not some other caller of the
    # calls; and on every measuring thread: a thread's first seconds of calls run slower (its allocation
    # buffers grow as it allocates), which left the first two-thread cells of a round near one thread's rate.
    thread_counts = settings.fetch("threads", [1])
    long_calls = settings.fetch("long_calls", [])
    asked.product(thread_counts).cycle do |(op, bits), threads|
      measurers.measure(op, bits, threads, 0, long_calls.include?(op) ? LONG_WARM_TURN : WARM_TURN)
      break if CellTimer.clock > deadline
    end
    puts JSON.generate(warmed: true)
  elsif request["latency"]
    op, bits = request["latency"]
    puts JSON.generate(measurers.each_of(1) { |operations| CellTimer.latency(operations[[bits, op]], request.fetch("time")) }.first)
  else
    op, bits, threads = request.fetch("cell")
    puts JSON.generate(ops_per_sec: measurers.measure(op, bits, threads, request.fetch("warmup"), request.fetch("time")))
  end
end
