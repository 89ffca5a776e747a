# frozen_string_literal: true

# A minitest plugin (run_minitest.rb names it in Minitest.extensions): writes every test's outcome
# to SUITES_RESULTS_FILE as JSON, in the shape the orchestrator reads for RSpec's JSON as well.
module Minitest
  def self.plugin_suite_results_init(_options)
    path = ENV.fetch("SUITES_RESULTS_FILE", nil)
    reporter << SuiteResults.new(path) if path
  end

  class SuiteResults < AbstractReporter
    MESSAGE_LIMIT = 1000

    def initialize(path)
      super()
      @path = path
      @examples = 0
      @skipped = 0
      @failures = []
    end

    def record(result)
      @examples += 1
      @skipped += 1 if result.skipped?
      return if result.passed? || result.skipped?

      @failures << { id: "#{result.klass}##{result.name}", description: "#{result.klass}##{result.name}",
                     message: describe(result.failure) }
    end

    def report
      require "json"
      File.write(@path, JSON.generate(examples: @examples, skipped: @skipped, failures: @failures))
    end

    private

    # An error inside a test: its class and message (the backtrace says where, not what).
    def describe(failure)
      text = failure.is_a?(UnexpectedError) ? "#{failure.error.class}: #{failure.error.message}" : failure.message
      text[0, MESSAGE_LIMIT]
    end
  end
end
