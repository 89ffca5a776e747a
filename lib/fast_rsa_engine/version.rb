# frozen_string_literal: true

module FastRsaEngine
  VERSION = "0.3.0"
end
