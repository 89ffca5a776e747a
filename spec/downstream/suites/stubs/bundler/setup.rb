# frozen_string_literal: true

# Stand-in for bundler/setup: the Gemfile names development gems that are not here (rubocop,
# coveralls...); the suite's gems come from Debian's packages through GEM_PATH instead.
