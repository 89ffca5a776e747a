# frozen_string_literal: true

require "openssl"

module FastRsaEngine
  JAR_DIRECTORY = File.expand_path("jars", __dir__)
  ENVIRONMENT_VARIABLE = "FAST_RSA_ENGINE"

  # The public API on JRuby. The backends, their names and the `auto` rule are Java's (ext/java);
  # FastRsaEngine::Native is their control panel.
  class << self
    # :aws_lc, :gmp, or :stock when operations run in stock jruby-openssl.
    def backend
      Startup.patched? ? Native.current.to_sym : :stock
    end

    # Switches backend at run time: :auto, :stock or a native backend's name. Raises ArgumentError
    # for a name that is no backend, and UnavailableBackendError for one that cannot run here.
    # :auto lands on :stock when no native backend runs.
    def backend=(name)
      name = name.to_s
      return if name == "stock" && !Startup.patched?
      raise UnavailableBackendError, "the fast-rsa-engine patch is not applied: #{Startup.failure}" unless Startup.patched? || name == "auto"
      raise ArgumentError, "unknown backend #{name.inspect}: expected one of #{backend_names.map(&:to_sym).inspect}" unless backend_names.include?(name)

      select(name)
    end

    # The backends that load and pass their self-test here, fastest first, then :stock.
    def available_backends
      native = Startup.patched? ? Native.available.map(&:to_sym) : []
      native + [:stock]
    end

    def info
      details = { backend: backend, version: VERSION, available_backends: available_backends,
                  jruby: JRUBY_VERSION, java: ENV_JAVA["java.version"] }
      backend == :stock ? details.merge(library: "jruby-openssl #{JOpenSSL::VERSION}") : details.merge(Native.describe(backend.to_s))
    end

    # Every name FastRsaEngine.backend= takes.
    def backend_names
      ["auto"] + (Startup.patched? ? Native.backend_names : []) + ["stock"]
    end

    private

    def select(name)
      return unless Startup.patched?

      Native.select(name)
    rescue UnavailableBackendError
      raise unless name == "auto"

      Native.select("stock")
    end
  end
end

require "fast_rsa_engine/startup"
FastRsaEngine::Startup.run(ENV.fetch(FastRsaEngine::ENVIRONMENT_VARIABLE, "auto"))
