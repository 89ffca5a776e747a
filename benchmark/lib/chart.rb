# frozen_string_literal: true

require "cgi"
require_relative "results"

# The report's chart, a hand-written SVG: one panel per thread count, in each a group of bars per
# operation and key size, one bar per runtime giving its ops/s as a ratio to MRI; a dashed line at
# 1.0 stands for MRI. Hovering over a bar shows its ops/s.
class Chart
  COLORS = { "stock" => "#9e9e9e", "gmp" => "#2e7d32", "aws_lc" => "#ef6c00", "square" => "#6a1b9a" }.freeze
  SPARE_COLORS = %w[#1565c0 #c62828 #00838f #ad1457].freeze
  BAR = 22 # pixels per bar, 3 of them blank
  GAP = 20 # between groups
  LEFT = 60
  TOP = 100
  PLOT_HEIGHT = 260
  PANEL_HEIGHT = PLOT_HEIGHT + 110
  MIN_WIDTH = 1000

  def initialize(results, options, subtitle:, baseline:)
    @results = results
    @subtitle = subtitle
    @threads = options[:threads]
    @series = results.keys - [baseline]
    @columns = options[:ops].product(options[:sizes]).select { |op, bits| measured?(op, bits) }
    @top = scale_top
  end

  def to_svg
    width = [plot_right + 90, MIN_WIDTH].max
    height = TOP + @threads.size * PANEL_HEIGHT
    panels = @threads.each_with_index.map { |threads, i| panel(threads, TOP + i * PANEL_HEIGHT) }
    <<~SVG
      <svg xmlns="http://www.w3.org/2000/svg" width="#{width}" height="#{height}" font-family="sans-serif">
      <rect width="100%" height="100%" fill="white"/>
      #{titles}
      #{legend}
      #{panels.join("\n")}
      </svg>
    SVG
  end

  private

  def titles
    text(LEFT, 30, "RSA operations per second relative to MRI (higher is faster)", size: 18, weight: "bold") +
      text(LEFT, 52, @subtitle, fill: "#555")
  end

  # Swatches in a row, each as wide as its label (about 7 pixels a character).
  def legend
    x = LEFT
    @series.map do |key|
      label = @results.label(key)
      item = %(<rect x="#{x}" y="66" width="14" height="14" fill="#{color(key)}"/>) + text(x + 20, 78, label)
      x += 40 + label.length * 7
      item
    end.join
  end

  def panel(threads, y)
    plot_top = y + 30
    title = threads == 1 ? "1 thread" : "#{threads} threads, sharing one key (MRI's GVL runs one at a time)"
    [text(LEFT, y + 16, title, weight: "bold"), grid(plot_top), bars(threads, plot_top),
     baseline(plot_top), size_labels(plot_top + PLOT_HEIGHT), op_labels(plot_top + PLOT_HEIGHT)].join("\n")
  end

  def grid(plot_top)
    ticks.map do |value|
      y = value_y(plot_top, value)
      line(LEFT, y, plot_right, y, stroke: "#e0e0e0") +
        text(LEFT - 8, y + 4, "#{value.round(2).to_s.delete_suffix('.0')}x", anchor: "end", fill: "#555")
    end.join
  end

  def bars(threads, plot_top)
    @columns.each_with_index.flat_map do |(op, bits), column|
      @series.each_with_index.map do |key, i|
        bar(key, Results::Cell.new(op, bits, threads), group_x(column) + i * BAR, plot_top)
      end
    end.join
  end

  def bar(key, cell, x, plot_top)
    ratio = @results.ratio(key, cell)
    return "" unless ratio

    y = value_y(plot_top, ratio)
    tooltip = format("%s, %s %d bits, %d thread(s): %.0f ops/s, %.2fx MRI",
                     @results.label(key), cell.op, cell.bits, cell.threads, @results.ops_per_sec(key, cell), ratio)
    %(<rect x="#{x}" y="#{y}" width="#{BAR - 3}" height="#{plot_top + PLOT_HEIGHT - y}" fill="#{color(key)}">) +
      "<title>#{escape(tooltip)}</title></rect>" +
      text(x + (BAR - 3) / 2.0, y - 4, format("%.2f", ratio), size: 9, anchor: "middle")
  end

  def baseline(plot_top)
    y = value_y(plot_top, 1.0)
    line(LEFT, y, plot_right, y, stroke: "#c62828", "stroke-width": 1.5, "stroke-dasharray": "6 4") +
      text(plot_right + 6, y + 4, "MRI = 1.0", fill: "#c62828")
  end

  def size_labels(axis_y)
    labels = @columns.each_with_index.map do |(_op, bits), column|
      text(group_x(column) + @series.size * BAR / 2.0, axis_y + 18, bits.to_s, anchor: "middle", fill: "#555")
    end
    line(LEFT, axis_y, plot_right, axis_y, stroke: "#333") + labels.join
  end

  # Each operation's name under its groups, and a thin line between operations.
  def op_labels(axis_y)
    @columns.each_with_index.chunk_while { |(a, _), (b, _)| a.first == b.first }.map do |group|
      op = group.first.first.first
      first, last = group.first.last, group.last.last
      middle = (group_x(first) + group_x(last) + @series.size * BAR) / 2.0
      edge = group_x(first) - GAP / 2.0
      divider = first.zero? ? "" : line(edge, axis_y - PLOT_HEIGHT, edge, axis_y + 44, stroke: "#bbb")
      divider + text(middle, axis_y + 40, op, anchor: "middle", weight: "bold")
    end.join
  end

  def measured?(op, bits)
    @series.any? { |key| @threads.any? { |threads| @results.ratio(key, Results::Cell.new(op, bits, threads)) } }
  end

  # The top of the ratio axis: the largest ratio with room for its label, rounded up to a tick.
  def scale_top
    ratios = @series.product(@results.cells).filter_map { |key, cell| @results.ratio(key, cell) }
    highest = [*ratios, 1.0].max * 1.1
    (highest / tick_step(highest)).ceil * tick_step(highest)
  end

  def tick_step(top)
    return 0.25 if top <= 2
    return 0.5 if top <= 5

    1.0
  end

  def ticks
    step = tick_step(@top)
    (0..(@top / step).round).map { |i| i * step }
  end

  def plot_right
    LEFT + @columns.size * group_width
  end

  def group_width
    @series.size * BAR + GAP
  end

  def group_x(column)
    LEFT + column * group_width + GAP / 2.0
  end

  def value_y(plot_top, value)
    (plot_top + PLOT_HEIGHT * (1 - value / @top)).round(1)
  end

  def color(key)
    COLORS.fetch(key) { SPARE_COLORS[@series.index(key) % SPARE_COLORS.size] }
  end

  def line(x1, y1, x2, y2, **style)
    attributes = style.map { |name, value| %(#{name}="#{value}") }.join(" ")
    %(<line x1="#{x1}" y1="#{y1}" x2="#{x2}" y2="#{y2}" #{attributes}/>)
  end

  def text(x, y, content, size: 12, anchor: "start", weight: "normal", fill: "#222")
    %(<text x="#{x}" y="#{y}" font-size="#{size}" text-anchor="#{anchor}" font-weight="#{weight}" fill="#{fill}">) +
      "#{escape(content)}</text>"
  end

  def escape(content)
    CGI.escapeHTML(content.to_s)
  end
end
