# frozen_string_literal: true

require "json"

module Suites
  # What one Run left: the examples run, the failing ones (id => Failure), the engine's answer
  # counts, or the problem that kept the suite from reporting at all (a timeout, a load error).
  class Result
    Failure = Struct.new(:description, :message)
    MESSAGE_LIMIT = 1000
    REASON_LINES = 3

    attr_reader :examples, :skipped, :failures, :engine, :problem, :seconds, :log_path

    def self.read(status:, seconds:, results_path:, engine_path:, log_path:, framework:)
      results = File.exist?(results_path) ? JSON.parse(File.read(results_path)) : nil
      engine = File.exist?(engine_path) ? JSON.parse(File.read(engine_path)) : nil
      new(seconds: seconds, log_path: log_path, engine: engine,
          **(framework == :rspec ? from_rspec(results) : from_minitest(results)))
        .tap { |result| result.explain(status) }
    end

    def self.from_rspec(json)
      return {} unless json

      failed = json.fetch("examples").select { |example| example["status"] == "failed" }
      { examples: json.dig("summary", "example_count"), skipped: json.dig("summary", "pending_count"),
        outside: json.dig("summary", "errors_outside_of_examples_count").to_i.positive? ? json["messages"] : nil,
        failures: failed.to_h { |example| [example["id"], Failure.new(example["full_description"], rspec_message(example))] } }
    end

    def self.rspec_message(example)
      exception = example["exception"] || {}
      "#{exception['class']}: #{exception['message']}"[0, MESSAGE_LIMIT]
    end

    def self.from_minitest(json)
      return {} unless json

      { examples: json["examples"], skipped: json["skipped"],
        failures: json["failures"].to_h { |failure| [failure["id"], Failure.new(failure["description"], failure["message"])] } }
    end

    def initialize(seconds:, log_path:, engine:, examples: nil, skipped: nil, failures: nil, outside: nil)
      @seconds = seconds
      @log_path = log_path
      @engine = engine
      @examples = examples
      @skipped = skipped
      @failures = failures
      @outside = outside
    end

    # Sets the problem when the suite did not report its examples.
    def explain(status)
      @problem =
        if status == :timeout then "timed out"
        elsif @outside then "errors outside examples: #{outside_reason}"
        elsif @failures.nil? then "no results (exit #{status.exitstatus || status.termsig}): #{log_reason}"
        elsif @examples.to_i.zero? then "no examples ran"
        end
    end

    def ran? = @problem.nil?

    # Patched method => calls the engine answered, for the methods it answered at least once.
    def engine_answered
      calls = engine&.dig("stats", "calls") || {}
      calls.to_h { |method, counts| [method, counts["engine"].to_i] }.select { |_, count| count.positive? }
    end

    def backend_ran = engine&.fetch("backend", nil)

    private

    # RSpec's first load error: the file, the line that failed and the exception, not the backtrace.
    def outside_reason
      text = @outside.join("\n")
      [text[/An error occurred while loading \S+/], text[/Failure\/Error: .*/], text[/^\w+(::\w+)*(Error|Exception):\n.*$/]]
        .compact.map(&:strip).join(" ")[0, MESSAGE_LIMIT]
    end

    # The log's first lines that name an exception, or its last lines.
    def log_reason
      lines = File.exist?(log_path) ? File.readlines(log_path, chomp: true).reject { |line| line.strip.empty? } : []
      named = lines.grep(/\b[A-Z]\w*(Error|Exception)\b/)
      (named.empty? ? lines.last(REASON_LINES) : named.first(REASON_LINES)).join(" | ")[0, MESSAGE_LIMIT]
    end
  end
end
