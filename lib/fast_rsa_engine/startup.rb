# frozen_string_literal: true

module FastRsaEngine
  # What `require 'fast-rsa-engine'` does on JRuby: load the Java extension, choose the backend
  # FAST_RSA_ENGINE names (auto by default), loading only what that backend needs, check a signature
  # through the patch end to end with it, then prepend the patch to OpenSSL::PKey::RSA.
  # FAST_RSA_ENGINE=off loads and patches nothing. It never raises: when anything fails, it warns
  # once and RSA stays with stock jruby-openssl, unpatched.
  module Startup
    EXTENSION_JAR = File.expand_path("fast_rsa_engine.jar", __dir__)
    SERVICE = "fastrsaengine.FastRsaEngineService"
    OFF = "off"

    class << self
      # Why the patch was not applied, or nil once it is.
      attr_reader :failure

      # Each structure method (StructurePatch::PATCHES): "applied", or why it stays with stock.
      def structures
        @structures ||= {}
      end

      # OpenSSL::PKey::EC: "applied", or why it stays with stock (nil until a backend with EC is active).
      attr_reader :ec

      # TLS handshakes' signatures (TlsPatch): "on", or why they stay with the JDK's providers.
      def tls
        @tls || "off: #{patched? ? 'not started' : 'the patch is not applied'}"
      end

      def run(requested)
        requested = requested.to_s.strip.downcase
        return @failure = "#{ENVIRONMENT_VARIABLE}=off: nothing patched, no native library loaded" if requested == OFF

        @failure = "not started"
        load_extension
        choose(requested.empty? ? "auto" : requested)
        apply_patch
        Native.reset_stats # the start-up check's signature is the gem's, not the app's
        @failure = nil
      rescue Exception => e # LoadError, StandardError, and Java's LinkageError alike: none may break the app
        Native.select("stock") if FastRsaEngine.const_defined?(:Native, false)
        @failure = e.message
        warn "fast-rsa-engine: #{e.message}; RSA stays with stock jruby-openssl"
      end

      def patched?
        @failure.nil?
      end

      # FAST_RSA_ENGINE_PROVIDER=1 (or true, yes, on): the JCA provider, installed first. Never raises.
      def install_provider_if_asked(value)
        return unless %w[1 true yes on].include?(value.to_s.strip.downcase)

        FastRsaEngine.install_provider
      rescue Exception => e # as at require: nothing may break the app
        warn "fast-rsa-engine: #{PROVIDER_VARIABLE}: the provider is not installed: #{e.message}"
      end

      # FAST_RSA_ENGINE_SPLIT=off turns the split off, auto (or nothing) leaves it on where the JVM has a
      # second core; anything else warns once and leaves it as it is. Never raises.
      def split_as_asked(value)
        value = value.to_s.strip.downcase
        return if value.empty?
        return FastRsaEngine.split = value if SplitSetting::NAMES.include?(value)

        warn "fast-rsa-engine: #{SPLIT_VARIABLE}=#{value} is not #{SplitSetting::NAMES.join(' or ')}; the split stays #{FastRsaEngine.split}"
      end

      # FAST_RSA_ENGINE_TLS: on (or nothing) routes OpenSSL::SSL's handshake signatures through the
      # engine (TlsPatch), off leaves them to the JDK's providers. Never raises.
      def route_tls_as_asked(value)
        return unless patched?

        @tls = TlsPatch.apply(value)
      rescue Exception => e # as at require: nothing may break the app
        @tls = "off: #{e.message}"
        warn "fast-rsa-engine: #{TLS_VARIABLE}: TLS stays with the JDK's providers: #{e.message}"
      end

      # Runs the end-to-end check once, the first time a native backend is active: before the patch
      # is applied at start-up, or before a later switch from stock to a native backend takes effect.
      def check_end_to_end
        unless @checked
          StartupCheck.run
          @checked = true
          apply_structures
        end
        apply_ec if @ec.nil? && Native.ec?
      end

      private

      def load_extension
        require EXTENSION_JAR
        JRuby::Util.load_ext(SERVICE)
        Native.configure(JAR_DIRECTORY)
        require "fast_rsa_engine/forwarded_methods"
        require "fast_rsa_engine/rsa_patch"
        require "fast_rsa_engine/ec_patch"
        require "fast_rsa_engine/key_generation_patch"
        require "fast_rsa_engine/structure_patch"
        require "fast_rsa_engine/crl_patch"
        require "fast_rsa_engine/tls_patch"
        require "fast_rsa_engine/startup_check"
      end

      # A backend asked for by name that cannot run: one warning, the patch applied with stock, so
      # that another backend can be chosen at run time. `auto` with none that runs: not patched.
      def choose(requested)
        name = known_or_auto(requested)
        Native.select(name)
        raise "no native RSA backend can run here (#{Native.tried.values.join('; ')})" if name == "auto" && Native.current == "stock"

        check_end_to_end unless Native.current == "stock"
      rescue UnavailableBackendError => e
        Native.select("stock")
        warn "fast-rsa-engine: #{e.message}; RSA stays with stock jruby-openssl"
      end

      # The structure methods too where the backend is :stock (asked for at require, or the one that
      # runs): their patch keeps the gem's fixes on every backend.
      def apply_patch
        OpenSSL::PKey::RSA.prepend(RsaPatch)
        KeyGenerationPatch.apply
        OpenSSL::X509::CRL.prepend(CrlPatch)
        apply_structures if structures.empty?
      end

      # Each structure method is patched once its end-to-end check passes with the backend active:
      # with a native one, the engine must have computed; with :stock, stock computes through the
      # patch (with the gem's fixes: arguments checked as MRI checks them, PKCS#7 envelopes opened as
      # OpenSSL opens them), and the engine's check follows the first time a native backend is
      # active, a method that fails it then left to stock's computation. One that fails its check
      # (a jruby-openssl whose insides moved) stays with stock, with one warning.
      def apply_structures
        through_engine = Native.current != "stock"
        StructurePatch::PATCHES.each_key do |name|
          applied = structures[name] == "applied"
          next if structures.key?(name) && !applied

          StartupCheck.structure(name, through_engine: through_engine, applied: applied)
          StructurePatch.apply(name) unless applied
          structures[name] = "applied"
        rescue Exception => e # as at require: nothing may break the app
          Native.leave_to_stock(name.to_s) if applied
          structures[name] = "stock: #{e.message}"
          warn "fast-rsa-engine: #{name} stays with stock jruby-openssl: #{e.message}"
        end
      end

      # EC's methods are patched the first time a backend with an EC engine is active, once their check
      # passes with it; a failure leaves EC with stock, with one warning, and RSA as it is. The engine
      # takes EC keys (EC's methods, the structure methods) only while EC is applied.
      def apply_ec
        Native.ec_applied = true # for the check itself
        StartupCheck.ec(structures)
        OpenSSL::PKey::EC.prepend(EcPatch)
        OpenSSL::PKey::EC::Point.prepend(EcPointPatch)
        EcPatch.patch_generate
        @ec = "applied"
      rescue Exception => e # as at require: nothing may break the app
        Native.ec_applied = false
        @ec = "stock: #{e.message}"
        warn "fast-rsa-engine: OpenSSL::PKey::EC stays with stock jruby-openssl: #{e.message}"
      end

      def known_or_auto(name)
        names = ["auto", *Native.backend_names, "stock"]
        return name if names.include?(name)

        warn "fast-rsa-engine: #{ENVIRONMENT_VARIABLE}=#{name} is no backend (#{names.join(', ')}, #{OFF}); choosing automatically"
        "auto"
      end
    end
  end
end
