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
        case requested
        when "", "auto" then choose_fastest
        when "stock" then Native.select("stock")
        else choose_named(requested)
        end
      end

      # Tries the backends fastest first and stops at the first that runs, so a slower one's
      # library is never loaded when a faster one works.
      def choose_fastest
        reasons = Native.backend_names.map do |name|
          return Native.select(name)
        rescue UnavailableBackendError => e
          e.message
        end
        warn "fast-rsa-engine: no native RSA backend can run here (#{reasons.join('; ')}); RSA stays with stock jruby-openssl"
      end

      def choose_named(requested)
        unless Native.backend_names.include?(requested)
          warn "fast-rsa-engine: #{ENVIRONMENT_VARIABLE}=#{requested} is no backend " \
               "(auto, #{Native.backend_names.join(', ')}, stock); choosing automatically"
          return choose_fastest
        end
        Native.select(requested)
      rescue UnavailableBackendError => e
        warn "fast-rsa-engine: #{e.message}; RSA stays with stock jruby-openssl"
      end
    end
  end
end
