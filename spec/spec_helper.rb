# frozen_string_literal: true

# Specs run from the source tree (lib/ first on the load path) under JRuby 10.1, 10.0 and 9.4, and
# under MRI, where the specs tagged `jruby: true` are skipped and MRI's own OpenSSL is the
# reference. The installed gems are checked apart (bin/lib/installed_gem_test.sh, spec/installed_gem_check.rb).
# Specs tagged `one_line: true` test what no JRuby or jruby-openssl version changes (the project's
# files, the Java layering, pure-Ruby tooling and maths): bin/test runs them on JRuby 10.1 and MRI
# and leaves them out on the other lines (rspec --tag '~one_line'). Specs tagged `per_java: true`
# test the engine below jruby-openssl (threads, blinding, the split, the result gate, native
# libraries, the fuzzer's differential run, each Java drawing cases of its own), which the JDK changes and jruby-openssl's version
# does not: bin/test runs them on 10.1 (Java 25) and 9.4 (Java 17) and leaves them out on 10.0 and
# 9.4.12, whose jruby-openssl and Java those two already have between them. A plain rspec runs all.
$LOAD_PATH.unshift File.expand_path("../lib", __dir__)
require "fast-rsa-engine"
require "openssl"

Dir[File.join(__dir__, "support", "**", "*.rb")].sort.each { |file| require file }

RSpec.configure do |config|
  config.disable_monkey_patching!
  config.filter_run_excluding jruby: true unless RUBY_ENGINE == "jruby"
  config.filter_run_excluding mri: true unless RUBY_ENGINE == "ruby"
  config.order = :random
  config.after(:suite) { ReferenceProcess.close_all }
  Kernel.srand config.seed
end
