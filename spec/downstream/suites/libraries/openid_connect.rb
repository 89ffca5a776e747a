# openid_connect (nov/openid_connect): RSpec with rspec-its and WebMock. Its spec helper starts SimpleCov.
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
stubs "simplecov"
