# frozen_string_literal: true

module FastRsaEngine
  # The module prepended to OpenSSL::PKey::RSA. Each method is one line (ForwardedMethods): its Java
  # side, FastRsaEngine::RsaMethods (ext/java), runs the call in the engine, or yields to stock.
  #
  # A client library must see what stock shows it: the methods patched are those RsaMethods defines
  # that stock has too, plus MRI's encrypt and decrypt, which the gem answers on every backend.
  module RsaPatch
    # MRI's PKey#encrypt and #decrypt: no jruby-openssl has them; RsaMethods never calls super for them.
    ADDED_METHODS = %i[encrypt decrypt].freeze

    ForwardedMethods.define(self, OpenSSL::PKey::RSA, RsaMethods, added: ADDED_METHODS)

    # RSA.new(bits [, e]): a key from the engine's library, read by stock's own parser; else stock.
    # Only an Integer first argument asks for a key, as in stock (RSA.new(pem, 1) loads the key).
    # Generation calls no block on any backend (stock's parser would take one as a pass phrase source).
    # RSA.new(source [, pass phrase]) is stock's, with MRI's words where stock's name a Java class
    # (KeyLoading, in ext/java: a key of another type).
    def initialize(*args, &block)
      der = KeyGeneration.generate(args) if args.first.is_a?(Integer)
      return super(der, &nil) if der
      return Native.stock(:generate) { super } if args.first.is_a?(Integer)

      Native.load_stock(args, block) { super }
    end
  end

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
