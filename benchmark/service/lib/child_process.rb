# frozen_string_literal: true

require "etc"
require_relative "../../lib/clock"

module ServiceBenchmark
  # A process the benchmark starts: in a process group of its own (so a stop reaches its children,
  # such as Puma's workers), its output in a log file. #stop ends the whole group: TERM, then KILL.
  class ChildProcess
    GRACE = 15 # seconds between TERM and KILL

    attr_reader :log

    def initialize(command, log:, env: {}, chdir: Dir.pwd)
      @log = log
      @pid = Process.spawn(env, *command, chdir: chdir, pgroup: true, in: File::NULL, %i[out err] => [log, "w"])
    end

    def alive?
      return false if @status

      @status = Process.wait2(@pid, Process::WNOHANG)&.last
      @status.nil?
    end

    # Waits for the process to end on its own; answers its Process::Status.
    def wait
      @status ||= Process.wait2(@pid).last
    end

    def stop
      signal("TERM")
      deadline = Clock.now + GRACE
      sleep 0.1 while alive? && Clock.now < deadline
      signal("KILL") # whatever of the group is left
      wait
    end

    # CPU seconds (user and system) the process group has used so far, all its processes alike:
    # Puma's master and workers on MRI, the JVM with its JIT and GC threads on JRuby.
    def cpu_seconds
      ticks = Dir.glob("/proc/[0-9]*/stat").sum do |stat|
        fields = File.read(stat).split(")").last.split # after "pid (command)", which may hold spaces
        fields[2].to_i == @pid ? fields[11].to_i + fields[12].to_i : 0 # pgrp; utime, stime
      rescue Errno::ENOENT, Errno::ESRCH
        0 # a process that ended while we read
      end
      ticks.to_f / Etc.sysconf(Etc::SC_CLK_TCK)
    end

    def log_tail(lines = 20)
      File.readlines(log).last(lines).join
    end

    private

    def signal(name)
      Process.kill(name, -@pid)
    rescue Errno::ESRCH
      nil # the group is gone already
    end
  end
end
