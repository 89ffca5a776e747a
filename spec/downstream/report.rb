# frozen_string_literal: true

require "open3"
require_relative "harness"

module Downstream
  # What bin/downstream prints: per JRuby line a table (library, Debian version, steps, the patched
  # methods the engine answered on each backend, result), then every difference in full, replayed
  # ones (which fail the run) apart from flaky ones (which do not), crashed drivers and failed
  # processes. A library whose engine column is empty never reached the engine.
  class Report
    SHOWN = 400

    def initialize(results)
      @results = results
    end

    def failed?
      @results.any? { |r| r.failures.any? || r.replayed.values.any?(&:any?) || crashes(r).any? }
    end

    def text
      @results.map { |result| line_text(result) }.join("\n")
    end

    private

    def line_text(result)
      return "## JRuby #{result.line}: not run\n#{result.failures.map { |f| "- #{f}" }.join("\n")}\n" if result.failures.any?

      rows = result.reference["libraries"].map { |name, entry| row(result, name, entry) }
      header = ["library", "Debian version", "steps", *result.backends.map { |b| "engine methods reached (#{b})" }, "result"]
      table = [header, header.map { "---" }, *rows].map { |cells| "| #{cells.join(' | ')} |" }
      ["## JRuby #{result.line}: off against #{result.backends.join(' and ')}", "", *table, "",
       *details("replayed differences (fail the run)", result.replayed),
       *details("flaky differences (did not replay; do not fail the run)", result.flaky),
       *crashes(result).map { |config, name, entry| "crashed: #{name} on #{config}: #{entry['reason']}\n  #{entry['backtrace']&.join("\n  ")}" }].join("\n")
    end

    def row(result, name, entry)
      engines = result.backends.map do |backend|
        methods = result.transcripts[result.config(backend)]["libraries"].dig(name, "engine") || {}
        methods.empty? ? "none" : methods.map { |method, count| "#{method} #{count}" }.join(", ")
      end
      steps = entry["status"] == "ran" ? entry["steps"].size.to_s : "-"
      [name, debian_version(name), steps, *engines, verdict(result, name, entry)]
    end

    def verdict(result, name, entry)
      return "cannot load on JRuby #{result.line}: #{entry['reason']}" if entry["status"] == "unavailable"
      return "driver crashed" if crashes(result).any? { |_, crashed, _| crashed == name }

      counts = { "replayed" => result.replayed, "flaky" => result.flaky }.filter_map do |kind, by_backend|
        found = by_backend.flat_map { |backend, diffs| diffs.select { |d| d.library == name }.map { backend } }
        "#{found.size} #{kind} (#{found.tally.map { |b, n| "#{b} #{n}" }.join(', ')})" if found.any?
      end
      counts.empty? ? "same as off" : counts.join("; ")
    end

    def details(title, by_backend)
      found = by_backend.flat_map { |backend, diffs| diffs.map { |d| [backend, d] } }
      return [] if found.empty?

      ["### #{title}", *found.map { |backend, d| difference_text(backend, d) }, ""]
    end

    # Long outcomes (a certificate's DER) are shown from a little before where they part.
    def difference_text(backend, difference)
      expected = difference.expected.to_s
      actual = difference.actual.to_s
      from = [(0...[expected.size, actual.size].min).find { |i| expected[i] != actual[i] } || 0, 0].max
      from = from > SHOWN / 2 ? from - 40 : 0
      "- #{difference.library}, #{difference.step} (#{backend})#{" (from character #{from})" if from.positive?}:\n" \
        "    off: #{shorten(expected[from..])}\n    #{backend}: #{shorten(actual[from..])}"
    end

    # [config, library, entry] of every driver that crashed, in any configuration.
    def crashes(result)
      result.transcripts.flat_map do |config, transcript|
        transcript["libraries"].select { |_, entry| entry["status"] == "crashed" }.map { |name, entry| [config, name, entry] }
      end
    end

    def shorten(text)
      text.size <= SHOWN ? text.inspect : "#{text[0, SHOWN].inspect}... (#{text.size - SHOWN} more characters)"
    end

    def debian_version(name)
      package = Downstream::LIBRARIES.fetch(name).package
      version, status = Open3.capture2("dpkg-query", "-W", "-f", "${Version}", package)
      status.success? ? "#{package} #{version}" : "#{package} (not installed)"
    end
  end
end
