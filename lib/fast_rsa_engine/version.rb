# frozen_string_literal: true

module FastRsaEngine
  VERSION = "0.2.1"
end
