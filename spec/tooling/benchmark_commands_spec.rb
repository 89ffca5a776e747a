# frozen_string_literal: true

require "json"
require "open3"
require "rexml/document"
require "tmpdir"
require_relative "../../benchmark/lib/chart"

# The benchmarks' code loads and runs. bin/test does not run the benchmarks themselves, so a file
# they need that went missing would otherwise show first in a user's bin/benchmark. Figures are
# not judged here: speed is for the benchmarks to show, side by side. Pure-Ruby tooling: one_line.
RSpec.describe "The benchmark commands", one_line: true do
  root = File.expand_path("../..", __dir__)

  def run(root, *arguments)
    Open3.capture3(RbConfig.ruby, *arguments, chdir: root)
  end

  it "bin/benchmark, its one entry point, prints the options of each benchmark", mri: true do
    { [] => "usage: bin/benchmark [options]", ["--service"] => "usage: bin/benchmark --service [options]" }.each do |mode, usage|
      stdout, stderr, status = Open3.capture3(File.join(root, "bin/benchmark"), *mode, "--help")
      expect(status).to be_success, "bin/benchmark #{mode.join(' ')} --help: #{stderr}"
      expect(stdout).to start_with(usage)
      expect(stdout).to include("--tls", "--provider") if mode.empty? # TLS's rows are the main benchmark's, a profile of it
    end
  end

  it "refuses what it cannot run before it measures anything: unknown options, a baseline git cannot find", mri: true do
    { %w[benchmark/rsa.rb --ops sign,nope] => "invalid argument: --ops sign,nope",
      %w[benchmark/service.rb --configurations mri,nope] => "invalid argument: --configurations mri,nope",
      %w[benchmark/rsa.rb --baseline no-such-revision] => "--baseline no-such-revision: no such tag or commit",
      %w[benchmark/rsa.rb --from benchmark/results/latest.json --minutes 3] => "--from measures nothing: --minutes cannot apply",
      %w[benchmark/rsa.rb --from no-such-run.json] => "--from no-such-run.json: No such file" }.each do |command, message|
      _stdout, stderr, status = run(root, *command)
      expect(status.exitstatus).to eq(1), command.join(" ")
      expect(stderr).to include(message)
    end
  end

  it "a runtime's runner checks the engine, then measures each cell it is asked for, as JSON lines", jruby: true do
    Dir.mktmpdir do |keys|
      File.write(File.join(keys, "rsa-1024.pem"), OpenSSL::PKey::RSA.new(1024).to_pem)
      File.write(File.join(keys, "ec-256.pem"), OpenSSL::PKey::EC.generate("prime256v1").to_pem)
      ec_ops = Backends.old_stock? ? [] : %w[ec_sign] # jruby-openssl 0.15's OpenSSL::PKey.read reads no EC key
      settings = { engine: FastRsaEngine.backend.to_s, keys: keys, sizes: [1024], curves: ec_ops.empty? ? [] : [256],
                   ops: %w[sign verify_pss keygen] + ec_ops }
      requests = [{ warm: 0.2 }, *(%w[sign keygen].product([1024]) + ec_ops.product([256])).product([1, 2]).map do |(op, bits), threads|
        { cell: [op, bits, threads], warmup: 0.01, time: 0.05 }
      end]
      stdout, stderr, status = Open3.capture3(RbConfig.ruby, "benchmark/runner.rb", JSON.generate(settings),
                                              chdir: root, stdin_data: requests.map { |r| "#{JSON.generate(r)}\n" }.join)
      expect(status).to be_success, stderr

      ready, warmed, *rates = stdout.lines.map { |line| JSON.parse(line) }
      expect(ready.dig("runtime", "fast_rsa_engine", "backend")).to eq(FastRsaEngine.backend.to_s)
      ops = %w[sign verify_pss keygen] - (OpenSSL::PKey::RSA.method_defined?(:verify_pss) ? [] : ["verify_pss"]) # jruby-openssl 0.15 has none
      expect(ready.dig("runtime", "cells")).to include(*ops.product([1024]), *ec_ops.product([256]))
      expect(warmed).to eq("warmed" => true)
      expect(rates.size).to eq(requests.size - 1)
      expect(rates.map { |rate| rate["ops_per_sec"] }).to all(be > 0)
    end
  end

  it "the profiler prints an operation's rate and the share of its samples in each library method", jruby: true do
    stdout, stderr, status = Open3.capture3(RbConfig.ruby, "benchmark/profile.rb", "--seconds", "0.5", "--top", "5", "--bits", "1024", "verify", chdir: root)
    expect(status).to be_success, stderr
    header, *methods = stdout.lines
    expect(header).to match(/\Averify, fast-rsa-engine \w+: \d+ calls\/s, [\d.]+ µs a call; [1-9]\d* samples$/)
    expect(methods.size).to be_between(1, 5)
    expect(methods).to all(match(/\A +\d+\.\d%  (org\.jruby\.ext\.openssl|fastrsaengine|org\.bouncycastle|sun\.security|java\.security|javax\.crypto|com\.amazon|java\.math)\./))
  end

  it "the chart draws a bar per figure, in an SVG document" do
    groups = [["sign 2048", [[0.27, ["0.27"]], [1.04, ["1.04"]]]], ["verify 2048", [nil, [1.3, ["1.30"]]]]]
    chart = Chart.new(title: "t", subtitle: "s", series: %w[stock aws_lc], panels: { "1 thread" => groups }, unit: "x")
    svg = REXML::Document.new(chart.to_svg)
    bars = REXML::XPath.match(svg, "//rect[@height]").map { |rect| rect["height"] } - ["100%", "14"] # less page and legend
    expect(bars.map(&:to_f)).to all(be > 0)
    expect(bars.size).to eq(3)
    expect(REXML::XPath.match(svg, "//text").map(&:text)).to include("0.27", "1.04", "1.30")
  end

  it "the long run, run by bin/test --long, loads and prints its options", jruby: true do
    stdout, stderr, status = run(root, "--dev", "spec/long_run/long_run.rb", "--help") # --dev: a short JRuby starts faster
    expect(status).to be_success, stderr
    expect(stdout).to start_with("usage: bin/test --long")
  end
end
