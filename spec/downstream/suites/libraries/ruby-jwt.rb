# ruby-jwt (jwt/ruby-jwt): RSpec. Its spec helper starts SimpleCov.
source "jwt/ruby-jwt", "v2.5.0"
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
stubs "simplecov"
