# frozen_string_literal: true

# ruby-rack-oauth2: its JWT bearer assertions and id_tokens are json-jwt's, on ActiveSupport, which
# needs concurrent-ruby's Java extension on JRuby; Debian ships concurrent-ruby without it, so the
# library cannot load on JRuby and the report says so. No steps are written for a library that
# cannot run here: json-jwt's driver holds the signing and verification it would reach.
Downstream.library("rack-oauth2", package: "ruby-rack-oauth2", requires: %w[rack/oauth2]) {}
