# frozen_string_literal: true

# Specs run from the source tree (lib/ first on the load path) under JRuby 10.1 and 9.4, and
# under MRI, where the specs tagged `jruby: true` are skipped and MRI's own OpenSSL is the
# reference. The installed gems are checked apart (bin/lib/installed_gem_test.sh, spec/installed_gem_check.rb).
# Specs tagged `one_line: true` test what no JRuby or jruby-openssl version changes (the project's
# files, the Java layering, pure-Ruby tooling and maths): bin/test runs them on JRuby 10.1 and MRI
# and leaves them out on the 9.4 lines (rspec --tag '~one_line'); a plain rspec runs them.
$LOAD_PATH.unshift File.expand_path("../lib", __dir__)
require "fast-rsa-engine"
require "openssl"

Dir[File.join(__dir__, "support", "**", "*.rb")].sort.each { |file| require file }

RSpec.configure do |config|
  config.disable_monkey_patching!
  config.filter_run_excluding jruby: true unless RUBY_ENGINE == "jruby"
  config.filter_run_excluding mri: true unless RUBY_ENGINE == "ruby"
  config.order = :random
  Kernel.srand config.seed
end
