# frozen_string_literal: true

module FastRsaEngine
  # MRI's OpenSSL::PKey::RSA already runs in OpenSSL: the same API, answering :openssl,
  # so one Gemfile and one initializer serve MRI and JRuby alike. Nothing is patched.
  class << self
    def backend
      :openssl
    end

    def backend=(name)
      return if backend_names.include?(name.to_s)

      raise ArgumentError, "unknown backend #{name.inspect} on #{RUBY_ENGINE}: MRI uses :openssl"
    end

    def backend_names
      %w[auto openssl]
    end

    # OpenSSL computes one operation on one thread: nothing splits on MRI.
    def split
      :off
    end

    def split=(setting)
      SplitSetting.check(setting)
    end

    def available_backends
      [:openssl]
    end

    def info
      require "openssl"
      { backend: :openssl, version: VERSION, library: OpenSSL::OPENSSL_LIBRARY_VERSION, ruby: RUBY_DESCRIPTION,
        patch: "not applied: MRI runs RSA in OpenSSL already" }
    end

    # No JCA on MRI: nothing to install.
    def install_provider(position: 1)
      raise UnavailableBackendError, "the JCA provider is JRuby's: MRI runs RSA in OpenSSL already" unless position.is_a?(Integer)

      nil
    end

    def uninstall_provider
      false
    end

    def provider_position
      nil
    end

    # Nothing is counted on MRI: every call is OpenSSL's.
    def stats
      { calls: {}, check_failures: 0, split: { split: 0, unsplit: 0 } }
    end

    def reset_stats
      nil
    end
  end
end
