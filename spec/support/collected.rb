# frozen_string_literal: true

# Whether the objects behind weak references were collected: collections clear weak references at
# once; the bound only keeps a broken build from stalling a spec.
module Collected
  module_function

  def all?(references)
    200.times do
      return true if references.all? { |reference| reference.get.nil? }

      java.lang.System.gc
      sleep 0.05
    end
    references.all? { |reference| reference.get.nil? }
  end
end
