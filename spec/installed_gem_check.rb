# frozen_string_literal: true

# Run by bin/lib/installed_gem_test.sh with the installed gem, outside the source tree:
# the extension must load from GEM_HOME, pick a native backend, and sign correctly.
require "fast-rsa-engine"

def check(what, ok)
  abort "installed gem: #{what}" unless ok
end

gem_home = File.realpath(ENV.fetch("GEM_HOME"))
jar = $LOADED_FEATURES.find { |feature| feature.end_with?("fast_rsa_engine.jar") }
check "the extension jar was not loaded", jar
check "the extension came from #{jar}, not from GEM_HOME", File.realpath(jar.sub(/\Afile:/, "")).start_with?(gem_home)
check "no native backend was chosen (#{FastRsaEngine.info})", FastRsaEngine.backend != :stock

key = OpenSSL::PKey::RSA.new(2048)
signature = key.sign("SHA256", "installed")
check "the signature does not verify", key.public_key.verify("SHA256", signature, "installed")
puts "installed gem: 1 passed, 0 failed (backend #{FastRsaEngine.backend}, from #{File.dirname(jar)})"
