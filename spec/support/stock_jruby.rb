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
    command = [RbConfig.ruby, "-I", File.expand_path("../../lib", __dir__), "-rjson", "-ropenssl", "-r", MriCalls::PATH, "-e", script]
    stdout, stderr, status = Open3.capture3({ "FAST_RSA_ENGINE" => "off" }, *command, stdin_data: JSON.generate(input))
    raise "stock JRuby failed: #{stderr}" unless status.success?

    JSON.parse(stdout)
  end
end
