# frozen_string_literal: true

require_relative "results"

# The report's one table, in Markdown: a row per runtime and thread count, a column per
# operation and key size, each cell "ops/s (ratio to MRI)".
module Table
  module_function

  def render(results, options)
    columns = options[:ops].product(options[:sizes])
    header = ["runtime", "threads", *columns.map { |op, bits| "#{op} #{bits}" }]
    body = options[:threads].product(results.keys).map do |threads, key|
      [results.label(key), threads.to_s, *columns.map { |op, bits| cell(results, key, Results::Cell.new(op, bits, threads)) }]
    end
    markdown([header, *body])
  end

  def cell(results, key, cell)
    value = results.ops_per_sec(key, cell)
    return "-" unless value

    ratio = results.ratio(key, cell)
    ratio ? format("%d (%.2fx)", value.round, ratio) : value.round.to_s
  end

  # The first two columns are text, left-aligned; the figures are right-aligned.
  def markdown(table)
    widths = table.transpose.map { |column| column.map(&:length).max }
    lines = table.map do |row|
      texts = row.each_with_index.map { |text, i| i < 2 ? text.ljust(widths[i]) : text.rjust(widths[i]) }
      "| #{texts.join(' | ')} |"
    end
    rule = widths.each_with_index.map { |width, i| i < 2 ? "-" * (width + 2) : "#{'-' * (width + 1)}:" }
    [lines.first, "|#{rule.join('|')}|", *lines.drop(1)].join("\n")
  end
end
