# frozen_string_literal: true

# Threads for the concurrency specs: calls made all at once, and calls made while another thread
# changes what they read (the backend, a key's numbers).
module Concurrently
  module_function

  # Runs the block in every thread at once (released together), collecting what each returns.
  def in_parallel(count)
    gate = Queue.new
    workers = Array.new(count) { |t| Thread.new { gate.pop; yield t } }
    count.times { gate << :go }
    workers.map(&:value)
  end

  # Runs the block `calls` times while `changer` runs in a loop on another thread; the failures
  # (what the block returned other than nil).
  def while_changing(calls, changer)
    stop = false
    thread = Thread.new { changer.call until stop }
    Array.new(calls) { yield }.compact
  ensure
    stop = true
    thread&.join
  end
end
