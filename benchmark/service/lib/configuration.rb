# frozen_string_literal: true

require "rbconfig"

module ServiceBenchmark
  # One way to run the session service (examples/session_service) with Puma: MRI in cluster mode,
  # or JRuby in one process, either stock (the app's Gemfile without the fast-rsa-engine line) or
  # with the gem and one backend (FAST_RSA_ENGINE).
  class Configuration
    NAMES = %w[mri stock gmp aws_lc].freeze
    ROOT = File.expand_path("../../..", __dir__)
    PUMA = ["bundle", "exec", "puma", "--config", "config/puma.rb", "config.ru"].freeze
    GEM_LINE = /^\s*gem\s+["']fast-rsa-engine["']/.freeze
    # What a JRuby deployer sets for a small, latency-bound service: a fixed heap (no resizing)
    # and G1 named, since the JVM falls back to Serial GC where it sees under 2 CPUs or 1792 MB.
    # JRuby 10's own defaults stay: JIT on, invokedynamic on (never --dev in production).
    JVM_OPTIONS = "-Xms1g -Xmx1g -XX:+UseG1GC"

    attr_reader :name

    def initialize(name)
      raise ArgumentError, "unknown configuration #{name.inspect}" unless NAMES.include?(name)

      @name = name
    end

    def jruby?
      name != "mri"
    end

    def label
      jruby? ? "JRuby #{name}" : "MRI"
    end

    # What RequestTiming reports as the backend: "none" where fast-rsa-engine is not loaded.
    def expected_backend
      %w[mri stock].include?(name) ? "none" : name
    end

    # The example's Gemfile as this configuration uses it.
    def gemfile(text)
      name == "stock" ? text.lines.grep_v(GEM_LINE).join : text
    end

    def command
      interpreter = jruby? ? [File.join(ROOT, "bin/jruby")] : [RbConfig.ruby]
      [*interpreter, "-S", *PUMA]
    end

    # JRuby resolves Puma, nio4r and fast-rsa-engine from the gem folder setup.sh built; nio4r
    # loads in its pure-Ruby mode, which Puma requires but does not use here (see jruby_gems.rb).
    def environment(gem_folder)
      return {} unless jruby?

      { "GEM_PATH" => gem_folder, "PATH" => "#{gem_folder}/bin:#{ENV.fetch('PATH')}", "NIO4R_PURE" => "true",
        "JAVA_OPTS" => JVM_OPTIONS, "FAST_RSA_ENGINE" => (name unless name == "stock") }
    end
  end
end
