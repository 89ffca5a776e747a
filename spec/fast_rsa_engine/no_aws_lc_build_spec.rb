# frozen_string_literal: true

require "fileutils"
require "open3"
require "rbconfig"
require "tmpdir"

# A platform with no ACCP build (Windows, CPUs other than x86-64 and ARM64) looks to the gem like
# one whose ACCP jars are absent: `auto` must land on GMP there, without a warning.
RSpec.describe "Without an AWS-LC build for the platform", jruby: true, per_java: true do
  before(:context) do
    @dir = Dir.mktmpdir("fast-rsa-engine-no-accp")
    FileUtils.cp_r(File.expand_path("../../lib", __dir__), @dir)
    FileUtils.rm_f(Dir[File.join(@dir, "lib", "fast_rsa_engine", "jars", "AmazonCorrettoCryptoProvider-*.jar")])
    script = 'require "fast-rsa-engine"; print FastRsaEngine.backend'
    @stdout, @stderr, @status = Open3.capture3({ "FAST_RSA_ENGINE" => nil }, *StockJRuby::BRIEF,
                                               "-I", File.join(@dir, "lib"), "-e", script)
  end

  after(:context) { FileUtils.rm_rf(@dir) }

  it "chooses GMP automatically and prints nothing" do
    skip "gmp does not run here" unless FastRsaEngine.available_backends.include?(:gmp)

    expect(@status).to be_success, @stderr
    expect(@stdout).to eq("gmp")
    expect(@stderr).to eq("")
  end
end
