# rack-oauth2 (nov/rack-oauth2): RSpec with rspec-its and WebMock. Its spec helper starts SimpleCov.
source "nov/rack-oauth2", "v1.21.3"
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
stubs "simplecov"
