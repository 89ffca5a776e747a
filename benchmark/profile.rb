# frozen_string_literal: true

# Where one operation's time goes on JRuby: runs an operation of bin/benchmark's rows in a loop under
# JDK Flight Recorder's method sampling, in this process, and prints the share of the loop's samples
# in each method of the libraries below it (inclusive: a method and what it calls), largest first,
# beside the call's time. doc/structure-costs.md was written from its output. Java samples are lost
# where JFR cannot walk a stack and native ones are not, so a native method's share reads high.
#   bin/jruby benchmark/profile.rb cert_verify                   the gem, its fastest backend
#   bin/jruby benchmark/profile.rb --engine none pkcs7_sign      stock jruby-openssl
#   bin/jruby benchmark/profile.rb --bits 256 ec_cert_verify     an EC row on P-256
#   bin/jruby benchmark/profile.rb --thread "tls server" tls13_handshake   the server's side of a handshake
abort "benchmark/profile.rb runs under JRuby: bin/jruby benchmark/profile.rb" unless RUBY_ENGINE == "jruby"
require "java"
require "optparse"
require_relative "lib/ec_operations"
require_relative "lib/rsa_operations"

# Method sampling of one thread's loop (or of the thread of that name, such as TLS's server): the
# methods in LIBRARIES on its stacks, each counted once a sample. Java code and native code (the
# backends' libraries, sampled apart by JFR) alike. A thread waiting (on its peer, in a select) is
# not counted (WAITING): a share is of the time the thread ran.
class OperationProfile
  EVENTS = %w[jdk.ExecutionSample jdk.NativeMethodSample].freeze
  LIBRARIES = /\A(org\.jruby\.ext\.openssl|fastrsaengine|org\.bouncycastle|sun\.security|java\.security|javax\.crypto|javax\.net|com\.amazon|java\.math|sun\.nio)\./
  SAMPLE_EVERY = java.time.Duration.ofMillis(1)
  # Native frames where a thread waits in the kernel (its peer, a connection): JFR samples a thread in
  # native code whether it runs or not, so a sample at the top of one is left out.
  WAITING = /\Asun\.nio\.ch\.(EPoll\.wait|Net\.accept|Net\.poll)\z/

  def initialize(call, seconds, thread_name = nil)
    @call = call
    @seconds = seconds
    @thread_name = thread_name
  end

  # {calls_per_second:, samples:, shares: [[method, share of samples]]}
  def run
    warm_up
    recording = Java::JdkJfr::Recording.new
    EVENTS.each { |event| recording.enable(event).with_period(SAMPLE_EVERY) }
    recording.start
    rate = loop_for(@seconds)
    recording.stop
    file = java.io.File.createTempFile("profile", ".jfr")
    recording.dump(file.toPath)
    { calls_per_second: rate, **shares(file) }
  ensure
    file&.delete
  end

  private

  def warm_up
    loop_for(@seconds)
  end

  def loop_for(seconds)
    count = 0
    deadline = clock + seconds
    start = clock
    (@call.call; count += 1) while clock < deadline
    count / (clock - start)
  end

  def clock
    Process.clock_gettime(Process::CLOCK_MONOTONIC)
  end

  def shares(file)
    counts = Hash.new(0)
    samples = 0
    Java::JdkJfrConsumer::RecordingFile.readAllEvents(file.toPath).each do |event|
      next unless EVENTS.include?(event.getEventType.getName) && sampled?(event.getThread("sampledThread"))

      names = event.getStackTrace&.getFrames.to_a.map { |frame| "#{frame.getMethod.getType.getName}.#{frame.getMethod.getName}" }
      next if names.first&.match?(WAITING)

      samples += 1
      names.select { |name| name.match?(LIBRARIES) }.uniq.each { |name| counts[name] += 1 }
    end
    { samples: samples, shares: counts.sort_by { |_, count| -count }.map { |name, count| [name, count.fdiv(samples)] } }
  end

  def sampled?(thread)
    return false unless thread
    return thread.getJavaName.to_s.include?(@thread_name) if @thread_name

    thread.getJavaThreadId == java.lang.Thread.currentThread.getId
  end
end

options = { engine: nil, seconds: 5.0, bits: nil, top: 25 }
OptionParser.new do |parser|
  parser.banner = "usage: bin/jruby benchmark/profile.rb [options] OPERATION"
  parser.on("--engine NAME", "none (stock), aws_lc, gmp (default: the gem's choice)") { |name| options[:engine] = name }
  parser.on("--bits N", Integer, "RSA key size or EC curve (default: 2048, 256)") { |bits| options[:bits] = bits }
  parser.on("--seconds S", Float, "sampled seconds (default: 5)") { |seconds| options[:seconds] = seconds }
  parser.on("--top N", Integer, "methods shown (default: 25)") { |top| options[:top] = top }
  parser.on("--thread NAME", "sample the thread of that name (default: the loop's)") { |name| options[:thread] = name }
end.parse!
op = ARGV.fetch(0) { abort "bin/jruby benchmark/profile.rb: which operation? (#{(RsaOperations::NAMES + EcOperations::NAMES).join(', ')})" }

RsaOperations.use(options[:engine])
key = if EcOperations.operation?(op)
        OpenSSL::PKey::EC.generate(EcOperations::CURVES.fetch(options[:bits] || 256))
      else
        OpenSSL::PKey::RSA.new(options[:bits] || 2048)
      end
operations = (EcOperations.operation?(op) ? EcOperations : RsaOperations).new(key).tap { |made| made.check!([op]) }
call = operations.operations.fetch(op) { abort "#{op}: not an operation here (#{operations.names.join(', ')})" }
profile = OperationProfile.new(call, options[:seconds], options[:thread]).run
engine = defined?(FastRsaEngine) ? "fast-rsa-engine #{FastRsaEngine.backend}" : "stock"
printf("%s, %s: %.0f calls/s, %.1f µs a call; %d samples\n", op, engine, profile[:calls_per_second], 1e6 / profile[:calls_per_second], profile[:samples])
profile[:shares].first(options[:top]).each { |name, share| printf("  %5.1f%%  %s\n", share * 100, name) }
