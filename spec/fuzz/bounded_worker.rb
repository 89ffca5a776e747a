# frozen_string_literal: true

module Fuzz
  # One thread that makes calls, each waited for at most a time bound (a thread per call costs
  # more than the RSA operation). A call that does not finish leaves the worker stuck: Java code
  # cannot be stopped from Ruby, so the thread spins on; the caller abandons it and takes a new one.
  class BoundedWorker
    def initialize
      @jobs = Queue.new
      @mutex = Mutex.new
      @finished = ConditionVariable.new
      @thread = Thread.new do
        @os_thread = File.readlink("/proc/thread-self")[%r{/task/(\d+)\z}, 1]&.to_i if File.exist?("/proc/thread-self")
        loop { serve(*@jobs.pop) }
      end
    end

    # On Linux the stuck thread gets the lowest priority (nice 19), so that it spins only on
    # CPU time nobody else wants, on a machine others share.
    def abandon
      Process.setpriority(Process::PRIO_PROCESS, @os_thread, 19) if @os_thread
    end

    # The call's Outcome, or nil when it did not finish within timeout seconds.
    def call(timeout, &job)
      answer = []
      deadline = now + timeout
      @mutex.synchronize do
        @jobs << [job, answer]
        while answer.empty? && (remaining = deadline - now).positive?
          @finished.wait(@mutex, remaining)
        end
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
