# json-jwt (nov/json-jwt): RSpec with rspec-its. Its spec helper starts SimpleCov.
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
stubs "simplecov"
