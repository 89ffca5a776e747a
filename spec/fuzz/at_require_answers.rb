# frozen_string_literal: true

# Run by Fuzz::Reference.at_require, in a JRuby process of its own that requires fast-rsa-engine
# with the backend FAST_RSA_ENGINE names (the backend chosen at require, as an app that sets the
# variable gets it, where bin/fuzz switches FastRsaEngine.backend at run time). Reads cases (JSON
# lines) from the file given, from the index given, and prints for each one line, the summary of
# what the call did, after Fuzz::Reference::MARKER.
#   FAST_RSA_ENGINE=stock bin/jruby spec/fuzz/at_require_answers.rb CASES.jsonl [FROM]
$LOAD_PATH.unshift File.expand_path("../../lib", __dir__)
require "fast-rsa-engine"
require_relative "fuzz"
$stdout.sync = true

Fuzz::Reference.print_answers(ARGV)
