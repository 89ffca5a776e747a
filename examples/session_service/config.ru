# frozen_string_literal: true

# Boots as a Rails app does: Bundler sets up the Gemfile's gems and requires each of them, so on
# JRuby the Gemfile line is all it takes for fast-rsa-engine to run the RSA signing.
#   SESSION_KEY_FILE=key.pem bundle exec puma -C config/puma.rb
require "bundler/setup"
Bundler.require
require_relative "lib/session_service"

# The benchmark's probe: off unless asked for.
if ENV["SESSION_SERVICE_TIMING"] == "1"
  require_relative "lib/request_timing"
  use RequestTiming
end

ec_key_file = ENV.fetch("SESSION_EC_KEY_FILE", "")
run SessionService.new(OpenSSL::PKey::RSA.new(File.read(ENV.fetch("SESSION_KEY_FILE"))),
                       ec_key_file.empty? ? nil : OpenSSL::PKey::EC.new(File.read(ec_key_file)))
