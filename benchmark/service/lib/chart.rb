# frozen_string_literal: true

require_relative "../../lib/svg"

module ServiceBenchmark
  # The report's chart, a hand-written SVG: a panel per scenario, in it a group of bars per
  # connection count, a bar per configuration giving its requests/s, with its p99 latency above.
  class Chart
    include Svg

    COLORS = { "mri" => "#c62828", "stock" => "#9e9e9e", "gmp" => "#2e7d32", "aws_lc" => "#ef6c00" }.freeze
    BAR = 46
    GAP = 30
    LEFT = 70
    PLOT_HEIGHT = 240
    PANEL_HEIGHT = PLOT_HEIGHT + 90
    TOP = 100

    def initialize(results, subtitle)
      @results = results
      @subtitle = subtitle
      @scenarios = results.flat_map { |r| r[:scenarios].map { |s| s.slice(:name, :title) } }.uniq
      @connections = results.flat_map { |r| r[:scenarios].flat_map { |s| s[:cells].map { |c| c[:connections] } } }.uniq
      @top = [cells.map { |_, cell| cell[:requests_per_second] }.max.to_f, 1.0].max * 1.15
    end

    def to_svg
      panels = @scenarios.each_with_index.map { |scenario, i| panel(scenario, TOP + i * PANEL_HEIGHT) }
      page(width: [LEFT + @connections.size * group_width + 40, 900].max, height: TOP + @scenarios.size * PANEL_HEIGHT,
           left: LEFT, title: "Session service: requests/s (higher is better), p99 latency above each bar",
           subtitle: @subtitle, legend: @results.map { |result| [result[:label], COLORS.fetch(result[:name])] }, panels: panels)
    end

    private

    def panel(scenario, y)
      axis = y + 30 + PLOT_HEIGHT
      bars = @connections.each_with_index.flat_map do |connections, group|
        x = LEFT + group * group_width + GAP / 2
        label = text(x + @results.size * BAR / 2.0, axis + 18, "#{connections} connection#{'s' unless connections == 1}",
                     anchor: "middle", fill: "#555")
        [label, *@results.each_with_index.map { |result, i| bar(result, scenario[:name], connections, x + i * BAR, axis) }]
      end
      [text(LEFT, y + 16, scenario[:title], weight: "bold"),
       line(LEFT, axis, LEFT + @connections.size * group_width, axis, stroke: "#333"),
       *bars].join("\n")
    end

    def bar(result, scenario_name, connections, x, axis)
      cell = cells.find { |(name, scenario, c), _| [name, scenario, c] == [result[:name], scenario_name, connections] }&.last
      return "" unless cell

      height = (PLOT_HEIGHT * cell[:requests_per_second] / @top).round(1)
      tooltip = format("%s, %d connections: %.0f requests/s, p50 %.1f ms, p99 %.1f ms", result[:label], connections,
                       cell[:requests_per_second], cell[:p50_ms], cell[:p99_ms])
      rect(x, axis - height, BAR - 4, height, COLORS.fetch(result[:name]), tooltip: tooltip) +
        text(x + (BAR - 4) / 2.0, axis - height - 16, cell[:requests_per_second].round.to_s, size: 11, anchor: "middle") +
        text(x + (BAR - 4) / 2.0, axis - height - 4, format("%.1f ms", cell[:p99_ms]), size: 9, anchor: "middle", fill: "#555")
    end

    # [[configuration, scenario, connections], cell] for every measured cell.
    def cells
      @cells ||= @results.flat_map do |result|
        result[:scenarios].flat_map { |s| s[:cells].map { |c| [[result[:name], s[:name], c[:connections]], c] } }
      end
    end

    def group_width
      @results.size * BAR + GAP
    end
  end
end
