# rack-oauth2 (nov/rack-oauth2): RSpec with rspec-its and WebMock. Its spec helper starts SimpleCov.
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
stubs "simplecov"
