# frozen_string_literal: true

# Stand-in for SimpleCov (coverage, not crypto, and not a Debian package): the calls the suites'
# helpers make, each doing nothing, so that a suite runs as it would with coverage switched off.
module SimpleCov
  module Formatter
    class HTMLFormatter; end

    class MultiFormatter
      def self.new(*) = self
    end
  end

  class << self
    attr_accessor :formatter, :formatters

    def start(*) = nil
  end
end
