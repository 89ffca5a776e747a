# frozen_string_literal: true

require "etc"
require "time"

# The machine and the software versions behind a benchmark run, from /proc/cpuinfo and from
# what each runner process reported about itself.
module Machine
  module_function

  def describe(results)
    runtimes = results.keys.map { |key| results.runtime(key) }
    mri = runtimes.reject { |runtime| runtime["jruby"] }
    { cpu: cpu_model, cores: Etc.nprocessors, kernel: Etc.uname.values_at(:sysname, :release, :machine).join(" "),
      date: Time.now.utc.iso8601, mri: values(mri, "ruby"), openssl: values(mri, "openssl"),
      jruby: values(runtimes, "jruby"), jruby_openssl: values(runtimes, "jruby_openssl"),
      java: values(runtimes, "java"), java_vendor: values(runtimes, "java_vendor") }
  end

  def values(runtimes, name)
    runtimes.filter_map { |runtime| runtime[name] }.uniq
  end

  # One line for titles: "AMD EPYC, 2 cores, 2025-11-21 · MRI 3.1.2 + OpenSSL 3.0.19 · JRuby 10.1.1.0 on Java 25.0.3".
  def summary(machine)
    parts = ["#{machine[:cpu]}, #{machine[:cores]} cores, #{machine[:date][0, 10]}"]
    parts << "MRI #{word(machine[:mri], 1)} + OpenSSL #{word(machine[:openssl], 1)}" unless machine[:mri].empty?
    parts << "JRuby #{machine[:jruby].join('/')} on Java #{machine[:java].join('/')}" unless machine[:jruby].empty?
    parts.join(" · ")
  end

  # Word `index` of each description ("ruby 3.1.2p20 (2022-04-12...)", 1: "3.1.2p20"), joined with "/".
  def word(descriptions, index)
    descriptions.map { |d| d.split[index] }.join("/")
  end

  def cpu_model
    line = File.foreach("/proc/cpuinfo").find { |l| l.start_with?("model name") }
    line ? line.split(":", 2).last.strip : "unknown CPU"
  rescue Errno::ENOENT
    "unknown CPU"
  end
end
