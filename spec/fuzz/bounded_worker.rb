# frozen_string_literal: true

module Fuzz
  # One thread that makes calls, each waited for until it returns or its CallBound says it is stuck
  # (a thread per call costs more than the RSA operation). The bound reads the CPU time of this
  # thread, from the JVM. A stuck call leaves the worker stuck: Java code cannot be stopped from
  # Ruby, so the thread spins on; the caller abandons it and takes a new one.
  class BoundedWorker
    # What a call did (nil when it did not finish), and the seconds it took: its thread's CPU
    # time, and the wall time the caller waited.
    Answer = Struct.new(:outcome, :cpu, :wall) do
      def stuck?
        outcome.nil?
      end
    end

    # How often a waiting caller looks at the call's CPU time.
    POLL_SECONDS = 0.05

    def initialize
      @jobs = Queue.new
      @mutex = Mutex.new
      @finished = ConditionVariable.new
      started = Queue.new
      @thread = Thread.new do
        @os_thread = File.readlink("/proc/thread-self")[%r{/task/(\d+)\z}, 1]&.to_i if File.exist?("/proc/thread-self")
        @java_thread = java.lang.Thread.currentThread.getId
        started << true
        loop { serve(*@jobs.pop) }
      end
      started.pop
    end

    # On Linux the stuck thread gets the lowest priority (nice 19), so that it spins only on
    # CPU time nobody else wants, on a machine others share.
    def abandon
      Process.setpriority(Process::PRIO_PROCESS, @os_thread, 19) if @os_thread
    end

    # The call's Answer, its outcome nil when the bound gave up on it.
    def call(bound, &job)
      answer = []
      started = now
      cpu_before = cpu_time
      @mutex.synchronize do
        @jobs << [job, answer]
        @finished.wait(@mutex, POLL_SECONDS) while answer.empty? && !bound.exceeded?(now - started, cpu_time - cpu_before)
      end
      wall = now - started
      answer.first&.tap { |done| done.wall = wall } || Answer.new(nil, cpu_time - cpu_before, wall)
    end

    private

    def serve(job, answer)
      cpu_before = cpu_time
      outcome = Outcome.of(&job)
      cpu = cpu_time - cpu_before
      @mutex.synchronize do
        answer << Answer.new(outcome, cpu, nil)
        @finished.signal
      end
    end

    # This worker thread's CPU time in seconds (the JVM counts it per thread, in nanoseconds).
    def cpu_time
      java.lang.management.ManagementFactory.getThreadMXBean.getThreadCpuTime(@java_thread) / 1e9
    end

    def now
      Process.clock_gettime(Process::CLOCK_MONOTONIC)
    end
  end
end
