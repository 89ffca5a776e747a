# frozen_string_literal: true

# Runs a minitest suite: requires the test files given, then minitest/autorun runs them at exit.
# The suites were written for minitest 5 (their gemspecs say so; JRuby 10.1 bundles minitest 6,
# which mocha 1.x does not support), so 5 is activated from Debian's gems first. Only the results
# plugin is loaded: Minitest.load_plugins would also load every installed minitest's plugins,
# minitest 6's among them, into this minitest 5.
gem "minitest", "~> 5.0"
require "minitest"
require "minitest/suite_results_plugin"
Minitest.extensions << "suite_results"
require "minitest/autorun"

files = ARGV.dup
ARGV.clear # what is left in ARGV are minitest's options
files.each { |file| require File.expand_path(file) }
