# frozen_string_literal: true

module FastRsaEngine
  # The module prepended to OpenSSL::PKey::EC, once the start-up check has passed with a backend that
  # has an EC engine (AWS-LC). Each method is one line (ForwardedMethods): its Java side,
  # FastRsaEngine::EcMethods (ext/java), runs the call in the EC engine, or yields to stock. Only
  # methods stock has are patched: no EC method is added, on any JRuby line.
  module EcPatch
    ForwardedMethods.define(self, OpenSSL::PKey::EC, EcMethods)
  end
end
