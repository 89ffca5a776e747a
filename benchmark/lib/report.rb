# frozen_string_literal: true

require "etc"
require "fileutils"
require "json"
require "time"

# What both benchmarks write: Markdown tables, the machine they ran on, and their results
# (latest.json, latest.svg) in a folder of benchmark/results; and the benchmark sections of README.md
# and doc/benchmarks.md.
module Report
  RESULTS = File.expand_path("../results", __dir__)
  README = File.expand_path("../../README.md", __dir__)

  module_function

  def machine
    { cpu: File.read("/proc/cpuinfo")[/^model name\s*:\s*(.+)$/, 1] || "unknown CPU", cores: Etc.nprocessors,
      date: Time.now.utc.iso8601, kernel: Etc.uname.values_at(:sysname, :release, :machine).join(" "),
      load_average: File.read("/proc/loadavg").split.first.to_f }
  end

  # "AMD EPYC, 2 cores, 2026-11-21 · MRI 3.1.2p20 + OpenSSL 3.0.19": the machine, then what else counts
  def summary(machine, *more)
    ["#{machine[:cpu]}, #{machine[:cores]} cores, #{machine[:date][0, 10]}", *more].join(" · ")
  end

  # The first text_columns columns are left-aligned; the figures after them are right-aligned.
  def markdown(table, text_columns = 2)
    widths = table.transpose.map { |column| column.map(&:length).max }
    align = proc { |text, i| i < text_columns ? text.ljust(widths[i]) : text.rjust(widths[i]) }
    lines = table.map { |cells| "| #{cells.each_with_index.map(&align).join(' | ')} |" }
    rule = widths.each_with_index.map { |w, i| i < text_columns ? "-" * (w + 2) : "#{'-' * (w + 1)}:" }
    [lines.first, "|#{rule.join('|')}|", *lines.drop(1)].join("\n")
  end

  # Prints the report; writes the results and the chart into `folder`; answers the folder.
  def write(folder, text, results, chart)
    folder = File.expand_path(folder, RESULTS)
    FileUtils.mkdir_p(folder)
    File.write(File.join(folder, "latest.json"), JSON.pretty_generate(results))
    File.write(File.join(folder, "latest.svg"), chart.to_svg)
    puts text
    warn "==> wrote #{folder}/latest.json and latest.svg"
    folder
  end

  # Puts `section` between the <!-- benchmark:start --> and <!-- benchmark:end --> markers of `path`
  # (README.md's short table, doc/benchmarks.md's every figure), leaving the text around them as it is.
  def update_section(path, section)
    text = File.read(path)
    found = text.sub!(/(<!-- benchmark:start -->\n).*?(<!-- benchmark:end -->)/m) { "#{$1}#{section}#{$2}" }
    raise "#{path} has no <!-- benchmark:start --> ... <!-- benchmark:end --> section" unless found

    File.write(path, text)
    warn "==> wrote #{path}"
  end
end
