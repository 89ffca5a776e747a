# frozen_string_literal: true

require "fileutils"

# bin/benchmark --readme: puts the report's table and chart into README.md, in place of whatever
# stands between its <!-- benchmark:start --> and <!-- benchmark:end --> markers, and keeps the
# chart beside it as doc/benchmark.svg (text, so it can be committed).
module Readme
  PATH = File.expand_path("../../README.md", __dir__)
  CHART = File.expand_path("../../doc/benchmark.svg", __dir__)
  SECTION = /(<!-- benchmark:start -->\n).*?(<!-- benchmark:end -->)/m.freeze

  module_function

  def update(text, chart_path, command)
    readme = File.read(PATH)
    raise "#{PATH} has no <!-- benchmark:start --> ... <!-- benchmark:end --> section" unless readme.match?(SECTION)

    FileUtils.mkdir_p(File.dirname(CHART))
    FileUtils.cp(chart_path, CHART)
    section = "![RSA operations per second, relative to MRI](doc/benchmark.svg)\n\n" \
              "`#{command}` printed:\n\n#{text}\n"
    File.write(PATH, readme.sub(SECTION) { "#{Regexp.last_match(1)}#{section}#{Regexp.last_match(2)}" })
  end
end
