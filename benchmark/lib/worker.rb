# frozen_string_literal: true

require "json"
require "open3"

# Runs one runner.rb process: its progress lines go straight to our stderr, its JSON comes back
# parsed, or nil (with a warning) when it failed.
module Worker
  module_function

  def run(command, env = {})
    output, status = Open3.capture2(env, *command)
    return JSON.parse(output.lines.last) if status.success? && !output.empty?

    warn "==> failed (#{status}): #{command.join(' ')}"
    nil
  end
end
