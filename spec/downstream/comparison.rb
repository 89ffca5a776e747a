# frozen_string_literal: true

require "json"
require_relative "../fuzz/documented_differences"

module Downstream
  # Where a configuration's transcript departs from the reference's (FAST_RSA_ENGINE=off): per
  # library, its status, every step's outcome in order, and both directions of the cross
  # verification of randomized outputs, each of which must give what the verifying configuration's
  # reference gave for its own output. Two differences DIFFERENCES.md makes on purpose pass: where
  # stock leaks a Java exception the gem raises a Ruby error (java-exception), and where stock's
  # error speaks Java the gem keeps its class with MRI's words (java-words). Pure Ruby over parsed
  # JSON: MRI runs it, and so does its spec.
  class Comparison
    Difference = Struct.new(:library, :step, :expected, :actual, keyword_init: true) do
      def key = [library, step]
    end

    def initialize(reference, candidate)
      @reference = reference
      @candidate = candidate
    end

    def differences
      names = (@reference["libraries"].keys + @candidate["libraries"].keys).uniq
      names.flat_map { |name| library_differences(name) }
    end

    private

    def library_differences(name)
      expected = @reference["libraries"].fetch(name, {})
      actual = @candidate["libraries"].fetch(name, {})
      status = [expected.values_at("status", "reason"), actual.values_at("status", "reason")]
      return [Difference.new(library: name, step: "(status)", expected: status[0].compact.join(": "), actual: status[1].compact.join(": "))] if status[0] != status[1]
      return [] unless expected["status"] == "ran"

      step_differences(name, expected["steps"], actual["steps"], "") +
        cross_differences(name, expected, actual.dig("cross", @reference["config"]), "#{@candidate['config']} verifies #{@reference['config']}'s output") +
        cross_differences(name, expected, expected.dig("cross", @candidate["config"]), "#{@reference['config']} verifies #{@candidate['config']}'s output")
    end

    # Steps pair by position: a step missing on one side shows as a difference of names too.
    def step_differences(library, expected_steps, actual_steps, suffix)
      Array.new([expected_steps.size, actual_steps.size].max) do |i|
        want = expected_steps[i]
        got = actual_steps[i]
        next if want && got && want["name"] == got["name"] && same_outcome?(want["outcome"], got["outcome"])

        Difference.new(library: library, step: "#{(want || got)['name']}#{suffix}",
                       expected: want && describe(want), actual: got && describe(got))
      end.compact
    end

    # A verification of the other configuration's outputs, against the reference's verification
    # of its own: the randomized steps of `expected`, paired by name, so that a step with an output
    # on one side only (an error on the other) is one difference and the steps after it still
    # pair. A missing cross pass is a difference.
    def cross_differences(library, expected, cross, label)
      randomized = expected["steps"].select { |step| step.key?("output") }
      return [] if randomized.empty?
      return [Difference.new(library: library, step: "(#{label})", expected: "#{randomized.size} verifications", actual: "none")] if cross.nil?

      wanted = randomized.to_h { |step| [step["name"], step.slice("name", "outcome")] }
      got = cross.to_h { |step| [step["name"], step] }
      names = (wanted.keys + got.keys).uniq
      step_differences(library, names.map { |name| wanted[name] }, names.map { |name| got[name] }, " (#{label})")
    end

    def same_outcome?(want, got)
      return true if want == got
      return false unless want.key?("error") && got.key?("error")

      want["error"].start_with?("Java::") ||
        (want["error"] == got["error"] && want["message"].match?(Fuzz::DocumentedDifferences::JAVA_WORDS))
    end

    def describe(step)
      outcome = step["outcome"]
      text = outcome.key?("error") ? "#{outcome['error']}: #{outcome['message']}" : JSON.generate(outcome["value"])
      "#{step['name']} => #{text}"
    end
  end
end
