# certificate_authority (cchandler/certificate_authority): RSpec. Its spec helper loads
# bundler/setup (the Gemfile names rubocop, coveralls), pry and Coveralls.
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
stubs "bundler/setup", "pry", "coveralls", "simplecov"
