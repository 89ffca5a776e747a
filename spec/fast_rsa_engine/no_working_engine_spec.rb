# frozen_string_literal: true

require "fileutils"
require "json"
require "open3"
require "rbconfig"
require "tmpdir"

# Machines where the engine cannot run: the gem's lib/ without its runtime jars, without its
# extension jar, and one where the start-up check fails with a Java LinkageError (as a JRuby
# upgrade that removed a method would), each in a JRuby of its own. Requiring must not break the
# app: one warning, the patch not applied, stock jruby-openssl; :auto lands on :stock; asking for
# a backend by name raises a clear error.
RSpec.describe "Without a working engine", jruby: true do
  script = <<~'RUBY'
    require "json"
    if ARGV[0] == "linkage_error"
      require "fast_rsa_engine/startup_check"
      FastRsaEngine::StartupCheck.define_singleton_method(:run) { raise java.lang.NoSuchMethodError.new("simulated upgrade") }
    end
    require "fast-rsa-engine"
    key = OpenSSL::PKey::RSA.new(1024)
    FastRsaEngine.backend = :auto
    error = begin
      FastRsaEngine.backend = :gmp
      nil
    rescue FastRsaEngine::UnavailableBackendError => e
      e.message
    end
    puts JSON.generate("backend" => FastRsaEngine.backend, "available" => FastRsaEngine.available_backends,
                       "patched" => OpenSSL::PKey::RSA.ancestors.any? { |mod| mod.name.to_s.start_with?("FastRsaEngine") },
                       "verifies" => key.verify("SHA256", key.sign("SHA256", "x"), "x"), "error" => error)
  RUBY

  scenarios = {
    "no runtime jars" => [["jars"], "", /gmp.*jar/],
    "no extension jar" => [["fast_rsa_engine.jar"], "", /fast_rsa_engine\.jar|extension/],
    "a LinkageError in the start-up check" => [[], "linkage_error", /simulated upgrade/]
  }

  before(:context) do
    @dir = Dir.mktmpdir("fast-rsa-engine-broken")
    threads = scenarios.to_h do |name, (removed, mode, _)|
      lib = File.join(@dir, name.tr(" ", "_"), "lib")
      FileUtils.mkdir_p(File.dirname(lib))
      FileUtils.cp_r(File.expand_path("../../lib", __dir__), lib)
      removed.each { |path| FileUtils.rm_rf(File.join(lib, "fast_rsa_engine", path)) }
      command = [*StockJRuby::BRIEF, "-I", lib, "-e", script, mode]
      [name, Thread.new { Open3.capture3({ "FAST_RSA_ENGINE" => nil }, *command) }]
    end
    @runs = threads.transform_values(&:value)
  end

  after(:context) { FileUtils.rm_rf(@dir) }

  scenarios.each do |name, (_, _, reason)|
    context "with #{name}" do
      let(:run) { @runs.fetch(name) }
      let(:report) { JSON.parse(run[0]) }

      it "requires without raising, warns exactly once, leaves OpenSSL::PKey::RSA unpatched and stock running" do
        stdout, stderr, status = run
        expect(status).to be_success, stderr
        expect(stderr.lines.size).to eq(1), stderr
        expect(stderr).to include("RSA stays with stock jruby-openssl")
        expect(JSON.parse(stdout)).to include("backend" => "stock", "available" => ["stock"], "patched" => false, "verifies" => true)
      end

      it "raises FastRsaEngine::UnavailableBackendError, saying why, for a backend asked for by name; :auto is :stock" do
        expect(report["error"]).to match(reason)
      end
    end
  end
end
