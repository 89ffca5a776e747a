# googleauth (googleapis/google-auth-library-ruby): RSpec under spec/ (service-account JWTs signed
# with RSA), minitest under test/ (ID token verification). Its spec helper loads SimpleCov and Coveralls.
source "googleapis/google-auth-library-ruby", "google-auth-library-ruby/v0.13.0"
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
# A token store kept in Redis, tested against fakeredis (neither in Debian): no crypto in it.
exclude "spec/googleauth/stores/redis_token_store_spec.rb"
stubs "simplecov", "coveralls"
note "googleauth: test/ (minitest: ID token verification, keys from Google's certificate URLs " \
     "stubbed by WebMock) is not run yet: one framework per definition; spec/googleauth/stores/" \
     "redis_token_store_spec.rb is not run (Redis and fakeredis, not in Debian; no crypto)"
