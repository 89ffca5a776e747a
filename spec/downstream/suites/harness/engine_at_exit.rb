# frozen_string_literal: true

# Loaded into the suite's JRuby before the suite, as an app loads the gem (FAST_RSA_ENGINE picks
# the backend, `off` included). At exit, after the suite has run, it writes which backend ran and
# which patched methods the engine answered, so that a suite that never reaches the engine shows so.
require "fast-rsa-engine"

at_exit do
  require "json"
  File.write(ENV.fetch("SUITES_ENGINE_FILE"),
             JSON.generate(backend: FastRsaEngine.backend, patch_failure: FastRsaEngine::Startup.failure,
                           stats: FastRsaEngine.stats))
end
