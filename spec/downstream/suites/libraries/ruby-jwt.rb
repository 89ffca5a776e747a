# ruby-jwt (jwt/ruby-jwt): RSpec. Its spec helper starts SimpleCov.
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
stubs "simplecov"
