# frozen_string_literal: true

# Run by bin/lib/installed_gem_test.sh with an installed gem, outside the source tree: on JRuby the
# java gem's extension must load from GEM_HOME, pick a native backend and sign correctly; on MRI
# the plain gem must define FastRsaEngine, answer :openssl and patch nothing.
require "openssl"
require "fast-rsa-engine"

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
puts "installed gem: 1 passed, 0 failed (#{spec.full_name} on #{RUBY_ENGINE}, backend #{FastRsaEngine.backend})"
