# frozen_string_literal: true

# bin/benchmark --readme: puts the report's table into README.md, in place of whatever stands
# between its <!-- benchmark:start --> and <!-- benchmark:end --> markers.
module Readme
  PATH = File.expand_path("../../README.md", __dir__)
  SECTION = /(<!-- benchmark:start -->\n).*?(<!-- benchmark:end -->)/m.freeze

  module_function

  def update(text)
    readme = File.read(PATH)
    raise "#{PATH} has no <!-- benchmark:start --> ... <!-- benchmark:end --> section" unless readme.match?(SECTION)

    File.write(PATH, readme.sub(SECTION) { "#{Regexp.last_match(1)}#{text}\n#{Regexp.last_match(2)}" })
  end
end
