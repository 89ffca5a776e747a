# frozen_string_literal: true

require "json"
require "open3"

# MRI, from Debian's `ruby` on the PATH, as a reference in a process of its own: a script reads
# JSON on standard input and writes JSON on standard output.
module MRI
  module_function

  # env: more of the process's environment (OPENSSL_CONF, to make what MRI's defaults do not).
  def run(script, input, env = {})
    stdout, stderr, status = Open3.capture3(*command(script, env), stdin_data: JSON.generate(input))
    raise "MRI failed: #{stderr}" unless status.success?

    JSON.parse(stdout)
  end

  # The environment and command that run a script in MRI, for a caller that talks to it while it runs.
  def command(script, env = {})
    [{ "RUBYOPT" => nil, "RUBYLIB" => nil, "GEM_PATH" => nil, **env }, "ruby", "-rjson", "-ropenssl", "-e", script]
  end

  def hex(bytes) = bytes.unpack1("H*")
  def bytes(hex) = [hex].pack("H*")
end
