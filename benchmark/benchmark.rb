# frozen_string_literal: true

# The classic report, laid out as in fast-rsa-engine's 2015 announcement: RSA sign, verify, encrypt
# and decrypt, then ES256 sign and verify, each row one operation called --count times and timed by
# the standard library's Benchmark.bm. It needs nothing but the standard library and the gem, so the
# gem installs it too (exe/fast-rsa-engine-benchmark loads this file):
#   ruby -S fast-rsa-engine-benchmark, jruby -S fast-rsa-engine-benchmark   the installed gem
#   ruby benchmark/benchmark.rb, bin/jruby benchmark/benchmark.rb           a checkout
#   bin/jruby benchmark/benchmark.rb --engine none                          JRuby without the gem
#   bin/jruby benchmark/benchmark.rb --bits 4096 --count 100                (--help for all options)
# encrypt is public_encrypt, PKCS#1 v1.5, which every runtime has (bin/benchmark's encrypt is OAEP).
# On JRuby, user and system count every thread of the JVM (its JIT compilers, its GC): real is the
# row's own time. bin/benchmark is the full benchmark: every operation, key size and thread count.
require_relative "lib/command_line"
require_relative "lib/ec_operations"
require_relative "lib/rsa_operations"

begin
  require "benchmark"
rescue LoadError # a bundled gem from Ruby 3.5 (JRuby 10.1) on: under Bundler, only if the Gemfile has it
  abort "fast-rsa-engine-benchmark needs the benchmark gem: gem install benchmark, or add it to the Gemfile"
end

# The report: options, then the header, then Benchmark.bm's rows.
class ClassicBenchmark
  JRUBY = RUBY_ENGINE == "jruby"
  ENGINES = %w[none auto aws_lc gmp].freeze
  # JRuby's JIT compiles the hot paths as they run: without a warm-up its first rows time the compiler.
  DEFAULTS = { bits: 2048, count: 1000, engine: "auto", warmup: JRUBY ? 2.0 : 0.0 }.freeze
  # Row label => which operations and the callable's name there.
  ROWS = { "sign" => [:rsa, "sign"], "verify" => [:rsa, "verify"], "encrypt" => [:rsa, "public_encrypt"],
           "decrypt" => [:rsa, "decrypt"], "ES256 sign" => [:ec, "ec_sign"], "ES256 verify" => [:ec, "ec_verify"] }.freeze

  def self.parse(argv)
    CommandLine.parse("fast-rsa-engine-benchmark", argv, DEFAULTS, "   (from a checkout: ruby benchmark/benchmark.rb [options])") do |opts|
      opts.on("--bits N", Integer, "RSA key size, at least 1024 (default: #{DEFAULTS[:bits]})", &CommandLine.at_least(1024))
      opts.on("--count N", Integer, "calls of each row's operation (default: #{DEFAULTS[:count]})", &CommandLine.at_least(1))
      opts.on("--engine NAME", ENGINES, "#{ENGINES.join(', ')}: none leaves the gem unloaded, auto lets it choose",
              "(FAST_RSA_ENGINE, else its fastest); default: auto. On MRI the gem changes nothing")
      opts.on("--warmup SECONDS", Float, "each operation's warm-up before the rows (default: 2 on JRuby, 0 on MRI)", &CommandLine.at_least(0))
      opts.on("-h", "--help", "this text") { puts opts; exit }
    end
  end

  def initialize(options)
    @options = options
  end

  def run
    $stdout.sync = true # the header shows while keys are made and JRuby warms up
    load_engine
    print_header
    rows = rows_on_new_keys
    warm_up(rows.values)
    line "count", "#{@options[:count]} calls a row"
    Benchmark.bm(ROWS.keys.map(&:length).max) do |bm|
      rows.each { |label, call| bm.report(label) { @options[:count].times { call.call } } }
    end
  end

  private

  # none leaves the gem unloaded, auto (nil) lets it choose: FAST_RSA_ENGINE, else its fastest
  # backend. On MRI the gem has no backend to name, so a named one is its choice too.
  def load_engine
    engine = @options[:engine]
    RsaOperations.use({ "auto" => nil, "none" => "none" }.fetch(engine) { JRUBY ? engine : nil })
  rescue StandardError => e # the gem's UnavailableBackendError: that backend cannot run here
    abort "fast-rsa-engine-benchmark: --engine #{engine}: #{e.message}"
  end

  def print_header
    line "ruby", RUBY_DESCRIPTION
    line "java", "#{ENV_JAVA['java.version']} (#{ENV_JAVA['java.vendor']}, #{ENV_JAVA['java.vm.name']})" if JRUBY
    line "openssl", OpenSSL::OPENSSL_LIBRARY_VERSION
    line "backend", backend
  end

  def line(name, text)
    puts format("%-9s%s", "#{name}:", text)
  end

  def backend
    return JRUBY ? "none (stock jruby-openssl)" : "OpenSSL (MRI)" unless defined?(FastRsaEngine)
    return mri_backend unless JRUBY

    info = FastRsaEngine.info
    library = info[:backend] == :stock ? "#{info[:library]}, patch #{info[:patch]}" : info.values_at(:library, :library_version).join(" ")
    library += " through #{info[:binding]}" if info[:binding]
    "#{info[:backend]} (#{library}; fast-rsa-engine #{FastRsaEngine::VERSION})"
  end

  def mri_backend
    named = ", so --engine #{@options[:engine]} changes nothing" unless @options[:engine] == "auto"
    "#{FastRsaEngine.backend} (fast-rsa-engine #{FastRsaEngine::VERSION} is a no-op on MRI#{named})"
  end

  # Label => callable, from the operations on an RSA key of --bits and a P-256 key made here, each
  # checked first so that a broken backend is never timed.
  def rows_on_new_keys
    print format("%-9s%s", "keys:", "RSA-#{@options[:bits]} and P-256, generating...")
    started = clock
    rsa_key = OpenSSL::PKey::RSA.new(@options[:bits])
    ec_key = OpenSSL::PKey::EC.generate(EcOperations::CURVES.fetch(256))
    puts format(" generated in %.2f s", clock - started)
    operations = { rsa: RsaOperations.new(rsa_key).tap(&:check!).operations, ec: ec_operations(ec_key) }
    line "ES256", "rows left out: #{@ec_missing}" if @ec_missing
    ROWS.filter_map { |label, (kind, name)| [label, operations[kind][name]] if operations[kind].key?(name) }.to_h
  end

  # EcOperations reads the public key back from its DER, which jruby-openssl 0.15 (JRuby 9.4.12 to
  # 9.4.14) cannot do: there the ES256 rows are left out, and the header says why.
  def ec_operations(key)
    EcOperations.new(key).tap(&:check!).operations
  rescue OpenSSL::PKey::PKeyError => e
    @ec_missing = "#{OpenSSL::OPENSSL_LIBRARY_VERSION} reads no EC public key (#{e.message})"
    {}
  end

  def warm_up(calls)
    seconds = @options[:warmup]
    return line("warm-up", "none (--warmup SECONDS adds one)") if seconds.zero?

    print format("%-9s%s", "warm-up:", "each operation for #{seconds} s first...")
    calls.each do |call|
      deadline = clock + seconds
      call.call while clock < deadline
    end
    puts " done"
  end

  def clock
    Process.clock_gettime(Process::CLOCK_MONOTONIC)
  end
end

ClassicBenchmark.new(ClassicBenchmark.parse(ARGV)).run
