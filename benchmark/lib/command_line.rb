# frozen_string_literal: true

require "optparse"

# The benchmarks' options: each stored under its name by OptionParser (into:), as its block answers
# it; a bad one stops the run (exit 1) before it measures anything.
module CommandLine
  INTEGERS = ->(list) { list.map { |item| Integer(item) } } # a list option's block
  module_function

  # Answers `defaults` with the options of argv that the parser, given to the block, knows.
  def parse(command, argv, defaults, banner_note = "")
    parser = OptionParser.new("usage: #{command} [options]#{banner_note}")
    yield parser
    defaults.dup.tap { |options| parser.parse!(argv, into: options) }
  rescue OptionParser::ParseError, ArgumentError => e
    abort "#{command}: #{e.message} (--help lists the options)"
  end

  # A list option's block: the list, if each of its items is one of `choices`.
  def among(choices)
    ->(list) { (list - choices).empty? ? list : raise(OptionParser::InvalidArgument, list.join(",")) }
  end

  # A number option's block: the number, if it is at least `minimum`.
  def at_least(minimum)
    ->(value) { value >= minimum ? value : raise(OptionParser::InvalidArgument, "#{value} (at least #{minimum})") }
  end
end
