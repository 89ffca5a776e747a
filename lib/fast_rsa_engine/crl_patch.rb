# frozen_string_literal: true

module FastRsaEngine
  # X509::CRL.new(der or pem): the revoked entries in the order the CRL holds them, as MRI reads
  # them, on every backend (DIFFERENCES.md, crl-revoked-order). Stock sorts them by time, and orders
  # entries of one time differently from run to run; its Java side, FastRsaEngine::CrlRevokedOrder
  # (ext/java), puts stock's own entries in the CRL's order once stock's initialize has read them.
  module CrlPatch
    def initialize(*args, &block)
      super
      CrlRevokedOrder.in_held_order(self) unless args.empty?
    end
  end
end
