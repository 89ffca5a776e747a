# frozen_string_literal: true

# ruby-openid-connect: id_tokens as a provider signs them with an EC key (ES256, ES384; its RS256
# is json-jwt's, in that driver) and a client decodes and checks them, with the at_hash and c_hash
# of the hybrid flow, and self-issued id_tokens, whose subject is the thumbprint of the EC key's
# JWK they carry. Signatures are randomized: verified by the other configuration. It is json-jwt
# on ActiveSupport, which needs concurrent-ruby's Java extension on JRuby; Debian ships
# concurrent-ruby without it, so the library loads only when bin/downstream is given
# concurrent-ruby's sources (--concurrent-ruby DIR), and the report says so otherwise.
Downstream.library "openid_connect", package: "ruby-openid-connect", requires: %w[openid_connect] do
  id_tokens = OpenIDConnect::ResponseObject::IdToken
  times = { exp: Time.utc(2036, 1, 1).to_i, iat: Time.utc(2026, 1, 1).to_i }
  claims = { iss: "https://op.downstream.example", sub: "downstream", aud: "downstream-client", nonce: "downstream-nonce" }.merge(times)
  checked = lambda do |token, key|
    id_token = id_tokens.decode(token, key)
    [id_token.as_json, id_token.verify!(issuer: claims[:iss], nonce: claims[:nonce], client_id: claims[:aud])]
  end

  { ES256: "prime256v1", ES384: "secp384r1" }.each do |alg, curve|
    verify = ->(token) { checked.call(token, keys.public_ec(curve)) }
    randomized("id_token #{alg}", verify: verify) { id_tokens.new(claims).to_jwt(keys.ec_key(curve), alg) }
    randomized("id_token #{alg} with at_hash and c_hash", verify: verify) do
      id_token = id_tokens.new(claims)
      id_token.access_token = "downstream-access-token"
      id_token.code = "downstream-code"
      id_token.to_jwt(keys.ec_key(curve), alg)
    end
    step("id_token #{alg} decoded with another key") { checked.call(id_tokens.new(claims).to_jwt(keys.ec_key(curve), alg), keys.other_ec(curve)) }
  end

  self_issued = ->(signer) { id_tokens.self_issued(public_key: keys.public_ec("prime256v1"), aud: "downstream-client", **times).to_jwt(signer, :ES256) }
  randomized("self-issued id_token", verify: ->(token) { id_tokens.decode(token, :self_issued).as_json }) { self_issued.call(keys.ec_key("prime256v1")) }
  step("self-issued id_token signed by another key") { id_tokens.decode(self_issued.call(keys.other_ec("prime256v1")), :self_issued).as_json }
end
