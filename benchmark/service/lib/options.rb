# frozen_string_literal: true

require "optparse"
require_relative "configuration"
require_relative "scenario"

module ServiceBenchmark
  # What bin/service-benchmark measures, and for how long.
  module Options
    DEFAULTS = { configurations: Configuration::NAMES, scenarios: %w[rs256 ps256], connections: [1, 8, 32],
                 duration: 5, warmup_round: 3, warmup_requests: 40_000, warmup_max: 120, steady: 10.0,
                 sample_every: 20 }.freeze

    module_function

    def parse(argv)
      options = DEFAULTS.dup
      OptionParser.new do |parser|
        parser.banner = "usage: bin/service-benchmark [options]"
        list(parser, options, :configurations, "--configurations LIST", Configuration::NAMES)
        list(parser, options, :scenarios, "--scenarios LIST", Scenario.names)
        parser.on("--connections LIST", Array, "wrk connections, one measurement each (default: 1,8,32)") do |v|
          options[:connections] = v.map { |item| Integer(item) }
        end
        seconds(parser, options, :duration, "--duration SECONDS", "each measurement")
        seconds(parser, options, :warmup_round, "--warmup-round SECONDS", "each warm-up round")
        seconds(parser, options, :warmup_max, "--warmup-max SECONDS", "warm-up at most, per scenario")
        parser.on("--warmup-requests N", Integer, "JRuby: requests served before the warm-up may end",
                  "(default: #{DEFAULTS[:warmup_requests]})") { |v| options[:warmup_requests] = v }
        parser.on("--steady PERCENT", Float, "warm until 3 rounds' CPU per request differ by less (default: #{DEFAULTS[:steady]})") do |v|
          options[:steady] = v
        end
        parser.on("--sample-every N", Integer, "keep every Nth token for MRI to verify (default: #{DEFAULTS[:sample_every]})") do |v|
          options[:sample_every] = v
        end
      end.parse!(argv)
      options
    rescue OptionParser::ParseError, ArgumentError => e
      abort "bin/service-benchmark: #{e.message} (--help lists the options)"
    end

    def list(parser, options, name, switch, choices)
      parser.on(switch, Array, "#{choices.join(',')} (default: #{DEFAULTS[name].join(',')})") do |v|
        unknown = v - choices
        raise OptionParser::InvalidArgument, unknown.join(",") unless unknown.empty?

        options[name] = v
      end
    end

    # Whole seconds: wrk takes no fractions.
    def seconds(parser, options, name, switch, what)
      parser.on(switch, Integer, "#{what} (default: #{DEFAULTS[name]} s)") { |v| options[name] = v }
    end
  end
end
