# frozen_string_literal: true

# ruby-jwt: tokens signed and verified with every RSA algorithm it offers, keys loaded from each
# form an app keeps and from JWKs, and the errors of wrong keys, tampered tokens and algorithms.
Downstream.library "jwt", package: "ruby-jwt", requires: %w[jwt] do
  public_key = keys.public_rsa

  %w[RS256 RS384 RS512].each do |alg|
    token = -> { JWT.encode(payload, keys.rsa, alg) }
    step("#{alg} encode") { token.call }
    step("#{alg} decode") { JWT.decode(token.call, public_key, true, algorithm: alg) }
    step("#{alg} decode with another key") { JWT.decode(token.call, keys.other_rsa.public_key, true, algorithm: alg) }
    step("#{alg} decode of a tampered signature") { JWT.decode(tamper(token.call, at: -5), public_key, true, algorithm: alg) }
    step("#{alg} decode of a tampered payload") { JWT.decode(tamper(token.call, at: token.call.index(".") + 3), public_key, true, algorithm: alg) }
    step("#{alg} decode expecting HS256") { JWT.decode(token.call, public_key, true, algorithm: "HS256") }
  end
  step("RS512 with a 3072-bit key") { JWT.encode(payload, keys.rsa_3072, "RS512") }

  %w[PS256 PS384 PS512].each do |alg|
    randomized("#{alg} encode", verify: ->(token) { JWT.decode(token, public_key, true, algorithm: alg) }) { JWT.encode(payload, keys.rsa, alg) }
    # Another key with a larger modulus: a randomized signature above the other key's modulus is
    # a case of its own (stock leaks BouncyCastle's DataLengthException there, the gem answers
    # false as MRI does), met at random with a key of the same size, and not what this step asks.
    step("#{alg} decode with another key") { JWT.decode(JWT.encode(payload, keys.rsa, alg), keys.rsa_3072.public_key, true, algorithm: alg) }
    step("#{alg} decode of a tampered signature") { JWT.decode(tamper(JWT.encode(payload, keys.rsa, alg), at: -5), public_key, true, algorithm: alg) }
    step("#{alg} decode as RS#{alg[2..]}") { JWT.decode(JWT.encode(payload, keys.rsa, alg), public_key, true, algorithm: "RS#{alg[2..]}") }
  end

  keys.rsa_forms.each do |form, text|
    step("RS256 with a key read from #{form}") { JWT.encode(payload, OpenSSL::PKey::RSA.new(text), "RS256") }
  end
  step("RS256 with the encrypted PEM") { JWT.encode(payload, OpenSSL::PKey::RSA.new(keys.pem("rsa_encrypted.pem"), Downstream::Keys::PASSPHRASE), "RS256") }
  step("the encrypted PEM with a wrong passphrase") { OpenSSL::PKey::RSA.new(keys.pem("rsa_encrypted.pem"), "wrong") }
  step("RSA.new of an EC key's PEM") { OpenSSL::PKey::RSA.new(keys.pem("ec.pem")) }
  step("RSA.new of a DSA key's PEM") { OpenSSL::PKey::RSA.new(keys.pem("dsa.pem")) }
  # jwt signs with whatever key it is given: ECDSA and DSA signatures are randomized.
  signed_by = ->(key) { ->(token) { [JSON.parse(JWT::Base64.url_decode(token.split(".")[1])), key.verify("SHA256", JWT::Base64.url_decode(token.split(".")[2]), token.split(".")[0, 2].join("."))] } }
  randomized("RS256 with an EC key", verify: signed_by.call(keys.ec)) { JWT.encode(payload, keys.ec, "RS256") }
  randomized("RS256 with a DSA key", verify: signed_by.call(keys.dsa)) { JWT.encode(payload, keys.dsa, "RS256") }
  step("PS256 with an EC key") { JWT.encode(payload, keys.ec, "PS256") }
  step("RS256 with a PEM string") { JWT.encode(payload, keys.pem("rsa.pem"), "RS256") }
  step("RS256 with the public key") { JWT.encode(payload, public_key, "RS256") }
  step("RS256 decode with an EC key") { JWT.decode(JWT.encode(payload, keys.rsa, "RS256"), keys.ec, true, algorithm: "RS256") }

  jwk = -> { JWT::JWK.new(keys.rsa, "downstream-kid") }
  step("JWK export with the private parts") { jwk.call.export(include_private: true) }
  step("RS256 with a key imported from a private JWK") do
    JWT.encode(payload, JWT::JWK.import(jwk.call.export(include_private: true)).keypair, "RS256", kid: "downstream-kid")
  end
  randomized("PS384 with a key imported from a private JWK",
             verify: ->(token) { JWT.decode(token, public_key, true, algorithm: "PS384") }) do
    JWT.encode(payload, JWT::JWK.import(jwk.call.export(include_private: true)).keypair, "PS384")
  end
  step("RS256 decode through a JWKS") do
    token = JWT.encode(payload, keys.rsa, "RS256", kid: "downstream-kid")
    JWT.decode(token, nil, true, algorithms: ["RS256"], jwks: { keys: [jwk.call.export] })
  end
  step("RS256 decode through a JWKS without the kid") do
    token = JWT.encode(payload, keys.rsa, "RS256", kid: "another-kid")
    JWT.decode(token, nil, true, algorithms: ["RS256"], jwks: { keys: [jwk.call.export] })
  end
  step("JWK of an EC key given as RSA") { JWT::JWK::RSA.new(keys.ec) }
end
