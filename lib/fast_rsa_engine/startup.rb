# frozen_string_literal: true

module FastRsaEngine
  # What `require 'fast-rsa-engine'` does on JRuby: load the Java extension, check a signature
  # through the patch end to end with the fastest backend, prepend the patch to OpenSSL::PKey::RSA,
  # then choose the backend FAST_RSA_ENGINE names (auto by default). It never raises: when anything
  # fails, it warns once and RSA stays with stock jruby-openssl, unpatched.
  module Startup
    EXTENSION_JAR = File.expand_path("fast_rsa_engine.jar", __dir__)
    SERVICE = "fastrsaengine.FastRsaEngineService"

    class << self
      # Why the patch was not applied, or nil once it is.
      attr_reader :failure

      def run(requested)
        @failure = "not started"
        apply_patch
        @failure = nil
        choose(requested.to_s.strip.downcase)
      rescue Exception => e # LoadError, StandardError, and Java's LinkageError alike: none may break the app
        @failure = e.message
        warn "fast-rsa-engine: #{e.message}; RSA stays with stock jruby-openssl"
      end

      def patched?
        @failure.nil?
      end

      private

      def apply_patch
        require EXTENSION_JAR
        JRuby::Util.load_ext(SERVICE)
        Native.configure(JAR_DIRECTORY)
        Native.select("auto")
        require "fast_rsa_engine/rsa_patch"
        require "fast_rsa_engine/startup_check"
        StartupCheck.run
        OpenSSL::PKey::RSA.prepend(RsaPatch)
        OpenSSL::PKey::RSA.singleton_class.prepend(RsaGeneratePatch)
        OpenSSL::PKey.singleton_class.prepend(PKeyGenerateKeyPatch)
      rescue Exception
        Native.select("stock") if FastRsaEngine.const_defined?(:Native, false) # a half-set-up patch must not run
        raise
      end

      def choose(requested)
        FastRsaEngine.backend = known_or_auto(requested.empty? ? "auto" : requested)
      rescue UnavailableBackendError => e
        warn "fast-rsa-engine: #{e.message}; RSA stays with stock jruby-openssl"
      end

      def known_or_auto(name)
        return name if FastRsaEngine.backend_names.include?(name)

        warn "fast-rsa-engine: #{ENVIRONMENT_VARIABLE}=#{name} is no backend (#{FastRsaEngine.backend_names.join(', ')}); " \
             "choosing automatically"
        "auto"
      end
    end
  end
end
