# frozen_string_literal: true

require "openssl"
require_relative "rsa_operations"
require_relative "square_rsa"

# Which RSA code a benchmark process runs. `none` leaves fast-rsa-engine unloaded; auto, stock,
# gmp and aws_lc load it from this checkout's lib/ with FAST_RSA_ENGINE set; `square` is the
# anchor, Square's bouncycastle-rsa driven directly (see square_rsa.rb).
module Engine
  NAMES = %w[none auto stock gmp aws_lc square].freeze
  NATIVE_BACKENDS = %w[gmp aws_lc].freeze

  # A backend asked for that cannot run here: the message says why.
  class Unavailable < StandardError; end

  module_function

  # The engine asked for on the command line, else FAST_RSA_ENGINE, else auto.
  def default
    ENV.fetch("FAST_RSA_ENGINE", "auto")
  end

  def load(name)
    raise ArgumentError, "unknown engine #{name.inspect}: expected one of #{NAMES.join(', ')}" unless NAMES.include?(name)

    case name
    when "none" then nil
    when "square" then load_square
    else load_gem(name)
    end
  end

  def load_square
    raise Unavailable, "square (Square's bouncycastle-rsa) runs on JRuby only" unless RUBY_ENGINE == "jruby"

    SquareRsa.load_jars
  end

  # On JRuby, fast-rsa-engine warns and falls back when the backend asked for cannot run; here that
  # is an error. On MRI the gem changes nothing, whatever the backend asked for.
  def load_gem(backend)
    ENV["FAST_RSA_ENGINE"] = backend
    $LOAD_PATH.unshift(File.expand_path("../../lib", __dir__))
    require "fast-rsa-engine"
    running = FastRsaEngine.backend.to_s
    return if RUBY_ENGINE != "jruby" || running == backend || !NATIVE_BACKENDS.include?(backend)

    raise Unavailable, "#{backend} cannot run here (fast-rsa-engine runs #{running})"
  end

  def operations(name, key)
    name == "square" ? SquareRsa.new(key) : RsaOperations.new(key)
  end
end
