# frozen_string_literal: true

require_relative "svg"

# Both benchmarks' chart, hand-written SVG: a title, a legend, then panels one under another, each
# a row of groups with a bar per series and its texts above it, on a grid.
class Chart
  include Svg

  COLORS = %w[#9e9e9e #ef6c00 #2e7d32 #6a1b9a #1565c0 #c62828 #00838f].freeze # by series
  LEFT = 70
  TOP = 100
  PLOT = 250 # pixels; a panel adds its title and its groups' labels
  PANEL = PLOT + 80
  GAP = 20 # between groups

  # series: the bars' labels, in the order of each group's values; panels: title => groups, each
  # [label, values], a value per series: nil (no bar) or [height, [texts above, bottom last]];
  # bar: pixels a bar, 3 of them blank; unit: after the grid's figures.
  def initialize(title:, subtitle:, series:, panels:, bar: 22, unit: "")
    @title, @subtitle, @series, @panels, @bar, @unit = title, subtitle, series, panels, bar, unit
  end

  def to_svg
    highest = [*@panels.values.flatten(1).flat_map { |_, values| values.compact.map(&:first) }, 1e-9].max * 1.15
    # The grid's spacing: 1, 2 or 5 times a power of ten, four or five lines.
    power = 10.0**Math.log10(highest / 4).floor
    @step = [1, 2, 5, 10].map { |factor| factor * power }.find { |step| step >= highest / 4 }
    @top = (highest / @step).ceil * @step
    @group = @series.size * @bar + GAP
    width = [LEFT + @panels.values.map(&:size).max.to_i * @group + 100, 900].max
    x = LEFT
    legend = @series.each_with_index.map do |label, i|
      (rect(x, 66, 14, 14, i) + text(x + 20, 78, label)).tap { x += 40 + label.length * 7 }
    end
    [page(width, TOP + @panels.size * PANEL),
     text(LEFT, 30, @title, size: 17, weight: "bold"), text(LEFT, 52, @subtitle, fill: "#555"), *legend,
     *@panels.each_with_index.map { |(title, groups), i| draw_panel(title, groups, TOP + i * PANEL) },
     "</svg>\n"].join("\n")
  end

  private

  def draw_panel(title, groups, y)
    axis = y + 30 + PLOT
    right = LEFT + groups.size * @group
    at = ->(value) { (axis - PLOT * value / @top).round(1) }
    svg = [text(LEFT, y + 16, title, weight: "bold")]
    (0..(@top / @step).round).each do |i|
      svg << line(LEFT, at.(i * @step), right, at.(i * @step), "#e0e0e0")
      svg << text(LEFT - 8, at.(i * @step) + 4, format("%g%s", i * @step, @unit), anchor: "end", fill: "#555")
    end
    svg << line(LEFT, axis, right, axis, "#333")
    groups.each_with_index do |(label, values), group|
      x = LEFT + group * @group + GAP / 2.0
      svg << text(x + @series.size * @bar / 2.0, axis + 18, label, anchor: "middle", fill: "#555")
      values.each_with_index do |(height, texts), i|
        next unless height

        svg << rect(x + i * @bar, at.(height), @bar - 3, (axis - at.(height)).round(1), i)
        # The texts stack upwards from the bar's top, the last (in 9 points) right above it.
        texts.reverse.each_with_index do |content, row|
          svg << text(x + i * @bar + (@bar - 3) / 2.0, at.(height) - 4 - row * 12, content,
                      size: row.zero? ? 9 : 11, anchor: "middle")
        end
      end
    end
    svg.join("\n")
  end

  def rect(x, y, width, height, series)
    %(<rect x="#{x}" y="#{y}" width="#{width}" height="#{height}" fill="#{COLORS[series % COLORS.size]}"/>)
  end
end
