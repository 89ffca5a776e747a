# frozen_string_literal: true

# Run by Fuzz::MriReference under MRI: reads cases (JSON lines) from the file given, from the
# index given, and prints for each one line, the summary of what MRI's OpenSSL did.
#   ruby spec/fuzz/mri_answers.rb CASES.jsonl [FROM]
abort "#{__FILE__} answers as MRI: run it with MRI's ruby" unless RUBY_ENGINE == "ruby"

require_relative "fuzz"
$stdout.sync = true

File.foreach(ARGV.fetch(0)).drop(Integer(ARGV.fetch(1, "0"))).each do |line|
  kase = Fuzz::Case.from_json(line)
  result = Fuzz::Result.of(kase, probe_randomness: true) { Outcome.of { kase.call } }
  puts JSON.generate(result.summary)
end
