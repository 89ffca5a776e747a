# frozen_string_literal: true

module FastRsaEngine
  # The module prepended to OpenSSL::PKey::RSA. Each method is one line: its Java side,
  # FastRsaEngine::RsaMethods (ext/java), runs the call in the active engine, or yields to the
  # block, which is plain `super`: stock jruby-openssl, found by Ruby's own method lookup.
  # The methods patched are exactly those RsaMethods defines, and initialize.
  module RsaPatch
    RsaMethods.singleton_methods(false).sort.each do |name|
      module_eval("def #{name}(*args) = RsaMethods.#{name}(self, args) { super }", __FILE__, __LINE__)
    end

    # RSA.new(bits [, e]): a key from the engine's library, read by stock's own parser; else stock.
    def initialize(*args, &block)
      der = KeyGeneration.generate(args)
      der ? super(der) : Native.stock { super }
    end
  end

  # Key generation by class methods, in the engine's library where it has one, else stock's:
  # prepended to the singleton classes of OpenSSL::PKey::RSA (generate) and OpenSSL::PKey (generate_key).
  module RsaGeneratePatch
    def generate(*args, &block)
      der = KeyGeneration.generate(args)
      der ? new(der) : Native.stock { super }
    end
  end

  module PKeyGenerateKeyPatch
    def generate_key(*args, &block)
      rsa_arguments = KeyGeneration.generate_key_arguments(args)
      rsa_arguments ? OpenSSL::PKey::RSA.generate(*rsa_arguments) : Native.stock { super }
    end
  end
end
