# frozen_string_literal: true

module FastRsaEngine
  # What FastRsaEngine.split= takes on every Ruby: :auto or :off, as a Symbol or a String.
  module SplitSetting
    NAMES = %w[auto off].freeze

    # The setting's name; ArgumentError for anything else.
    def self.check(setting)
      name = setting.to_s
      raise ArgumentError, "unknown split setting #{setting.inspect}: expected :auto or :off" unless NAMES.include?(name)

      name
    end
  end
end
