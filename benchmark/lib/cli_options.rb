# frozen_string_literal: true

require "optparse"
require_relative "engine"

# The options benchmark.rb and ips.rb share: which engine and which key. Each script adds its
# own options in the block (benchmark.rb --count, ips.rb --time and --warmup).
module CliOptions
  module_function

  def parse(argv, defaults = {})
    options = { engine: Engine.default, bits: 2048, key: nil }.merge(defaults)
    OptionParser.new do |parser|
      parser.banner = "usage: ruby #{$PROGRAM_NAME} [options]   (or bin/jruby #{$PROGRAM_NAME} [options])"
      parser.on("--engine NAME", Engine::NAMES, "#{Engine::NAMES.join(' | ')} (default: FAST_RSA_ENGINE, else auto);",
                "none: fast-rsa-engine not loaded; square: Square's bouncycastle-rsa, JRuby only") { |v| options[:engine] = v }
      parser.on("--bits N", Integer, "key size of a new key (default: #{options[:bits]})") { |v| options[:bits] = v }
      parser.on("--key FILE", "a PEM private key to use instead of a new one") { |v| options[:key] = v }
      yield parser, options if block_given?
    end.parse!(argv)
    options
  rescue OptionParser::ParseError => e
    abort "#{$PROGRAM_NAME}: #{e.message} (--help lists the options)"
  end
end
