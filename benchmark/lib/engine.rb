# frozen_string_literal: true

require_relative "rsa_operations"
require_relative "square_rsa"

# Which RSA code a benchmark process runs, by name: "none" leaves fast-rsa-engine unloaded (MRI, or
# stock JRuby); "square" is the anchor, Square's bouncycastle-rsa; any other name is a backend of
# fast-rsa-engine, loaded from this checkout's lib/ (or a baseline's) and checked by the gem itself,
# which raises when the backend is unknown or cannot run here.
module Engine
  LIB = File.expand_path("../../lib", __dir__)

  module_function

  # Loads the engine; answers the class whose .new(key) gives that engine's operations.
  def load(name, lib = LIB)
    return RsaOperations if name == "none"
    return SquareRsa.tap(&:load_jars) if name == "square"

    $LOAD_PATH.unshift(lib)
    require "fast-rsa-engine"
    FastRsaEngine.backend = name
    RsaOperations
  end
end
