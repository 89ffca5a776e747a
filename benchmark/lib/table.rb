# frozen_string_literal: true

# The report's table, in Markdown: a row per runtime and thread count, a column per operation
# and key size, each cell "ops/s (ratio to MRI)", or "-" where that runtime has no figure.
module Table
  module_function

  def render(rows, columns, threads)
    header = ["runtime", "threads", *columns.map { |op, bits| "#{op} #{bits}" }]
    body = threads.product(rows).map do |count, row|
      [row.label, count.to_s, *columns.map { |op, bits| cell(row.figure(op, bits, count)) }]
    end
    markdown([header, *body])
  end

  # Slow operations (keygen) keep three significant digits: 5.28, 0.532.
  def cell(figure)
    return "-" unless figure

    value = figure["ops_per_sec"]
    text = format("%.#{(2 - Math.log10(value).floor).clamp(0, 4)}f", value)
    figure["ratio_to_mri"] ? format("%s (%.2fx)", text, figure["ratio_to_mri"]) : text
  end

  # One figure over another of the same cell, "1.012x"; "-" where either is missing.
  def ratio(figure, base)
    figure && base ? format("%.3fx", figure["ops_per_sec"] / base["ops_per_sec"]) : "-"
  end

  # The first text_columns columns are left-aligned; the figures after them are right-aligned.
  def markdown(table, text_columns = 2)
    widths = table.transpose.map { |column| column.map(&:length).max }
    lines = table.map do |cells|
      texts = cells.each_with_index.map { |text, i| i < text_columns ? text.ljust(widths[i]) : text.rjust(widths[i]) }
      "| #{texts.join(' | ')} |"
    end
    rule = widths.each_with_index.map { |width, i| i < text_columns ? "-" * (width + 2) : "#{'-' * (width + 1)}:" }
    [lines.first, "|#{rule.join('|')}|", *lines.drop(1)].join("\n")
  end
end
