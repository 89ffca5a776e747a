# frozen_string_literal: true

require "fileutils"
require "json"
require "open3"
require "rbconfig"
require "tmpdir"

# A machine where no native library can load: the gem's lib/ without its runtime jars, in a JRuby
# of its own. Requiring must not break the app: one warning, then stock jruby-openssl; asking for
# a backend by name raises a clear error.
RSpec.describe "Without any native library", jruby: true do
  script = <<~'RUBY'
    require "json"
    require "fast-rsa-engine"
    key = OpenSSL::PKey::RSA.new(1024)
    error = begin
      FastRsaEngine.backend = :gmp
      nil
    rescue FastRsaEngine::UnavailableBackendError => e
      e.message
    end
    puts JSON.generate("backend" => FastRsaEngine.backend, "available" => FastRsaEngine.available_backends,
                       "verifies" => key.verify("SHA256", key.sign("SHA256", "x"), "x"), "error" => error)
  RUBY

  before(:context) do
    @dir = Dir.mktmpdir("fast-rsa-engine-no-jars")
    FileUtils.cp_r(File.expand_path("../../lib", __dir__), @dir)
    FileUtils.rm_rf(File.join(@dir, "lib", "fast_rsa_engine", "jars"))
    environment = { "FAST_RSA_ENGINE" => nil }
    @stdout, @stderr, @status = Open3.capture3(environment, RbConfig.ruby, "--dev", "-I", File.join(@dir, "lib"), "-e", script)
  end

  after(:context) { FileUtils.rm_rf(@dir) }

  let(:report) { JSON.parse(@stdout) }

  it "requires without raising, warns exactly once, and stays with stock jruby-openssl" do
    expect(@status).to be_success, @stderr
    expect(@stderr.lines.size).to eq(1), @stderr
    expect(@stderr).to include("RSA stays with stock jruby-openssl")
    expect(report).to include("backend" => "stock", "available" => ["stock"], "verifies" => true)
  end

  it "raises FastRsaEngine::UnavailableBackendError, saying why, for a backend asked for by name" do
    expect(report["error"]).to match(/gmp/).and(match(/jnagmp|jar/))
  end
end
