# frozen_string_literal: true

module Fuzz
  # One thread that makes calls, each waited for at most a time bound (a thread per call costs
  # more than the RSA operation). A call that does not finish leaves the worker stuck: Java code
  # cannot be stopped from Ruby, so the thread spins on, and the caller takes a new worker.
  class BoundedWorker
    def initialize
      @jobs = Queue.new
      @mutex = Mutex.new
      @finished = ConditionVariable.new
      @thread = Thread.new { loop { serve(*@jobs.pop) } }
    end

    # The call's Outcome, or nil when it did not finish within timeout seconds.
    def call(timeout, &job)
      answer = []
      @mutex.synchronize do
        @jobs << [job, answer]
        deadline = now + timeout
        @finished.wait(@mutex, deadline - now) while answer.empty? && now < deadline
      end
      answer.first
    end

    private

    def serve(job, answer)
      outcome = Outcome.of(&job)
      @mutex.synchronize do
        answer << outcome
        @finished.signal
      end
    end

    def now
      Process.clock_gettime(Process::CLOCK_MONOTONIC)
    end
  end
end
