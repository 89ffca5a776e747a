# frozen_string_literal: true

require "openssl"

module FastRsaEngine
  JAR_DIRECTORY = File.expand_path("jars", __dir__)
  ENVIRONMENT_VARIABLE = "FAST_RSA_ENGINE"
  PROVIDER_VARIABLE = "FAST_RSA_ENGINE_PROVIDER"
  SPLIT_VARIABLE = "FAST_RSA_ENGINE_SPLIT"
  TLS_VARIABLE = "FAST_RSA_ENGINE_TLS"

  # The public API on JRuby. The backends, their names and the `auto` rule are Java's (ext/java);
  # FastRsaEngine::Native is their control panel.
  class << self
    # :aws_lc, :gmp, or :stock when operations run in stock jruby-openssl.
    def backend
      Startup.patched? ? Native.current.to_sym : :stock
    end

    # Switches backend at run time: :auto, :stock or a native backend's name. Raises ArgumentError
    # for a name that is no backend, and UnavailableBackendError for one that cannot run here, or
    # when the patch is not applied (FAST_RSA_ENGINE=off, or a failed start). :auto lands on :stock
    # when no native backend runs.
    def backend=(name)
      name = name.to_s
      return if %w[stock auto].include?(name) && !Startup.patched?
      raise UnavailableBackendError, "the fast-rsa-engine patch is not applied: #{Startup.failure}" unless Startup.patched?
      raise ArgumentError, "unknown backend #{name.inspect}: expected one of #{backend_names.map(&:to_sym).inspect}" unless backend_names.include?(name)

      select(name)
    end

    # :auto while one private-key operation may run its two CRT halves on two cores (the split: keys
    # of 2048 bits and more, when a core is free), else :off. The JVM's setting, shared by its runtimes.
    def split
      Startup.patched? && Native.split? ? :auto : :off
    end

    # :auto (the default where the JVM has a second core) or :off, for the JVM; calls running finish
    # as they began. ArgumentError for anything else. Where nothing is patched, nothing splits.
    def split=(setting)
      on = SplitSetting.check(setting) == "auto"
      Native.split_on(on) if Startup.patched?
    end

    # The backends that load and pass their self-test here, fastest first, then :stock. Asking loads
    # each backend's library once; `info` shows what was tried without loading anything.
    def available_backends
      native = Startup.patched? ? Native.available.map(&:to_sym) : []
      native + [:stock]
    end

    # What runs and why, for a log line at boot: the backend and its library, and each backend tried.
    def info
      details = { backend: backend, version: VERSION, jruby: JRUBY_VERSION, java: ENV_JAVA["java.version"],
                  patch: Startup.patched? ? "applied" : "not applied: #{Startup.failure}" }
      if Startup.patched?
        details[:backends_tried] = Native.tried.transform_keys(&:to_sym)
        details[:structures] = Startup.structures.dup
        details[:ec] = Startup.ec || "stock: no backend with an EC engine has been active"
        details[:split] = Native.describe_split
        details[:tls] = Startup.tls
      end
      backend == :stock ? details.merge(library: "jruby-openssl #{JOpenSSL::VERSION}") : details.merge(Native.describe(backend.to_s))
    end

    # Calls per patched method, answered by the engine or left to stock with the reason, and results
    # that failed their check, and the operations split and not: { calls: { sign: { engine: 2,
    # key_declined: 0, option_not_taken: 0, backend_stock: 1 }, ... }, check_failures: 0,
    # split: { split: 1, unsplit: 1 } }. Counted in this JRuby runtime since start or reset_stats (the
    # last two in the JVM, since this runtime's reset).
    def stats
      Startup.patched? ? Native.stats : { calls: {}, check_failures: 0, split: { split: 0, unsplit: 0 } }
    end

    def reset_stats
      Native.reset_stats if Startup.patched?
      nil
    end

    # Registers the JCA provider "FastRsaEngine" JVM-wide at a position (1, the default, is first):
    # Signature SHA*withRSA and RSASSA-PSS, Cipher RSA, for Java code (JSSE, JWT libraries, Java
    # libraries in the app) through this runtime's backend. Off unless asked (or
    # FAST_RSA_ENGINE_PROVIDER=1 at require). Returns the position it got; nil when already installed.
    # Raises UnavailableBackendError when the patch is not applied.
    def install_provider(position: 1)
      raise UnavailableBackendError, "the fast-rsa-engine patch is not applied: #{Startup.failure}" unless Startup.patched?
      raise ArgumentError, "position must be a positive Integer" unless position.is_a?(Integer) && position.positive?

      Native.install_provider(position, VERSION)
    end

    # Removes the provider; true when it was installed.
    def uninstall_provider
      Startup.patched? ? Native.uninstall_provider : false
    end

    # Where the provider is among the JVM's (1 is first), or nil when it is not installed.
    def provider_position
      Startup.patched? ? Native.provider_position : nil
    end

    # Every name FastRsaEngine.backend= takes.
    def backend_names
      ["auto"] + (Startup.patched? ? Native.backend_names : []) + ["stock"]
    end

    private

    # A native backend becomes active only once the patch has been checked end to end with one.
    def select(name)
      previous = Native.current
      Native.select(name)
      Startup.check_end_to_end unless Native.current == "stock"
    rescue UnavailableBackendError
      raise
    rescue StandardError => e
      Native.select(previous)
      raise UnavailableBackendError, "#{name}: #{e.message}"
    end
  end
end

require "fast_rsa_engine/startup"
FastRsaEngine::Startup.run(ENV.fetch(FastRsaEngine::ENVIRONMENT_VARIABLE, "auto"))
# The TLS provider first, so that the opt-in one, asked for, goes before it (first, as install_provider's default).
FastRsaEngine::Startup.route_tls_as_asked(ENV.fetch(FastRsaEngine::TLS_VARIABLE, ""))
FastRsaEngine::Startup.install_provider_if_asked(ENV.fetch(FastRsaEngine::PROVIDER_VARIABLE, ""))
FastRsaEngine::Startup.split_as_asked(ENV.fetch(FastRsaEngine::SPLIT_VARIABLE, ""))
