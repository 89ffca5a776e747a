# frozen_string_literal: true

# One configuration's JRuby process (spec/downstream/downstream.rb starts it, with the gem loaded
# by `-I lib -r fast-rsa-engine` and FAST_RSA_ENGINE naming the backend):
#   record.rb --keys DIR --config NAME --out FILE [--record] [--cross FILE]... [--library NAME]...
# --record runs every driver's steps; each --cross FILE verifies another configuration's
# randomized outputs. Writes one transcript: { "config", "libraries" => { name => {...} } }.
require "optparse"
require_relative "recorder"

options = { record: false, cross: [], libraries: [] }
OptionParser.new do |parser|
  parser.on("--keys DIR") { |v| options[:keys] = v }
  parser.on("--config NAME") { |v| options[:config] = v }
  parser.on("--out FILE") { |v| options[:out] = v }
  parser.on("--record") { options[:record] = true }
  parser.on("--cross FILE") { |v| options[:cross] << v }
  parser.on("--library NAME") { |v| options[:libraries] << v }
end.parse!

libraries = Downstream.load_libraries
libraries = libraries.slice(*options[:libraries]) unless options[:libraries].empty?
recorder = Downstream::Recorder.new(Downstream::Keys.new(options[:keys]))
others = options[:cross].map { |file| JSON.parse(File.read(file)) }

transcript = libraries.to_h do |name, library|
  started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  entry = options[:record] ? recorder.record(library) : {}
  cross = others.to_h { |other| [other["config"], recorder.cross(library, other["libraries"].fetch(name, {}))] }
  entry["cross"] = cross unless cross.empty?
  warn format("%s: %s %s (%.0f s)", options[:config], name, entry["status"] || "cross", Process.clock_gettime(Process::CLOCK_MONOTONIC) - started)
  [name, entry]
end
File.write(options[:out], JSON.pretty_generate("config" => options[:config], "libraries" => transcript))
