# frozen_string_literal: true

require "open3"

module Downstream
  # An outside tool both harnesses need (ssh-keygen, javac, jar, bash): its output, or a failure
  # that names the command and shows what it printed.
  module Command
    module_function

    def run(*command)
      output, status = Open3.capture2e(*command)
      raise "#{command.first(3).join(' ')}... failed: #{output}" unless status.success?

      output
    end
  end
end
