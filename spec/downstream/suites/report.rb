# frozen_string_literal: true

module Suites
  # The Comparisons as markdown: one table row per library and JRuby line (doc/downstream.md's
  # table takes it), then each difference exactly, the flaky ones apart, the suites that cannot
  # run on JRuby with the reason, and what each definition leaves out.
  class Report
    MESSAGE_LIMIT = 300
    def initialize(comparisons, backends:, definitions:, missing:)
      @comparisons = comparisons
      @backends = backends
      @definitions = definitions
      @missing = missing
    end

    def to_markdown
      [table, differences_section("Differences (replayed)", :differences), differences_section("Flaky (did not replay)", :flaky),
       cannot_run_section, notes_section].compact.join("\n")
    end

    private

    def table
      header = ["Library", "Version", "Framework", "JRuby", "Examples", "Failing on off",
                *@backends.map { |backend| "#{backend} vs off" }, "Engine answered (#{@backends.first})"]
      rows = @comparisons.map { |comparison| row(comparison) }
      [markdown_row(header), markdown_row(header.map { "---" }), *rows.map { |row| markdown_row(row) }, ""].join("\n")
    end

    def row(comparison)
      off = comparison.off
      definition = comparison.definition
      lead = [definition.name, comparison.version, definition.framework, comparison.line]
      return lead + ["cannot run: see below", "", *@backends.map { "" }, ""] unless off.ran?

      lead + [off.examples, off.failures.size, *@backends.map { |backend| outcome_cell(comparison.outcomes[backend]) },
              answered_cell(comparison.outcomes[@backends.first])]
    end

    def outcome_cell(outcome)
      return "not run" unless outcome

      regressions, fixes = outcome.differences.partition(&:regression?)
      cell = regressions.empty? ? "none" : "#{regressions.size} fail only with the gem"
      cell = "#{cell}; #{fixes.size} pass only with the gem" unless fixes.empty?
      outcome.flaky.empty? ? cell : "#{cell} (#{outcome.flaky.size} flaky)"
    end

    def answered_cell(outcome)
      return "" unless outcome
      return "never reached the engine (backend: #{outcome.result.backend_ran || 'unknown'})" if outcome.result.engine_answered.empty?

      outcome.result.engine_answered.map { |method, count| "#{method} #{count}" }.join(", ")
    end

    def differences_section(title, kind)
      items = @comparisons.flat_map do |comparison|
        comparison.outcomes.flat_map do |backend, outcome|
          outcome.public_send(kind).map { |difference| difference_item(comparison, backend, difference) }
        end
      end
      return nil if items.empty?

      ["### #{title}", "", *items, ""].join("\n")
    end

    def difference_item(comparison, backend, difference)
      side = difference.regression? ? "fails only with the gem" : "passes only with the gem"
      "- #{comparison.definition.name} #{comparison.version}, JRuby #{comparison.line}, #{backend} (#{side}): " \
        "#{difference.description} (`#{difference.id}`)\n  - off: #{message(difference.off_message)}\n" \
        "  - #{backend}: #{message(difference.backend_message)}"
    end

    # A failure's message without the backtrace RSpec appends to an unexpected exception.
    def message(text)
      text ? "`#{text.sub(/ with backtrace:.*/m, '').gsub(/\s+/, ' ').gsub('`', "'")[0, MESSAGE_LIMIT]}`" : "passes"
    end

    def cannot_run_section
      items = @comparisons.reject { |comparison| comparison.off.ran? }.map do |comparison|
        "- #{comparison.definition.name} #{comparison.version}, JRuby #{comparison.line}: #{comparison.off.problem} " \
          "(log: #{comparison.off.log_path})"
      end
      items.empty? ? nil : ["### Cannot run on JRuby, even with off", "", *items, ""].join("\n")
    end

    def notes_section
      items = @definitions.flat_map { |definition| definition.notes.map { |note| "- #{definition.name}: #{note}" } }
      items += @missing.map { |name| "- #{name}: no sources in the directory given, not run" }
      items.empty? ? nil : ["### Not run", "", *items, ""].join("\n")
    end

    def markdown_row(cells) = "| #{cells.join(' | ')} |"
  end
end
