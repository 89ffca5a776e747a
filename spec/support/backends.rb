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

  # Whether the block's RSA operations ran in a native engine: the engine's own count of the raw
  # operations it performed grows only when it, not stock, computes.
  def engine_ran?
    before = FastRsaEngine::Native.engine_operations
    yield
    FastRsaEngine::Native.engine_operations > before
  end

  # Whether stock jruby-openssl has a method: before 0.16 (JRuby 9.4.14 and older) it has no sign_pss,
  # sign_raw or verify_pss, and sign and verify take no options.
  def stock_has?(method)
    (OpenSSL::PKey::RSA.ancestors - [FastRsaEngine::RsaPatch]).any? { |mod| mod.instance_methods(false).include?(method) }
  end

  # Whether an outcome of stock's says it lacks the call altogether (see stock_has?): then there is
  # nothing of stock's to compare with.
  def stock_lacks?(outcome)
    error = outcome.error
    (error.is_a?(NoMethodError) && error.message.include?("no superclass method")) ||
      (error.is_a?(ArgumentError) && error.message.include?("wrong number of arguments") && old_stock?)
  end

  # jruby-openssl before 0.16 (JRuby 9.4.14 and older).
  def old_stock?
    Gem::Version.new(JOpenSSL::VERSION) < Gem::Version.new("0.16")
  end

  # Runs the block with the split as `setting` (:auto or :off), every call with a core free splitting
  # (no key learning which way is faster: engines/rsa/SplitChoice.java), so that split calls can be
  # counted; then restores both.
  def splitting(setting)
    before = FastRsaEngine.split
    FastRsaEngine.split = setting
    Java::FastrsaengineEnginesRsa::Split.learn(false)
    yield
  ensure
    Java::FastrsaengineEnginesRsa::Split.learn(true)
    FastRsaEngine.split = before if before
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

# jruby-openssl 0.15 (JRuby 9.4.12 to 9.4.14) has no sign_pss, sign_raw, verify_pss or verify_raw,
# and its sign and verify take no options; the gem adds none of them there (what it added would
# have to answer every input MRI's does on every backend). An example whose description names one
# of those methods, or that is tagged `needs:` with one of them (or :sign_options), is skipped on
# such a JRuby, saying why.
module MissingMethods
  module_function

  # What jruby-openssl 0.15 lacks, for specs whose tables call several of them.
  ONE_FIFTEEN_LACKS = %i[sign_pss sign_raw verify_pss verify_raw sign_options].freeze

  def of_this_jruby
    return [] unless RUBY_ENGINE == "jruby" && defined?(FastRsaEngine::RsaMethods)

    missing = FastRsaEngine::RsaMethods.singleton_methods(false).reject { |name| OpenSSL::PKey::RSA.method_defined?(name) }
    missing << :sign_options if OpenSSL::PKey::RSA.instance_method(:sign).arity == 2 # 0.15: no options to sign and verify
    missing
  end

  def named_by(metadata)
    names = Array(metadata[:needs]).map(&:to_sym)
    names + of_this_jruby.select { |name| metadata[:full_description].match?(/\b#{name}\b/) }
  end
end

if defined?(RSpec)
  RSpec.configure do |config|
    config.before(:example) do |example|
      missing = MissingMethods.named_by(example.metadata) & MissingMethods.of_this_jruby
      skip "jruby-openssl #{JOpenSSL::VERSION} has no #{missing.join(', ')}, and the gem adds none" if missing.any?
    end
  end
end
