# frozen_string_literal: true

require "cgi"

# What both hand-written charts (bin/benchmark's and the service benchmark's) draw with: the page
# (title, subtitle, a legend of swatches, then the panels) and its elements.
module Svg
  module_function

  # legend: [label, color] pairs, in a row at the top.
  def page(width:, height:, left:, title:, subtitle:, legend:, panels:)
    <<~SVG
      <svg xmlns="http://www.w3.org/2000/svg" width="#{width}" height="#{height}" font-family="sans-serif">
      <rect width="100%" height="100%" fill="white"/>
      #{text(left, 30, title, size: 17, weight: 'bold')}
      #{text(left, 52, subtitle, fill: '#555')}
      #{swatches(left, legend)}
      #{panels.join("\n")}
      </svg>
    SVG
  end

  # Each swatch as wide as its label (about 7 pixels a character).
  def swatches(x, legend)
    legend.map do |label, color|
      swatch = rect(x, 66, 14, 14, color) + text(x + 20, 78, label)
      x += 40 + label.length * 7
      swatch
    end.join
  end

  def line(x1, y1, x2, y2, **style)
    attributes = style.map { |name, value| %(#{name}="#{value}") }.join(" ")
    %(<line x1="#{x1}" y1="#{y1}" x2="#{x2}" y2="#{y2}" #{attributes}/>)
  end

  # tooltip: shown when the pointer rests on the rectangle.
  def rect(x, y, width, height, color, tooltip: nil)
    shape = %(<rect x="#{x}" y="#{y}" width="#{width}" height="#{height}" fill="#{color}")
    tooltip ? "#{shape}><title>#{CGI.escapeHTML(tooltip)}</title></rect>" : "#{shape}/>"
  end

  def text(x, y, content, size: 12, anchor: "start", weight: "normal", fill: "#222")
    %(<text x="#{x}" y="#{y}" font-size="#{size}" text-anchor="#{anchor}" font-weight="#{weight}" fill="#{fill}">) +
      "#{CGI.escapeHTML(content.to_s)}</text>"
  end
end
