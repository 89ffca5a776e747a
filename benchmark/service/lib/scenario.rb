# frozen_string_literal: true

module ServiceBenchmark
  # One kind of request wrk sends (load.lua): a new session token signed RS256 or PS256 for a new
  # user id each time, or a check of one token.
  class Scenario < Struct.new(:name, :algorithm)
    def self.all
      [new("rs256", "RS256"), new("ps256", "PS256"), new("verify", nil)]
    end

    def self.names
      all.map(&:name)
    end

    def self.fetch(name)
      all.find { |scenario| scenario.name == name } or raise ArgumentError, "unknown scenario #{name.inspect}"
    end

    def issues_tokens?
      !algorithm.nil?
    end

    def title
      issues_tokens? ? "POST /sessions #{algorithm}" : "GET /verify"
    end

    # Arguments for load.lua: what to send; where to keep every Nth token (none without `samples`),
    # or which token to check.
    def wrk_arguments(samples:, sample_every:, token:)
      return ["verify", token] unless issues_tokens?

      samples ? ["sessions", algorithm, sample_every.to_s, samples] : ["sessions", algorithm, "0", ""]
    end
  end
end
