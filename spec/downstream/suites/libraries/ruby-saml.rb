# ruby-saml (SAML-Toolkits/ruby-saml): minitest with mocha and timecop, the files its Rakefile runs.
# Its test helper loads SimpleCov and Coveralls, and Bundler.require for the Gemfile's gems.
source "SAML-Toolkits/ruby-saml", "v1.13.0"
framework :minitest
load_path "lib", "test"
files "test/**/*_test.rb"
stubs "simplecov", "coveralls", "bundler"
requires "ruby-saml"
