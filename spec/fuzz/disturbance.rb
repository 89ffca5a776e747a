# frozen_string_literal: true

module Fuzz
  # The concurrency mode: what another thread does while a call runs. It switches
  # FastRsaEngine.backend between the backend under test and :stock, or calls set_key with the
  # key's own numbers on the very receiver of the call. Neither may change the answer: the call
  # must give what it gives undisturbed, with the backend or with stock (it may read the backend
  # before or after a switch, not half of each). JRuby only; MRI answers the call alone.
  class Disturbance
    KINDS = { "switch_backend" => "switches FastRsaEngine.backend to :stock and back",
              "set_key" => "calls set_key with the key's own numbers" }.freeze

    # Runs the block (the call) with the disturbing thread beside it; the thread has stopped, and
    # the backend is the one under test again, when this returns.
    def self.during(kind, backend, receiver)
      disturbance = new(kind, backend, receiver)
      thread = Thread.new { disturbance.run }
      yield
    ensure
      disturbance&.stop
      thread&.join
    end

    def initialize(kind, backend, receiver)
      @kind = KINDS.key?(kind) ? kind : raise(ArgumentError, "unknown disturbance #{kind.inspect}")
      @backend = backend
      @receiver = receiver
      @stop = Queue.new
    end

    def run
      @kind == "switch_backend" ? switch_backend : set_key
    end

    def stop
      @stop << true
    end

    private

    def running?
      @stop.empty?
    end

    def switch_backend
      while running?
        FastRsaEngine.backend = :stock
        Thread.pass
        FastRsaEngine.backend = @backend
      end
    end

    # A frozen receiver refuses set_key (FrozenError), and so does a key without these numbers:
    # then there is nothing to disturb.
    def set_key
      n, e, d = @receiver.n, @receiver.e, @receiver.d
      @receiver.set_key(n, e, d) while running?
    rescue StandardError
      nil
    end
  end
end
