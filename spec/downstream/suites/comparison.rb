# frozen_string_literal: true

require_relative "run"
require_relative "result"

module Suites
  # One library's suite on one JRuby line: a run with FAST_RSA_ENGINE=off (stock exactly), then one
  # per backend, each backend's set of failing examples compared with off's. A difference is run
  # again (off and the backend, each whole suite once more, as order and shared state matter in a
  # suite): one that comes back is a difference, one that does not is flaky.
  class Comparison
    # An example that fails on one side only; a message is nil where the example passed. For a
    # backend on which the suite reported nothing at all, the id is SUITE.
    Difference = Struct.new(:id, :description, :off_message, :backend_message) do
      def key = [id, off_message.nil?]

      # Fails with the gem where it passes on stock: what the run fails on. The other way (stock
      # fails, the gem passes) is the gem answering as MRI where stock leaks a Java exception or
      # departs from MRI (DIFFERENCES.md): listed, for a reader to match with its row.
      def regression? = off_message.nil?
    end
    SUITE = "(the whole suite)"

    # What one backend gave: its first run, the differences that replayed, and the flaky ones.
    Outcome = Struct.new(:result, :differences, :flaky)

    attr_reader :definition, :line, :version, :off, :outcomes

    def initialize(definition:, source_dir:, line:, backends:, work_root:, version:, debian_rubylib:)
      @definition = definition
      @source_dir = source_dir
      @line = line
      @backends = backends
      @work_root = work_root
      @version = version
      @debian_rubylib = debian_rubylib
      @outcomes = {}
    end

    def run
      @off = run_of("off")
      @backends.each { |backend| @outcomes[backend] = compare(backend) } if @off.ran?
      self
    end

    def regressions? = @outcomes.values.any? { |outcome| outcome.differences.any?(&:regression?) }

    private

    def compare(backend)
      first = run_of(backend)
      found = differences(@off, first)
      return Outcome.new(first, [], []) if found.empty?

      again = differences(off_again, run_of(backend, "again"))
      replayed_keys = found.map(&:key) & again.map(&:key)
      replayed, flaky = (found + again).uniq(&:key).partition { |difference| replayed_keys.include?(difference.key) }
      Outcome.new(first, replayed, flaky)
    end

    def off_again
      @off_again ||= run_of("off", "again")
    end

    def differences(off, other)
      return [Difference.new(SUITE, "did not report", nil, other.problem)] unless other.ran?

      ids = (off.failures.keys | other.failures.keys) - (off.failures.keys & other.failures.keys)
      ids.map do |id|
        failure = off.failures[id] || other.failures[id]
        Difference.new(id, failure.description, off.failures[id]&.message, other.failures[id]&.message)
      end
    end

    def run_of(backend, attempt = "first")
      label = "#{definition.name} on JRuby #{line}, FAST_RSA_ENGINE=#{backend}#{attempt == 'first' ? '' : ' (again)'}"
      warn "==> #{label}"
      run = Run.new(definition: definition, source_dir: @source_dir, line: line, backend: backend,
                    work_dir: File.join(@work_root, line, definition.name, "#{backend}-#{attempt}"),
                    debian_rubylib: @debian_rubylib)
      run.result.tap { |result| warn "    #{summary(result)} (#{result.seconds.round}s, log #{result.log_path})" }
    end

    def summary(result)
      return "did not report: #{result.problem}" unless result.ran?

      "#{result.examples} examples, #{result.failures.size} failing; engine answered: #{result.engine_answered.inspect}"
    end
  end
end
