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
end
