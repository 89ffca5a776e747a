# frozen_string_literal: true

# The name Bundler requires for `gem 'fast-rsa-engine'`.
require "fast_rsa_engine"
