# frozen_string_literal: true

require "rbconfig"
require_relative "measure_options"
require_relative "rsa_operations"
require_relative "square_rsa"

# The rows of the report, each a runtime and an engine timed in its own runner.rb process:
# MRI (the baseline every ratio is taken against), JRuby stock, JRuby with each native backend,
# and Square's bouncycastle-rsa driven directly, an anchor for the private-key operations.
class Row < Struct.new(:key, :interpreter, :engine, :ops)
  ROOT = File.expand_path("../..", __dir__)
  INTERPRETERS = { mri: [RbConfig.ruby], jruby: [File.join(ROOT, "bin/jruby")] }.freeze

  def self.all
    [new("mri", :mri, "none", RsaOperations::NAMES),
     new("stock", :jruby, "stock", RsaOperations::NAMES),
     new("gmp", :jruby, "gmp", RsaOperations::NAMES),
     new("aws_lc", :jruby, "aws_lc", RsaOperations::NAMES),
     new("square", :jruby, "square", SquareRsa::NAMES)]
  end

  def self.baseline
    "mri"
  end

  # For progress lines: "MRI", "JRuby gmp"...
  def title
    interpreter == :mri ? "MRI" : "JRuby #{engine}"
  end

  # The operations of this row among those asked for.
  def wanted_ops(options)
    options[:ops] & ops
  end

  def command(options, keys_dir)
    runner = [File.join(ROOT, "benchmark/runner.rb"), "--engine", engine, "--keys", keys_dir]
    [*INTERPRETERS.fetch(interpreter), *runner, *MeasureOptions.to_argv(options.merge(ops: wanted_ops(options)))]
  end

  # Seconds this row should take, for the estimate printed at the start.
  def estimate(options)
    cells = options[:sizes].size * wanted_ops(options).size * options[:threads].size
    startup = interpreter == :jruby ? 10 + options[:jit_warmup] : 1
    startup + cells * (options[:warmup] + options[:time])
  end
end
