# frozen_string_literal: true

# ruby-json-jwt: JWS with every RSA algorithm (RS and PS) and ECDSA one (ES256/384/512, ES256K),
# JWE with RSA1_5 and RSA-OAEP key wrapping, JWKs of the keys, and its errors for wrong keys and
# tampered tokens. It needs ActiveSupport, which needs concurrent-ruby's Java extension on JRuby,
# and Debian ships concurrent-ruby without it: the report says so unless bin/downstream is given
# concurrent-ruby's sources (--concurrent-ruby DIR).
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

  # ECDSA with a key of each curve, signed (randomized: verified by the other configuration) and
  # verified. json-jwt checks the curve by generating a key of it (EC.generate) at every sign and
  # verify, and takes any curve's key for any ES algorithm's digest.
  { ES256: "prime256v1", ES384: "secp384r1", ES512: "secp521r1", ES256K: "secp256k1" }.each do |alg, curve|
    signed = -> { jwt.call.sign(keys.ec_key(curve), alg).to_s }
    decoded = ->(token) { JSON::JWT.decode(token, keys.public_ec(curve)).then { |decoded| [decoded.to_h, decoded.header] } }
    randomized("JWS #{alg}", verify: decoded) { signed.call }
    step("JWS #{alg} decoded") { decoded.call(signed.call) }
    step("JWS #{alg} decoded with another key") { JSON::JWT.decode(signed.call, keys.other_ec(curve)).to_h }
    step("JWS #{alg} tampered") { decoded.call(tamper(signed.call, at: -4)) }
    step("JWS #{alg} with the public key") { jwt.call.sign(keys.public_ec(curve), alg).to_s }
    step("JWK of the #{curve} key") { [keys.ec_key(curve).to_jwk.to_h, keys.public_ec(curve).to_jwk.thumbprint] }
    randomized("JWS #{alg} with the key from its JWK", verify: decoded) { jwt.call.sign(JSON::JWK.new(keys.ec_key(curve)).to_key, alg).to_s }
    step("JWS #{alg} decoded with the key from its public JWK") { JSON::JWT.decode(signed.call, JSON::JWK.new(keys.public_ec(curve)).to_key).to_h }
  end
  randomized("JWS with the algorithm detected from a P-384 key", verify: ->(token) { JSON::JWT.decode(token, keys.public_ec("secp384r1")).header }) do
    jwt.call.sign(keys.ec_key("secp384r1")).to_s
  end
  randomized("JWS ES384 with a P-256 key", verify: ->(token) { JSON::JWT.decode(token, keys.public_ec("prime256v1")).to_h }) do
    jwt.call.sign(keys.ec_key("prime256v1"), :ES384).to_s
  end
  step("JWS ES256 decoded with a P-384 key") { JSON::JWT.decode(jwt.call.sign(keys.ec_key("prime256v1"), :ES256).to_s, keys.public_ec("secp384r1")).to_h }
  step("JWS ES256 decoded with the RSA key") { JSON::JWT.decode(jwt.call.sign(keys.ec_key("prime256v1"), :ES256).to_s, keys.public_rsa).to_h }
  step("JWS ES256 decoded through a JWK set") do
    set = JSON::JWK::Set.new(JSON::JWK.new(keys.public_rsa), JSON::JWK.new(keys.public_ec("prime256v1")))
    token = jwt.call.tap { |claims| claims.kid = JSON::JWK.new(keys.public_ec("prime256v1"))[:kid] }.sign(keys.ec_key("prime256v1"), :ES256).to_s
    JSON::JWT.decode(token, set).to_h
  end
end
