# frozen_string_literal: true

module FastRsaEngine
  # Key generation by class methods: OpenSSL::PKey::RSA.generate, and OpenSSL::PKey.generate_key
  # ("RSA" or "EC", ...) where stock has generate_key (jruby-openssl 0.16.2 and later), in the engine's
  # library where it has one, else stock's method, kept and called as it was. Each is redefined in
  # place: a module prepended to a singleton class changes what JRuby lists as its singleton methods.
  module KeyGenerationPatch
    def self.apply
      stock_generate = OpenSSL::PKey::RSA.method(:generate).unbind
      OpenSSL::PKey::RSA.define_singleton_method(:generate) do |*args, &block|
        der = KeyGeneration.generate(args)
        der ? new(der) : Native.stock(:generate) { stock_generate.bind_call(self, *args, &block) }
      end
      patch_generate_key if OpenSSL::PKey.respond_to?(:generate_key)
    end

    # An RSA name's arguments become RSA.generate's, an EC name's EC.generate's curve (the engine's
    # where EcPatch applies, else stock's); every other argument (a DH or EC key, another algorithm,
    # an explicit curve) reaches stock's generate_key.
    def self.patch_generate_key
      stock_generate_key = OpenSSL::PKey.method(:generate_key).unbind
      OpenSSL::PKey.define_singleton_method(:generate_key) do |*args, &block|
        if (rsa_arguments = KeyGeneration.generate_key_arguments(args))
          OpenSSL::PKey::RSA.generate(*rsa_arguments)
        elsif (ec_arguments = EcKeyGeneration.generate_key_arguments(args))
          OpenSSL::PKey::EC.generate(*ec_arguments)
        else
          Native.stock(:generate_key) { stock_generate_key.bind_call(self, *args, &block) }
        end
      end
    end
  end
end
