# frozen_string_literal: true

# ruby-rack-oauth2: a client's private_key_jwt authentication (client_auth_method :jwt_bearer), the
# client assertion json-jwt signs with the client's key, the algorithm detected from it (ES256 and
# ES384 from EC keys, RS256 from the RSA key). The assertion is built as access_token! builds it
# before its request (no network: the context it would post is read), and holds a random jti and
# the current time, so it is verified by the other configuration. It is json-jwt on ActiveSupport,
# which needs concurrent-ruby's Java extension on JRuby; Debian ships concurrent-ruby without it,
# so the library loads only when bin/downstream is given concurrent-ruby's sources
# (--concurrent-ruby DIR), and the report says so otherwise.
Downstream.library "rack-oauth2", package: "ruby-rack-oauth2", requires: %w[rack/oauth2] do
  client = ->(key) { Rack::OAuth2::Client.new(identifier: "downstream-client", private_key: key, host: "as.downstream.example", token_endpoint: "/token") }
  # What access_token! would post: its private method, so that no request is made.
  assertion = ->(key) { client.call(key).send(:authenticated_context_from, client_auth_method: :jwt_bearer)[1][:client_assertion] }
  checked = lambda do |token, key|
    jwt = JSON::JWT.decode(token, key)
    [jwt.header, jwt.to_h.except("jti", "iat", "exp")]
  end

  { "P-256" => "prime256v1", "P-384" => "secp384r1" }.each do |name, curve|
    randomized("client assertion with a #{name} key", verify: ->(token) { checked.call(token, keys.public_ec(curve)) }) { assertion.call(keys.ec_key(curve)) }
    step("client assertion with a #{name} key, checked with another key") { checked.call(assertion.call(keys.ec_key(curve)), keys.other_ec(curve)) }
  end
  randomized("client assertion with the RSA key", verify: ->(token) { checked.call(token, keys.public_rsa) }) { assertion.call(keys.rsa) }
end
