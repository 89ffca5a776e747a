# json-jwt (nov/json-jwt): RSpec with rspec-its. Its spec helper starts SimpleCov.
source "nov/json-jwt", "v1.14.0"
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
stubs "simplecov"
