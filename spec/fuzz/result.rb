# frozen_string_literal: true

module Fuzz
  # A call its CallBound gave up on, as stuck: the Outcome's error, never raised.
  class Hang < StandardError
  end

  # What one backend (or MRI) did with a case: its Outcome, whether a second call returned other
  # bytes (a randomized output: PSS, PKCS#1 v1.5 type 2, OAEP, ECDSA), and the check of what it
  # returned (Fuzz::OutputCheck). Its summary is plain JSON data, so that MRI's travels.
  class Result
    attr_reader :outcome, :check
    # Whether a native engine computed the answer (its operation count grew), not stock for it.
    attr_accessor :engine_ran
    # Whether the gem turned a Java failure into a Ruby error during the call (Native.java_repairs grew).
    attr_accessor :repaired
    # Whether the backend it ran on has an EC engine (AWS-LC): without one, EC's arithmetic is stock's.
    attr_accessor :ec_engine
    # What a structure method left in the object it signed, reader by reader (StructureCalls.take_state), or nil.
    attr_accessor :state

    # The outputs checked on their own (Fuzz::OutputCheck), each by the method of its name.
    CHECKED = %i[signature ciphertext ec_signature secret].freeze

    # The block makes the call and answers its Outcome; it runs twice when randomness is probed.
    def self.of(kase, probe_randomness:, &call)
      outcome = call.call
      output = PATCHED_METHODS.fetch(kase.method).output
      return new(outcome, false, OutputCheck.key(outcome.value)) if output == :key && !outcome.raised?

      checked = CHECKED.include?(output) && !outcome.raised? && outcome.value.is_a?(String)
      randomized = checked && probe_randomness && call.call.value != outcome.value
      new(outcome, randomized, checked ? OutputCheck.public_send(output, kase, outcome.value) : nil)
    end

    # Stock's answer for a method it lacks, where a crafted key's row asks what stock did.
    def self.stock_lacks
      new(Outcome.new(nil, NoMethodError.new("stock jruby-openssl lacks the method")), false, nil)
    end

    def initialize(outcome, randomized, check)
      @outcome = outcome
      @randomized = randomized
      @check = check
    end

    def value
      outcome.value
    end

    def error
      outcome.error
    end

    # The error's message without object addresses (FrozenError's "#<OpenSSL::PKey::RSA:0x1f2e...>"),
    # so that the same error on two objects reads the same.
    def message
      outcome.message&.gsub(/(#<[\w:]+):0x\h+/, '\1')
    end

    def returned?
      !outcome.raised?
    end

    # Whether it raised (an error of that class, when given; Java exceptions are no Ruby Exception).
    def raised?(error_class = nil)
      outcome.raised? && (error_class.nil? || error.is_a?(error_class))
    end

    def java?
      outcome.java_exception?
    end

    def hang?
      raised?(Hang)
    end

    def summary
      return { "randomized" => check } if @randomized

      plain_summary
    end

    # The same as the partner's summary: the same bytes, or error class and message; where the
    # partner's output is randomized, an output that checks the same.
    def same_as?(summary)
      return returned? && value.is_a?(String) && check == summary["randomized"] if summary.key?("randomized")

      plain_summary == summary
    end

    # Whether this answer is the other's, as far as a call can repeat one: the same summary, or
    # for an output that may be randomized (a PSS signature, an OAEP ciphertext), a String that
    # checks the same (opens with the same salt, decrypts to the same bytes).
    def agrees_with?(other)
      same_as?(other.summary) || (returned? && other.returned? && value.is_a?(String) && !check.nil? && check == other.check)
    end

    # The readers whose values differ from what the other call left in its object (none: the same state).
    def state_difference(other)
      (state || {}).keys.union((other.state || {}).keys).reject { |reader| state&.dig(reader) == other.state&.dig(reader) }
    end

    # MRI's answer: its bytes, or an error of its class (messages differ between the Rubies).
    def as_mri?(summary)
      return same_as?(summary) unless summary.key?("raised")

      name = summary.fetch("raised")
      raised? && !hang? && (Object.const_defined?(name) ? error.is_a?(Object.const_get(name)) : error.class.name == name)
    end

    def to_s
      "#{outcome}#{" (randomized; checks #{check.inspect})" if @randomized}"
    end

    private

    # A new key is random: what it is (OutputCheck.key) stands for it.
    def plain_summary
      return { "raised" => error.class.name, "message" => message } if raised?
      return { "returned" => check } if value.is_a?(OpenSSL::PKey::PKey)

      { "returned" => value.is_a?(String) ? value.unpack1("H*") : value }
    end
  end
end
