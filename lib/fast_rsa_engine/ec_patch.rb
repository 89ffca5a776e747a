# frozen_string_literal: true

module FastRsaEngine
  # The module prepended to OpenSSL::PKey::EC, once the start-up check has passed with a backend that
  # has an EC engine (AWS-LC). Each method is one line (ForwardedMethods): its Java side,
  # FastRsaEngine::EcMethods (ext/java), runs the call in the EC engine, or yields to stock. Only
  # methods stock has are patched: no EC method is added, on any JRuby line.
  module EcPatch
    ForwardedMethods.define(self, OpenSSL::PKey::EC, EcMethods)

    # EC.generate(curve_name): a key from the engine's library, made as stock's parser makes one
    # (EcKeyGeneration); else stock's method, kept and called as it was. Redefined in place, as RSA.generate is
    # (KeyGenerationPatch): a prepended singleton module would change the singleton method lists.
    def self.patch_generate
      stock_generate = OpenSSL::PKey::EC.method(:generate).unbind
      OpenSSL::PKey::EC.define_singleton_method(:generate) do |group, &block| # one argument, as stock's
        EcKeyGeneration.generate(self, group) || Native.stock(:ec_generate) { stock_generate.bind_call(self, group, &block) }
      end
    end
  end

  # Prepended to OpenSSL::PKey::EC::Point with EcPatch. MRI's Point.new(group) is the point at
  # infinity, stock's the group's generator, in every method of it: only how the point was made tells
  # it from group.generator. The point stays as stock makes it (JRuby code may use it as the
  # generator); EcPoints notes it, for dh_compute_key to refuse it as MRI refuses infinity.
  module EcPointPatch
    def initialize(*args) # stock's arity: a group or a point, and an optional encoding
      super
      EcPoints.made(self, args.first) if args.size == 1
    end
  end
end
