# oauth (ruby-oauth/oauth): minitest with mocha, rack-test and WebMock, the files its Rakefile runs.
# The tests of the curb, em-http, typhoeus and rest-client adapters skip themselves when those
# gems are absent (they are: curb and em-http are C extensions with no JRuby build).
source "ruby-oauth/oauth", "v0.5.4"
framework :minitest
load_path "lib", "test"
files "test/**/*test*.rb"
exclude "test/test_helper.rb"
stubs "simplecov", "byebug", "mocha/mini_test"
