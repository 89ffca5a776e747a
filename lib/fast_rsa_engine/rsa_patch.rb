# frozen_string_literal: true

module FastRsaEngine
  # The module prepended to OpenSSL::PKey::RSA. Each method is one line: its Java side,
  # FastRsaEngine::RsaMethods (ext/java), runs the call in the active engine, or yields to the
  # block, which is plain `super`: stock jruby-openssl, found by Ruby's own method lookup.
  # The methods patched are exactly those RsaMethods defines.
  module RsaPatch
    RsaMethods.singleton_methods(false).sort.each do |name|
      module_eval("def #{name}(*args) = RsaMethods.#{name}(self, args) { super }", __FILE__, __LINE__)
    end
  end
end
