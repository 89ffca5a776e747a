# frozen_string_literal: true

require "json"
require "jwt"

module ServiceBenchmark
  # Verifies, under MRI (ruby-jwt on MRI's OpenSSL), the tokens sampled from a server's responses
  # under load: each must be a JWT signed with the expected algorithm by the service's key, with
  # its claims complete and in date. Counts the good and the bad, and keeps the first failures.
  class TokenCheck
    CLAIMS = %w[sub iat exp jti].freeze

    def initialize(public_key)
      raise "tokens must be verified by MRI, not #{RUBY_ENGINE}" unless RUBY_ENGINE == "ruby"

      @public_key = public_key
    end

    # files: the sample files of one scenario, one response body a line.
    def check(files, algorithm)
      counts = { sampled: 0, verified: 0, bad: 0, failures: [] }
      files.each do |file|
        File.foreach(file) { |line| count(counts, line, algorithm) }
      end
      counts
    end

    private

    def count(counts, line, algorithm)
      counts[:sampled] += 1
      verify(JSON.parse(line).fetch("token"), algorithm)
      counts[:verified] += 1
    rescue JWT::DecodeError, JSON::ParserError, KeyError => e
      counts[:bad] += 1
      counts[:failures] << "#{e.class}: #{e.message}" if counts[:failures].size < 5
    end

    def verify(token, algorithm)
      claims, = JWT.decode(token, @public_key, true, algorithm: algorithm)
      missing = CLAIMS - claims.keys
      raise JWT::DecodeError, "claims missing: #{missing.join(', ')}" unless missing.empty?
    end
  end
end
