# frozen_string_literal: true

# fast-rsa-engine: OpenSSL::PKey::RSA private-key operations on JRuby through a native
# RSA engine (AWS-LC or GMP). On MRI, which already runs them in OpenSSL, it changes nothing.
require "fast_rsa_engine/version"
require "fast_rsa_engine/errors"
require "fast_rsa_engine/split_setting"

if RUBY_ENGINE == "jruby"
  require "fast_rsa_engine/jruby"
else
  require "fast_rsa_engine/mri"
end
