# frozen_string_literal: true

require "json"
require "open3"
require "rbconfig"

# Stock jruby-openssl exactly, as a reference: this JRuby in a process of its own with
# FAST_RSA_ENGINE=off (nothing patched, no native library loaded), running a script that reads JSON
# on standard input and writes JSON, with MriCalls loaded (as MRI.run's scripts may require it).
module StockJRuby
  module_function

  def run(script, input)
    in_process({ "FAST_RSA_ENGINE" => "off" }, script, input)
  end

  # The same script with the gem required first, the backend chosen at require (FAST_RSA_ENGINE).
  def with_gem(backend, script, input)
    in_process({ "FAST_RSA_ENGINE" => backend.to_s }, "require 'fast-rsa-engine'\n#{script}", input)
  end

  def in_process(environment, script, input)
    command = [RbConfig.ruby, "-I", File.expand_path("../../lib", __dir__), "-rjson", "-ropenssl", "-r", MriCalls::PATH, "-e", script]
    stdout, stderr, status = Open3.capture3(environment, *command, stdin_data: JSON.generate(input))
    raise "JRuby (#{environment}) failed: #{stderr}" unless status.success?

    JSON.parse(stdout)
  end
end
