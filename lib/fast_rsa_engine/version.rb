# frozen_string_literal: true

module FastRsaEngine
  VERSION = "0.2.0"
end
