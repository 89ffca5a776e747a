# frozen_string_literal: true

# ruby-openid-connect: id_tokens and request objects are json-jwt's, on ActiveSupport, which needs
# concurrent-ruby's Java extension on JRuby; Debian ships concurrent-ruby without it, so the library
# cannot load on JRuby and the report says so (see json-jwt's driver for the RSA paths it reaches).
Downstream.library("openid_connect", package: "ruby-openid-connect", requires: %w[openid_connect]) {}
