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

# One context per native backend, each example running with that backend active.
module BackendContexts
  def each_native_backend(*metadata, &block)
    Backends.native.each do |backend|
      context("with the #{backend} backend", *metadata) do
        around { |example| Backends.with(backend) { example.run } }
        class_exec(backend, &block)
      end
    end
  end
end

RSpec.configure { |config| config.extend BackendContexts } if defined?(RSpec) # bin/fuzz uses Backends without RSpec
