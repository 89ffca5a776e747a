# frozen_string_literal: true

# The backends a JRuby spec runs against: every native backend that loads here, and :stock.
module Backends
  module_function

  def native
    RUBY_ENGINE == "jruby" ? FastRsaEngine.available_backends - [:stock] : []
  end

  # Every backend this Ruby has: the native ones and :stock on JRuby, :openssl on MRI.
  def all
    RUBY_ENGINE == "jruby" ? native + [:stock] : [:openssl]
  end

  # Runs the block with a backend active, then restores the one before.
  def with(name)
    before = FastRsaEngine.backend
    FastRsaEngine.backend = name
    yield
  ensure
    FastRsaEngine.backend = before if before
  end
end
