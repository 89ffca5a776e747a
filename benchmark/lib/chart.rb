# frozen_string_literal: true

require_relative "svg"

# The report's chart, a hand-written SVG: a panel per thread count, in each a group of bars per
# operation and key size, a bar per row (all but MRI's) giving its ratio to MRI, printed above it;
# a dashed line at 1.0 stands for MRI.
class Chart
  include Svg

  COLORS = %w[#9e9e9e #ef6c00 #2e7d32 #6a1b9a #1565c0 #c62828 #00838f].freeze # by row, stock first
  BAR = 22 # pixels per bar, 3 of them blank
  GAP = 20 # between groups
  LEFT = 60
  TOP = 100
  PLOT = 260 # height of a plot; a panel adds its title and axis labels
  PANEL = PLOT + 110

  # columns: [op, bits] pairs, grouped by op.
  def initialize(rows, columns, threads, subtitle)
    @rows = rows
    @columns = columns
    @threads = threads
    @subtitle = subtitle
    highest = [*rows.flat_map(&:figures).filter_map { |f| f["ratio_to_mri"] }, 1.0].max * 1.1
    @step = highest > 5 ? 1.0 : 0.5
    @top = (highest / @step).ceil * @step
  end

  def to_svg
    panels = @threads.each_with_index.map { |threads, i| panel(threads, TOP + i * PANEL) }
    legend = @rows.each_with_index.map { |row, i| [row.label, COLORS[i % COLORS.size]] }
    page(width: [LEFT + @columns.size * group_width + 90, 1000].max, height: TOP + @threads.size * PANEL, left: LEFT,
         title: "RSA operations per second relative to MRI (higher is faster)", subtitle: @subtitle,
         legend: legend, panels: panels)
  end

  private

  def panel(threads, y)
    plot = y + 30
    right = LEFT + @columns.size * group_width
    title = threads == 1 ? "1 thread" : "#{threads} threads (all but keygen on one shared key)"
    grid = (0..(@top / @step).round).map do |i|
      line(LEFT, y_of(plot, i * @step), right, y_of(plot, i * @step), stroke: "#e0e0e0") +
        text(LEFT - 8, y_of(plot, i * @step) + 4, format("%gx", i * @step), anchor: "end", fill: "#555")
    end
    [text(LEFT, y + 16, title, weight: "bold"), *grid, bars(threads, plot), axis_labels(plot + PLOT),
     line(LEFT, y_of(plot, 1.0), right, y_of(plot, 1.0), stroke: "#c62828", "stroke-dasharray": "6 4"),
     text(right + 6, y_of(plot, 1.0) + 4, "MRI = 1.0", fill: "#c62828")].join("\n")
  end

  def bars(threads, plot)
    @columns.each_with_index.flat_map do |(op, bits), column|
      @rows.each_with_index.filter_map do |row, i|
        ratio = row.figure(op, bits, threads)&.dig("ratio_to_mri") or next
        x = x_of(column) + i * BAR
        y = y_of(plot, ratio)
        rect(x, y, BAR - 3, (plot + PLOT - y).round(1), COLORS[i % COLORS.size]) +
          text(x + BAR / 2.0 - 1.5, y - 4, format("%.2f", ratio), size: 9, anchor: "middle")
      end
    end.join
  end

  # Under each group its key size; under each operation's groups its name, a thin line between.
  def axis_labels(axis)
    labels = @columns.each_with_index.map do |(op, bits), column|
      size = text(x_of(column) + @rows.size * BAR / 2.0, axis + 18, bits, anchor: "middle", fill: "#555")
      next size if column.positive? && @columns[column - 1][0] == op

      middle = x_of(column) + (@columns.count { |other, _| other == op } * group_width - GAP) / 2.0
      edge = x_of(column) - GAP / 2.0
      divider = column.zero? ? "" : line(edge, axis - PLOT, edge, axis + 44, stroke: "#bbb")
      size + divider + text(middle, axis + 40, op, anchor: "middle", weight: "bold")
    end
    line(LEFT, axis, LEFT + @columns.size * group_width, axis, stroke: "#333") + labels.join
  end

  def group_width
    @rows.size * BAR + GAP
  end

  def x_of(column)
    LEFT + column * group_width + GAP / 2.0
  end

  def y_of(plot, ratio)
    (plot + PLOT * (1 - ratio / @top)).round(1)
  end
end
