# frozen_string_literal: true

module FastRsaEngine
  # What `require 'fast-rsa-engine'` does on JRuby: load the Java extension, then choose the
  # backend FAST_RSA_ENGINE names (auto by default). It never raises: when nothing native can
  # run, it warns once and RSA stays with stock jruby-openssl.
  module Startup
    EXTENSION_JAR = File.expand_path("fast_rsa_engine.jar", __dir__)
    SERVICE = "fastrsaengine.FastRsaEngineService"

    class << self
      def run(requested)
        return unless load_extension

        choose(requested.to_s.strip.downcase)
      end

      private

      def load_extension
        require EXTENSION_JAR
        JRuby::Util.load_ext(SERVICE)
        Native.configure(JAR_DIRECTORY)
        true
      rescue LoadError, StandardError => e
        warn "fast-rsa-engine: the extension did not load (#{e.message}); RSA stays with stock jruby-openssl"
        false
      end

      def choose(requested)
        Native.select(known_or_auto(requested.empty? ? "auto" : requested))
      rescue UnavailableBackendError => e
        warn "fast-rsa-engine: #{e.message}; RSA stays with stock jruby-openssl"
      end

      def known_or_auto(name)
        return name if %w[auto stock].include?(name) || Native.backend_names.include?(name)

        warn "fast-rsa-engine: #{ENVIRONMENT_VARIABLE}=#{name} is no backend " \
             "(auto, #{Native.backend_names.join(', ')}, stock); choosing automatically"
        "auto"
      end
    end
  end
end
