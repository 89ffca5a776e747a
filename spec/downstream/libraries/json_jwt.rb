# frozen_string_literal: true

# ruby-json-jwt: JWS with every RSA algorithm (RS and PS), JWE with RSA1_5 and RSA-OAEP key
# wrapping, JWKs of the key, and its errors for wrong keys and tampered tokens. It needs
# ActiveSupport, which needs concurrent-ruby's Java extension on JRuby, and Debian ships
# concurrent-ruby without it: the report says so until it loads.
Downstream.library "json-jwt", package: "ruby-json-jwt", requires: %w[json/jwt] do
  jwt = -> { JSON::JWT.new(payload) }
  %w[RS256 RS384 RS512].each do |alg|
    step("JWS #{alg}") { jwt.call.sign(keys.rsa, alg.to_sym).to_s }
    step("JWS #{alg} decoded") { JSON::JWT.decode(jwt.call.sign(keys.rsa, alg.to_sym).to_s, keys.public_rsa).to_h }
    step("JWS #{alg} decoded with another key") { JSON::JWT.decode(jwt.call.sign(keys.rsa, alg.to_sym).to_s, keys.other_rsa.public_key).to_h }
    step("JWS #{alg} tampered") { JSON::JWT.decode(tamper(jwt.call.sign(keys.rsa, alg.to_sym).to_s, at: -4), keys.public_rsa).to_h }
  end
  %w[PS256 PS384 PS512].each do |alg|
    randomized("JWS #{alg}", verify: ->(token) { JSON::JWT.decode(token, keys.public_rsa).to_h }) { jwt.call.sign(keys.rsa, alg.to_sym).to_s }
  end
  # json-jwt signs RS256 with an EC key as ECDSA, randomized: the header and claims must match.
  randomized("JWS RS256 with an EC key", verify: ->(token) { token.split(".")[0, 2] }) { jwt.call.sign(keys.ec, :RS256).to_s }
  step("JWK of the key") { keys.rsa.to_jwk.to_h }
  step("JWS RS256 with the key from its JWK") { jwt.call.sign(JSON::JWK.new(keys.rsa).to_key, :RS256).to_s }

  %w[RSA1_5 RSA-OAEP].each do |alg|
    %w[A128GCM A256CBC-HS512].each do |enc|
      randomized("JWE #{alg} #{enc}", verify: ->(token) { JSON::JWT.decode(token, keys.rsa).plain_text }) do
        jwe = JSON::JWE.new(data)
        jwe.alg = alg
        jwe.enc = enc
        jwe.encrypt!(keys.public_rsa).to_s
      end
      step("JWE #{alg} #{enc} decrypted with another key") do
        jwe = JSON::JWE.new(data)
        jwe.alg = alg
        jwe.enc = enc
        JSON::JWT.decode(jwe.encrypt!(keys.public_rsa).to_s, keys.other_rsa).plain_text
      end
    end
  end
end
