# frozen_string_literal: true

require "json"
require "open3"
require "rbconfig"

# Stock jruby-openssl exactly, as a reference: this JRuby in a process of its own with
# FAST_RSA_ENGINE=off (nothing patched, no native library loaded), running a script that reads JSON
# on standard input and writes JSON, with MriCalls loaded (as MRI.run's scripts may require it). The
# process is the environment's ReferenceProcess, which answers every such script of the suite.
module StockJRuby
  # This JRuby, for a brief script: --dev (JRuby's interpreter, the JVM's first compiler alone) halves
  # the CPU its start-up takes, and such a script ends before a full JIT would pay.
  BRIEF = [RbConfig.ruby, "--dev"].freeze

  module_function

  def run(script, input)
    in_process({ "FAST_RSA_ENGINE" => "off" }, script, input)
  end

  # The same script with the gem required first, the backend chosen at require (FAST_RSA_ENGINE).
  REQUIRE_GEM = "require 'fast-rsa-engine'\n"

  def with_gem(backend, script, input)
    in_process({ "FAST_RSA_ENGINE" => backend.to_s }, REQUIRE_GEM + script, input)
  end

  # Answered by the environment's ReferenceProcess, kept for the suite, as if in a process of its own.
  def in_process(environment, script, input)
    process = ReferenceProcess.for(environment) { |serve| command(environment, "require #{ReferenceProcess::PATH.inspect}\n#{serve}") }
    JSON.parse(process.answer(script, JSON.generate(input)))
  end

  # The environment and command that run a script in this JRuby, for a caller that talks to it while it runs.
  def command(environment, script)
    [environment, *BRIEF, "-I", File.expand_path("../../lib", __dir__), "-rjson", "-ropenssl", "-r", MriCalls::PATH, "-e", script]
  end
end
