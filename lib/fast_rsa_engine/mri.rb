# frozen_string_literal: true

module FastRsaEngine
  # MRI's OpenSSL::PKey::RSA already runs in OpenSSL: the same API, answering :openssl,
  # so one Gemfile and one initializer serve MRI and JRuby alike. Nothing is patched.
  class << self
    def backend
      :openssl
    end

    def backend=(name)
      return if name.to_s == "openssl" || name.to_s == "auto"

      raise ArgumentError, "unknown backend #{name.inspect} on #{RUBY_ENGINE}: MRI uses :openssl"
    end

    def available_backends
      [:openssl]
    end

    def info
      require "openssl"
      { backend: :openssl, version: VERSION, library: OpenSSL::OPENSSL_LIBRARY_VERSION, ruby: RUBY_DESCRIPTION }
    end
  end
end
