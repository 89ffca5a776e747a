# frozen_string_literal: true

module FastRsaEngine
  # A backend asked for by name cannot run here; the message says why.
  class UnavailableBackendError < StandardError; end
end
