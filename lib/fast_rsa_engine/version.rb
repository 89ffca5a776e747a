# frozen_string_literal: true

module FastRsaEngine
  VERSION = "0.1.0"
end
