# frozen_string_literal: true

# Runs an RSpec suite from its own directory (its .rspec applies) with the arguments given; the
# orchestrator adds `--format json --out FILE` and reads the failing examples from that file.
require "rspec/core"

exit RSpec::Core::Runner.run(ARGV, $stderr, $stdout)
