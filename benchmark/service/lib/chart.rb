# frozen_string_literal: true

require "cgi"

module ServiceBenchmark
  # The report's chart, a hand-written SVG: a panel per scenario, in it a group of bars per
  # connection count, a bar per configuration giving its requests/s, with its p99 latency above.
  class Chart
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
      width = [LEFT + @connections.size * group_width + 40, 900].max
      panels = @scenarios.each_with_index.map { |scenario, i| panel(scenario, TOP + i * PANEL_HEIGHT) }
      <<~SVG
        <svg xmlns="http://www.w3.org/2000/svg" width="#{width}" height="#{TOP + @scenarios.size * PANEL_HEIGHT}" font-family="sans-serif">
        <rect width="100%" height="100%" fill="white"/>
        #{text(LEFT, 30, 'Session service: requests/s (higher is better), p99 latency above each bar', size: 17, weight: 'bold')}
        #{text(LEFT, 52, @subtitle, fill: '#555')}
        #{legend}
        #{panels.join("\n")}
        </svg>
      SVG
    end

    private

    def legend
      x = LEFT
      @results.map do |result|
        item = %(<rect x="#{x}" y="66" width="14" height="14" fill="#{COLORS.fetch(result[:name])}"/>) + text(x + 20, 78, result[:label])
        x += 50 + result[:label].length * 7
        item
      end.join
    end

    def panel(scenario, y)
      axis = y + 30 + PLOT_HEIGHT
      bars = @connections.each_with_index.flat_map do |connections, group|
        x = LEFT + group * group_width + GAP / 2
        label = text(x + @results.size * BAR / 2.0, axis + 18, "#{connections} connection#{'s' unless connections == 1}",
                     anchor: "middle", fill: "#555")
        [label, *@results.each_with_index.map { |result, i| bar(result, scenario[:name], connections, x + i * BAR, axis) }]
      end
      [text(LEFT, y + 16, scenario[:title], weight: "bold"),
       %(<line x1="#{LEFT}" y1="#{axis}" x2="#{LEFT + @connections.size * group_width}" y2="#{axis}" stroke="#333"/>),
       *bars].join("\n")
    end

    def bar(result, scenario_name, connections, x, axis)
      cell = cells.find { |(name, scenario, c), _| [name, scenario, c] == [result[:name], scenario_name, connections] }&.last
      return "" unless cell

      height = (PLOT_HEIGHT * cell[:requests_per_second] / @top).round(1)
      tooltip = format("%s, %d connections: %.0f requests/s, p50 %.1f ms, p99 %.1f ms", result[:label], connections,
                       cell[:requests_per_second], cell[:p50_ms], cell[:p99_ms])
      %(<rect x="#{x}" y="#{axis - height}" width="#{BAR - 4}" height="#{height}" fill="#{COLORS.fetch(result[:name])}">) +
        "<title>#{escape(tooltip)}</title></rect>" +
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

    def text(x, y, content, size: 12, anchor: "start", weight: "normal", fill: "#222")
      %(<text x="#{x}" y="#{y}" font-size="#{size}" text-anchor="#{anchor}" font-weight="#{weight}" fill="#{fill}">) +
        "#{escape(content)}</text>"
    end

    def escape(content)
      CGI.escapeHTML(content.to_s)
    end
  end
end
