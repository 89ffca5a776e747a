# frozen_string_literal: true

require "json"
require "open3"
require "tmpdir"

# The benchmarks' code loads and runs. bin/test does not run the benchmarks themselves, so a file
# they need that went missing would otherwise show first in a user's bin/benchmark. Figures are
# not judged here: speed is for the benchmarks to show, side by side.
RSpec.describe "The benchmark commands" do
  root = File.expand_path("../..", __dir__)

  def run(root, *arguments)
    Open3.capture3(RbConfig.ruby, *arguments, chdir: root)
  end

  it "the reports of bin/benchmark and bin/service-benchmark load and print their options", mri: true do
    %w[benchmark/report.rb benchmark/service/report.rb].each do |script|
      stdout, stderr, status = run(root, script, "--help")
      expect(status).to be_success, "#{script}: #{stderr}"
      expect(stdout).to start_with("usage: bin/")
    end
  end

  it "a row's runner measures the engine and prints its figures as JSON", jruby: true do
    Dir.mktmpdir do |keys|
      File.write(File.join(keys, "rsa-1024.pem"), OpenSSL::PKey::RSA.new(1024).to_pem)
      settings = { engine: FastRsaEngine.backend.to_s, keys: keys, sizes: [1024], ops: %w[sign verify_pss keygen],
                   threads: [1, 2], warmup: 0.01, time: 0.05, jit_warmup: 0, keygen_keys: 2 }
      stdout, stderr, status = run(root, "benchmark/runner.rb", JSON.generate(settings))
      expect(status).to be_success, stderr

      output = JSON.parse(stdout.lines.last)
      expect(output.dig("runtime", "fast_rsa_engine", "backend")).to eq(FastRsaEngine.backend.to_s)
      cells = output["results"].map { |figure| figure.values_at("op", "threads") }
      ops = %w[sign verify_pss keygen] - (OpenSSL::PKey::RSA.method_defined?(:verify_pss) ? [] : ["verify_pss"]) # jruby-openssl 0.15 has none
      expect(cells).to match_array(ops.product([1, 2]))
      expect(output["results"].map { |figure| figure["ops_per_sec"] }).to all(be > 0)
    end
  end

  it "the long run loads and prints its options", jruby: true do
    stdout, stderr, status = run(root, "benchmark/long_run.rb", "--help")
    expect(status).to be_success, stderr
    expect(stdout).to start_with("usage:")
  end
end
