# frozen_string_literal: true

# Stand-in for Bundler, for a helper that calls Bundler.require(:default, :test): the Gemfile's
# development gems are not here, so Bundler would stop at resolving them. What Bundler.require
# would have loaded of the library itself, its definition names (`requires`).
module Bundler
  def self.require(*_groups) = nil
end
