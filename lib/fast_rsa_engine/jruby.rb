# frozen_string_literal: true

require "openssl"

module FastRsaEngine
  JAR_DIRECTORY = File.expand_path("jars", __dir__)
  ENVIRONMENT_VARIABLE = "FAST_RSA_ENGINE"

  # The public API on JRuby. The backends themselves, and the patch of OpenSSL::PKey::RSA,
  # are Java (ext/java); FastRsaEngine::Native is their control panel.
  class << self
    # :aws_lc, :gmp, or :stock when operations run in stock jruby-openssl.
    def backend
      extension_loaded? ? Native.current.to_sym : :stock
    end

    # Switches backend at run time: :auto, :aws_lc, :gmp or :stock. Raises ArgumentError for a
    # name that is no backend, and UnavailableBackendError for one that cannot run here.
    # :auto lands on :stock when no native backend runs.
    def backend=(name)
      name = check_name(name)
      raise UnavailableBackendError, "the fast-rsa-engine extension is not loaded" if !extension_loaded? && name != "stock"
      return unless extension_loaded?

      Native.select(name)
    rescue UnavailableBackendError
      raise unless name == "auto"

      Native.select("stock")
    end

    # The backends that load and pass their self-test here, fastest first, then :stock.
    def available_backends
      native = extension_loaded? ? Native.available.map(&:to_sym) : []
      native + [:stock]
    end

    def info
      details = { backend: backend, version: VERSION, available_backends: available_backends,
                  jruby: JRUBY_VERSION, java: ENV_JAVA["java.version"] }
      backend == :stock ? details.merge(library: "jruby-openssl #{JOpenSSL::VERSION}") : details.merge(Native.describe(backend.to_s))
    end

    private

    def names
      ["auto", "stock"] + (extension_loaded? ? Native.backend_names : %w[aws_lc gmp])
    end

    def extension_loaded?
      const_defined?(:Native, false)
    end

    def check_name(name)
      name = name.to_s
      return name if names.include?(name)

      raise ArgumentError, "unknown backend #{name.inspect}: expected one of #{names.map(&:to_sym).inspect}"
    end
  end
end

require "fast_rsa_engine/startup"
FastRsaEngine::Startup.run(ENV.fetch(FastRsaEngine::ENVIRONMENT_VARIABLE, "auto"))
