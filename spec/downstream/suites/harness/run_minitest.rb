# frozen_string_literal: true

# Runs a minitest suite: requires the test files given, then minitest/autorun runs them at exit.
# The suites were written for minitest 5 (their gemspecs say so; JRuby 10.1 bundles minitest 6,
# which mocha 1.x does not support), so 5 is activated from Debian's gems first.
# minitest/suite_results_plugin.rb, on the load path, writes the results for the orchestrator.
gem "minitest", "~> 5.0"
require "minitest/autorun"

files = ARGV.dup
ARGV.clear # what is left in ARGV are minitest's options
files.each { |file| require File.expand_path(file) }
