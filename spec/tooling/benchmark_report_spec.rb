# frozen_string_literal: true

require "open3"

# benchmark/benchmark.rb, the classic report the gem also installs (exe/fast-rsa-engine-benchmark;
# bin/lib/installed_gem_test.sh runs that one): run briefly under the Ruby running the specs, its
# header and Benchmark.bm's rows are checked, not its figures. Pure Ruby over OpenSSL's API, so
# one_line: JRuby 10.1 and MRI here, and the installed gem's check runs it on 9.4 too.
RSpec.describe "The classic report, benchmark/benchmark.rb", one_line: true do
  root = File.expand_path("../..", __dir__)
  labels = ClassicReport.labels
  rows = labels.map { |label| ClassicReport.row(label) }

  def report(root, *options)
    stdout, stderr, status = Open3.capture3(RbConfig.ruby, "benchmark/benchmark.rb", "--count", "3", "--bits", "1024",
                                            "--warmup", "0.05", *options, chdir: root)
    expect(status).to be_success, stderr
    stdout.lines.map(&:chomp)
  end

  def header(lines, name)
    lines.find { |line| line.start_with?("#{name}:") }&.delete_prefix("#{name}:")&.strip
  end

  it "prints the runtime, OpenSSL, the backend, the keys and the count, then a Benchmark.bm row per operation" do
    lines = report(root)
    expect(header(lines, "ruby")).to eq(RUBY_DESCRIPTION)
    expect(header(lines, "openssl")).to eq(OpenSSL::OPENSSL_LIBRARY_VERSION)
    expect(header(lines, "backend")).to start_with("#{FastRsaEngine.backend} (")
    expect(header(lines, "keys")).to match(/\ARSA-1024 and P-256, generating\.\.\. generated in #{ClassicReport::NUMBER} s\z/)
    expect(header(lines, "count")).to eq("3 calls a row")
    expect(lines).to include(/\A +user +system +total +real\z/)
    expect(lines.last(labels.size)).to match(rows)
  end

  it "--engine none leaves the gem unloaded" do
    lines = report(root, "--engine", "none")
    expect(header(lines, "backend")).to eq(RUBY_ENGINE == "jruby" ? "none (stock jruby-openssl)" : "OpenSSL (MRI)")
    expect(lines.last(labels.size)).to match(rows)
  end

  it "--engine NAME runs that backend", jruby: true do
    backend = Backends.native.last
    skip "no native backend loads here" unless backend
    lines = report(root, "--engine", backend.to_s)
    expect(header(lines, "backend")).to start_with("#{backend} (")
    expect(header(lines, "java")).to start_with(ENV_JAVA["java.version"])
    expect(header(lines, "warm-up")).to eq("each operation for 0.05 s first... done")
  end

  it "--engine NAME on MRI says the gem changes nothing there, and runs", mri: true do
    lines = report(root, "--engine", "gmp")
    expect(header(lines, "backend")).to eq("openssl (fast-rsa-engine #{FastRsaEngine::VERSION} is a no-op on MRI, so --engine gmp changes nothing)")
    expect(lines.last(labels.size)).to match(rows)
  end

  it "refuses options it cannot run, and prints its usage with --help", mri: true do
    { %w[--bits 512] => "invalid argument: --bits 512 (at least 1024)", %w[--engine nope] => "invalid argument: --engine nope" }.each do |options, message|
      _stdout, stderr, status = Open3.capture3(RbConfig.ruby, "benchmark/benchmark.rb", *options, chdir: root)
      expect(status.exitstatus).to eq(1), options.join(" ")
      expect(stderr).to include(message)
    end
    stdout, _stderr, status = Open3.capture3(RbConfig.ruby, "benchmark/benchmark.rb", "--help", chdir: root)
    expect(status).to be_success
    expect(stdout).to start_with("usage: fast-rsa-engine-benchmark [options]")
  end
end
