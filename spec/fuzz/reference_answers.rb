# frozen_string_literal: true

# Run by Fuzz::Reference, in a process of its own: under MRI (OpenSSL's answers), or under JRuby
# without the gem (stock jruby-openssl untouched, as an app without fast-rsa-engine sees it).
# Reads cases (JSON lines) from the file given, from the index given, and prints for each one
# line, the summary of what the call did, after Fuzz::Reference::MARKER (a library's own output
# on standard output, such as a blank line of jruby-openssl's, is not an answer).
#   ruby spec/fuzz/reference_answers.rb CASES.jsonl [FROM]
#   FAST_RSA_ENGINE=off bin/jruby spec/fuzz/reference_answers.rb CASES.jsonl [FROM]
abort "#{__FILE__} answers as MRI or as stock: run it without fast-rsa-engine" if defined?(FastRsaEngine)

require_relative "fuzz"
$stdout.sync = true

Fuzz::Reference.print_answers(ARGV)
