# frozen_string_literal: true

require_relative "backends"

# The rows of benchmark/benchmark.rb's report (the gem's fast-rsa-engine-benchmark), which its spec
# reads from a checkout and spec/installed_gem_check.rb, apart from RSpec, from an installed gem.
module ClassicReport
  NUMBER = /\d+\.\d+/

  module_function

  # Benchmark.bm's row: the label, then user, system, total and (real). Anchored at a line's ends, so
  # that it matches one line or finds the row in the whole report.
  def row(label)
    /^#{label} +#{NUMBER} +#{NUMBER} +#{NUMBER} +\( *#{NUMBER}\)$/
  end

  # jruby-openssl 0.15 reads no EC public key from DER, which EcOperations needs: no ES256 rows there.
  def labels
    es256 = RUBY_ENGINE == "jruby" && Backends.old_stock? ? [] : ["ES256 sign", "ES256 verify"]
    ["sign", "verify", "encrypt", "decrypt", *es256]
  end
end
