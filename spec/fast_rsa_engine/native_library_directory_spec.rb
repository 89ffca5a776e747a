# frozen_string_literal: true

require "fileutils"
require "open3"
require "rbconfig"
require "tmpdir"

# ACCP unpacks its native library into java.io.tmpdir, and JNA (for GMP) into jna.tmpdir (by default
# ~/.cache/JNA/temp); hardened hosts mount /tmp noexec, where neither can load. The gem then warns
# once and leaves RSA to stock; pointing both properties at a directory that allows execution (the
# doc/installation.md says how) brings the engine back. The noexec directory is a real noexec mount.
RSpec.describe "Native libraries on a host whose temporary directory is noexec", jruby: true, per_java: true do
  before(:context) do
    @dir = Dir.mktmpdir("fast-rsa-engine-noexec")
    @noexec = File.join(@dir, "noexec")
    @exec = File.join(@dir, "exec")
    FileUtils.mkdir_p([@noexec, @exec])
    _, status = Open3.capture2e("mount", "-t", "tmpfs", "-o", "noexec,size=64m", "tmpfs", @noexec)
    @mounted = status.success?
  end

  after(:context) do
    system("umount", @noexec) if @mounted
    FileUtils.rm_rf(@dir)
  end

  before { skip "mounting a noexec tmpfs needs root (CI runs as root)" unless @mounted }

  def run(*properties)
    script = 'require "fast-rsa-engine"; k = OpenSSL::PKey::RSA.new(1024); ' \
             'puts [FastRsaEngine.backend, FastRsaEngine.info[:patch], k.verify("SHA256", k.sign("SHA256", "x"), "x")].join("|")'
    command = [*StockJRuby::BRIEF, *properties.map { |property| "-J-D#{property}" }, "-I", File.expand_path("../../lib", __dir__), "-e", script]
    Open3.capture3({ "FAST_RSA_ENGINE" => nil }, *command)
  end

  it "with both libraries' directories noexec: one warning, RSA with stock, info says why" do
    stdout, stderr, status = run("java.io.tmpdir=#{@noexec}", "jna.tmpdir=#{@noexec}")
    expect(status).to be_success, stderr
    expect(stderr.lines.size).to eq(1), stderr
    expect(stderr).to include("no native RSA backend can run here", "RSA stays with stock jruby-openssl")
    backend, patch, verified = stdout.strip.split("|")
    expect([backend, verified]).to eq(%w[stock true])
    expect(patch).to start_with("not applied: no native RSA backend can run here").and include("aws_lc", "gmp")
  end

  it "with com.amazon.corretto.crypto.provider.tmpdir and jna.tmpdir pointed elsewhere: the engine runs" do
    stdout, stderr, status = run("java.io.tmpdir=#{@noexec}", "com.amazon.corretto.crypto.provider.tmpdir=#{@exec}", "jna.tmpdir=#{@exec}")
    expect(status).to be_success, stderr
    expect(stderr).to eq("")
    expect(stdout.strip).to eq("#{Backends.native.first}|applied|true")
  end
end
