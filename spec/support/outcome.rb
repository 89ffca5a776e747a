# frozen_string_literal: true

# What one call did: the String it returned, or what it raised (a Ruby exception, or on JRuby
# a Java exception that escaped). Specs compare outcomes across backends and with MRI.
class Outcome
  attr_reader :value, :error
  # Whether the gem turned a Java failure into a Ruby error during the call (set by with_repairs).
  attr_accessor :repaired

  def self.of
    new(yield, nil)
  rescue Exception => e # not StandardError only: escaping Java exceptions are what specs look for
    new(nil, e)
  end

  # The call's outcome, noting whether FastRsaEngine::Native.java_repairs grew meanwhile: the gem's
  # count of stock's Java failures it gave as Ruby errors (none on MRI).
  def self.with_repairs(&call)
    before = repairs
    outcome = of(&call)
    outcome.repaired = repairs > before
    outcome
  end

  def self.repairs
    RUBY_ENGINE == "jruby" && defined?(FastRsaEngine::Native) ? FastRsaEngine::Native.java_repairs : 0
  end

  def initialize(value, error)
    @value = value
    @error = error
  end

  def raised?
    !error.nil?
  end

  def java_exception?
    raised? && defined?(Java::JavaLang::Throwable) && error.is_a?(Java::JavaLang::Throwable) ? true : false
  end

  def error_class
    error&.class
  end

  def message
    error&.message
  end

  def to_s
    return "raised #{error.class}: #{error.message}" if raised?
    return "returned #{value.inspect}" unless value.is_a?(String)

    "returned #{value.bytesize} bytes (#{value.unpack1('H*')[0, 32]}...)"
  end
  alias inspect to_s
end
