# frozen_string_literal: true

require "cgi"

# Both benchmarks' chart, hand-written SVG: a title, a legend, then panels one under another, each
# a row of groups with a bar per series and its texts above it; a grid, and where given a dashed
# reference line (MRI = 1.0).
class Chart
  COLORS = %w[#9e9e9e #ef6c00 #2e7d32 #6a1b9a #1565c0 #c62828 #00838f].freeze # by series
  LEFT = 70
  TOP = 100
  PLOT = 250 # pixels; a panel adds its title and its groups' labels
  PANEL = PLOT + 80
  GAP = 20 # between groups

  # series: the bars' labels, in the order of each group's values; bar: pixels a bar, 3 of them blank;
  # unit: after the grid's figures; reference: [value, label] of the dashed line.
  def initialize(title:, subtitle:, series:, bar: 22, unit: "", reference: nil)
    @title, @subtitle, @series, @bar, @unit, @reference = title, subtitle, series, bar, unit, reference
    @panels = []
  end

  # groups: [label, values], a value per series: nil (no bar) or [height, [texts above, bottom last]].
  def panel(title, groups)
    @panels << [title, groups]
  end

  def to_svg
    heights = @panels.flat_map { |_, groups| groups.flat_map { |_, values| values.compact.map(&:first) } }
    highest = [*heights, @reference&.first.to_f, 1e-9].max * 1.15
    @step = [1, 2, 5, 10].map { |factor| factor * 10.0**Math.log10(highest / 4).floor }.find { |step| step >= highest / 4 }
    @top = (highest / @step).ceil * @step
    width = [LEFT + @panels.map { |_, groups| groups.size }.max.to_i * group_width + 100, 900].max
    legend = @series.each_with_index.inject([LEFT, ""]) do |(x, svg), (label, i)|
      [x + 40 + label.length * 7, svg + rect(x, 66, 14, 14, i) + text(x + 20, 78, label)]
    end
    [%(<svg xmlns="http://www.w3.org/2000/svg" width="#{width}" height="#{TOP + @panels.size * PANEL}" font-family="sans-serif">),
     %(<rect width="100%" height="100%" fill="white"/>), text(LEFT, 30, @title, size: 17, weight: "bold"),
     text(LEFT, 52, @subtitle, fill: "#555"), legend.last,
     *@panels.each_with_index.map { |(title, groups), i| draw_panel(title, groups, TOP + i * PANEL) }, "</svg>\n"].join("\n")
  end

  private

  def draw_panel(title, groups, y)
    axis = y + 30 + PLOT
    right = LEFT + groups.size * group_width
    grid = (0..(@top / @step).round).map do |i|
      line(LEFT, y_of(axis, i * @step), right, "#e0e0e0") +
        text(LEFT - 8, y_of(axis, i * @step) + 4, format("%g%s", i * @step, @unit), anchor: "end", fill: "#555")
    end
    bars = groups.each_with_index.map do |(label, values), group|
      x = LEFT + group * group_width + GAP / 2.0
      text(x + @series.size * @bar / 2.0, axis + 18, label, anchor: "middle", fill: "#555") +
        values.each_with_index.map { |value, i| value ? bar(x + i * @bar, axis, i, *value) : "" }.join
    end
    if @reference
      reference = line(LEFT, y_of(axis, @reference[0]), right, "#c62828", dashed: true) +
                  text(right + 6, y_of(axis, @reference[0]) + 4, @reference[1], fill: "#c62828")
    end
    [text(LEFT, y + 16, title, weight: "bold"), *grid, line(LEFT, axis, right, "#333"), *bars, reference].compact.join("\n")
  end

  # The bar's texts stack upwards from its top, the last (in 9 points) right above it.
  def bar(x, axis, series, height, texts)
    top = y_of(axis, height)
    labels = texts.reverse.each_with_index.map do |content, i|
      text(x + (@bar - 3) / 2.0, top - 4 - i * 12, content, size: i.zero? ? 9 : 11, anchor: "middle")
    end
    rect(x, top, @bar - 3, (axis - top).round(1), series) + labels.join
  end

  def group_width
    @series.size * @bar + GAP
  end

  def y_of(axis, value)
    (axis - PLOT * value / @top).round(1)
  end

  def line(x1, y, x2, color, dashed: false) # horizontal: grid, axis, reference
    %(<line x1="#{x1}" y1="#{y}" x2="#{x2}" y2="#{y}" stroke="#{color}"#{' stroke-dasharray="6 4"' if dashed}/>)
  end

  def rect(x, y, width, height, series)
    %(<rect x="#{x}" y="#{y}" width="#{width}" height="#{height}" fill="#{COLORS[series % COLORS.size]}"/>)
  end

  def text(x, y, content, size: 12, anchor: "start", weight: "normal", fill: "#222")
    %(<text x="#{x}" y="#{y}" font-size="#{size}" text-anchor="#{anchor}" font-weight="#{weight}" fill="#{fill}">) +
      "#{CGI.escapeHTML(content.to_s)}</text>"
  end
end
