# openid_connect (nov/openid_connect): RSpec with rspec-its and WebMock. Its spec helper starts SimpleCov.
source "nov/openid_connect", "v1.2.0"
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
stubs "simplecov"
