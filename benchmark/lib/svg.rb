# frozen_string_literal: true

require "cgi"

# The SVG elements both charts draw with (lib/chart.rb's bars, lib/ratio_chart.rb's dots).
module Svg
  module_function

  def text(x, y, content, size: 12, anchor: "start", weight: "normal", fill: "#222")
    %(<text x="#{x}" y="#{y}" font-size="#{size}" text-anchor="#{anchor}" font-weight="#{weight}" ) +
      %(fill="#{fill}">#{CGI.escapeHTML(content.to_s)}</text>)
  end

  def line(x1, y1, x2, y2, color, width: 1)
    %(<line x1="#{x1}" y1="#{y1}" x2="#{x2}" y2="#{y2}" stroke="#{color}"#{%( stroke-width="#{width}") if width != 1}/>)
  end

  def page(width, height)
    %(<svg xmlns="http://www.w3.org/2000/svg" width="#{width}" height="#{height}" font-family="sans-serif">\n) +
      %(<rect width="100%" height="100%" fill="white"/>)
  end
end
