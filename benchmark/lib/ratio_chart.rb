# frozen_string_literal: true

require "json"
require_relative "operation_names"
require_relative "report"
require_relative "svg"

# bin/benchmark's chart, drawn from the results it writes (latest.json) and from nothing else: per
# operation, each JRuby row's rate as a multiple of MRI's, a dot at the geometric mean and a line
# across its 95% interval, on a log axis (0.5x and 2x equally far from MRI's 1x, and ECDH's 15x beside
# a verify's 1.1x both readable), MRI's line at 1x; a panel per family (RSA, EC, issuing, checking,
# TLS), one thread's figures.
class RatioChart
  include Svg

  COLORS = %w[#757575 #ef6c00 #2e7d32 #6a1b9a #1565c0 #c62828 #00838f].freeze # by series
  WIDTH = 980
  LABELS = 330 # the operations' names, right-aligned before the plot
  PLOT = (LABELS + 10..WIDTH - 70).freeze # pixels of the axis
  TOP = 96
  PANEL_TITLE = 26
  SERIES_GAP = 11 # pixels between a row's series
  ROW_GAP = 9
  TICKS = [1, 2, 5].freeze # times a power of ten

  # results: latest.json, parsed.
  def self.from_json(text)
    new(JSON.parse(text))
  end

  def initialize(results)
    @results = results
    threads = results.dig("settings", "threads")&.first || 1
    @series = results["rows"].map { |row| row["key"] } - ["mri"]
    @figures = results["figures"].select { |f| f["cell"][2] == threads && f["ratio_to_mri"] && @series.include?(f["runtime"]) }
    @cells = @figures.map { |f| f["cell"].first(2) }.uniq
  end

  # [op, bits] of every row drawn, in the panels' order.
  def cells
    panels.values.flatten(1)
  end

  def to_svg
    @axis = axis
    y = TOP
    body = panels.flat_map do |family, cells|
      drawn = [text(10, y + 17, family, size: 14, weight: "bold")]
      y += PANEL_TITLE
      drawn + cells.flat_map { |cell| draw_row(cell, y).tap { y += row_height } }
    end
    height = y + 34
    [page(WIDTH, height),
     text(10, 26, "Operations per second as a multiple of MRI's (log axis; MRI = 1x, right of it faster)", size: 16, weight: "bold"),
     text(10, 46, subtitle, size: 11, fill: "#555"), *legend, *grid(height), *body, "</svg>\n"].join("\n")
  end

  private

  def panels
    @panels ||= OperationNames::ORDER.to_h { |family| [family, @cells.select { |op, _| OperationNames.family(op) == family }] }
                                     .reject { |_, cells| cells.empty? }
  end

  def subtitle
    machine = @results["machine"].transform_keys(&:to_sym)
    labels = @results["rows"].map { |row| row.dig("runtime", "label") }.compact.uniq
    "dot: geometric mean of #{@results["rounds"].size} interleaved rounds, line: its 95% interval · " \
      "#{Report.summary(machine, *labels)}"
  end

  def legend
    x = 10
    @series.each_with_index.flat_map do |key, i|
      name = key == "stock" ? "JRuby stock" : "JRuby + #{key}"
      [%(<circle cx="#{x + 6}" cy="66" r="5" fill="#{color(i)}"/>), text(x + 16, 70, name)].tap { x += 34 + name.length * 7 }
    end
  end

  # [lowest, highest] multiple shown: a tick at or past every interval's ends and 1x.
  def axis
    ends = @figures.flat_map { |f| f["ratio_to_mri"].values_at("low", "high") } + [1.0]
    [tick_at_or_below(ends.min), tick_at_or_above(ends.max)]
  end

  def ticks
    low, high = @axis
    (Math.log10(low).floor..Math.log10(high).ceil).flat_map { |power| TICKS.map { |t| t * 10.0**power } }
                                                  .select { |t| t >= low * 0.999 && t <= high * 1.001 }
  end

  def tick_at_or_below(value)
    power = 10.0**Math.log10(value).floor
    TICKS.reverse.map { |t| t * power }.find { |t| t <= value } || power
  end

  def tick_at_or_above(value)
    power = 10.0**Math.log10(value).floor
    [*TICKS, 10].map { |t| t * power }.find { |t| t >= value }
  end

  def x(multiple)
    low, high = @axis
    (PLOT.begin + (PLOT.end - PLOT.begin) * Math.log(multiple / low) / Math.log(high / low)).round(1)
  end

  def grid(height)
    lines = ticks.flat_map do |tick|
      [line(x(tick), TOP - 8, x(tick), height - 26, "#e0e0e0"),
       text(x(tick), height - 10, format("%gx", tick), size: 11, anchor: "middle", fill: "#555")]
    end
    lines + [line(x(1), TOP - 8, x(1), height - 26, "#222", width: 2),
             text(x(1), TOP - 12, "MRI", size: 11, anchor: "middle", weight: "bold")]
  end

  def row_height
    @series.size * SERIES_GAP + ROW_GAP
  end

  def draw_row((op, bits), top)
    label = text(LABELS, top + row_height / 2.0, OperationNames.label(op, bits), anchor: "end")
    marks = @series.each_with_index.flat_map do |key, i|
      figure = @figures.find { |f| f["runtime"] == key && f["cell"].first(2) == [op, bits] } or next []
      draw_figure(figure["ratio_to_mri"], top + 6 + i * SERIES_GAP, color(i))
    end
    [label, *marks]
  end

  def draw_figure(ratio, y, color)
    mean, low, high = ratio.values_at("mean", "low", "high")
    [line(x(low), y, x(high), y, color, width: 2),
     %(<circle cx="#{x(mean)}" cy="#{y}" r="4" fill="#{color}"/>),
     text(x(high) + 5, y + 3, format("%.2fx", mean), size: 9, fill: color)]
  end

  def color(series)
    COLORS[series % COLORS.size]
  end
end
