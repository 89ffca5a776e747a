# frozen_string_literal: true

module FastRsaEngine
  VERSION = "0.4.0"
end
