# frozen_string_literal: true

# Run by bin/lib/installed_gem_test.sh with an installed gem, outside the source tree: on JRuby the
# java gem's extension must load from GEM_HOME, pick a native backend and sign correctly; on MRI
# the plain gem must define FastRsaEngine, answer :openssl and patch nothing. With --executable, either
# gem's executable, the classic report, must run from GEM_HOME's bin as a user runs it.
require "open3"
require "openssl"
require "fast-rsa-engine"
require_relative "support/classic_report" # of the checkout: the report's rows, not the gem

def check(what, ok)
  abort "installed gem: #{what}" unless ok
end

spec = Gem.loaded_specs.fetch("fast-rsa-engine")
gem_home = File.realpath(ENV.fetch("GEM_HOME"))
check "the gem was loaded from #{spec.full_gem_path}, not from GEM_HOME", File.realpath(spec.full_gem_path).start_with?(gem_home)
key = OpenSSL::PKey::RSA.new(2048)
check "the signature does not verify", key.public_key.verify("SHA256", key.sign("SHA256", "installed"), "installed")
if RUBY_ENGINE == "jruby"
  jar = $LOADED_FEATURES.find { |feature| feature.end_with?("fast_rsa_engine.jar") }
  check "the extension jar was not loaded from the gem", jar && File.realpath(jar.sub(/\Afile:/, "")).start_with?(gem_home)
  check "no native backend was chosen (#{FastRsaEngine.info})", FastRsaEngine.backend != :stock
else
  check "MRI should answer :openssl", FastRsaEngine.backend == :openssl
  check "MRI must not be patched", OpenSSL::PKey::RSA.ancestors.none? { |mod| mod.name.to_s.start_with?("FastRsaEngine") }
end

# With --executable (bin/lib/installed_gem_test.sh; not under Bundler, whose Gemfile would need the
# benchmark gem on Ruby 3.5 and later), the report the gem installs: `ruby -S fast-rsa-engine-benchmark`
# (or jruby's), found on the PATH in GEM_HOME's bin. The gem path adds this Ruby's own gem directory,
# as a user's has: from Ruby 3.5 (JRuby 10.1) on, the benchmark library is a bundled gem that lives
# there. That directory must hold no fast-rsa-engine of its own, or the report could run that one.
def check_executable
  check "#{Gem.default_dir} holds a fast-rsa-engine", Dir[File.join(Gem.default_dir, "gems", "fast-rsa-engine-*")].empty?
  env = { "PATH" => [Gem.bindir, ENV.fetch("PATH")].join(File::PATH_SEPARATOR),
          "GEM_PATH" => [ENV.fetch("GEM_PATH"), Gem.default_dir].join(File::PATH_SEPARATOR) }
  report, errors, status = Open3.capture3(env, RbConfig.ruby, "-S", "fast-rsa-engine-benchmark", "--count", "3", "--bits", "1024", "--warmup", "0.1")
  check "fast-rsa-engine-benchmark failed: #{errors}", status.success?
  check "the report does not name this Ruby:\n#{report}", report.include?("ruby:    #{RUBY_DESCRIPTION}\n")
  check "the report does not name the backend #{FastRsaEngine.backend}:\n#{report}", report.include?("backend: #{FastRsaEngine.backend} (")
  ClassicReport.labels.each do |label|
    check "the report has no #{label} row:\n#{report}", report.match?(ClassicReport.row(label))
  end
end

checks = ARGV.include?("--executable") ? 2 : 1
check_executable if checks == 2
puts "installed gem: #{checks} passed, 0 failed (#{spec.full_name} on #{RUBY_ENGINE}, backend #{FastRsaEngine.backend})"
