# frozen_string_literal: true

require "etc"
require "time"

# The machine a benchmark ran on, for its results and its titles.
module Machine
  module_function

  def describe
    { cpu: cpu, cores: Etc.nprocessors, date: Time.now.utc.iso8601,
      kernel: Etc.uname.values_at(:sysname, :release, :machine).join(" ") }
  end

  def cpu
    File.foreach("/proc/cpuinfo").find { |line| line.start_with?("model name") }&.split(":", 2)&.last&.strip || "unknown CPU"
  end
end
