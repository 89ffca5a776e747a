# certificate_authority (cchandler/certificate_authority): RSpec. Its spec helper loads
# bundler/setup (the Gemfile names rubocop, coveralls), pry and Coveralls.
source "cchandler/certificate_authority", "v1.1.0"
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
stubs "bundler/setup", "pry", "coveralls", "simplecov"
