# frozen_string_literal: true

# ruby-googleauth: a service account's JSON key (its private_key a PEM), the self-signed JWT of its
# header credentials and the JWT assertion its token request sends (no network: the assertion is
# what would be posted), both signed at the current time so verified by the other configuration;
# keys that are not an RSA private key given as the account's key. Its ID token verifier
# (Google::Auth::IDTokens) with a JWK set of EC keys, as IAP's ES256 tokens are checked: the
# library makes each key from its JWK (EC.new of the curve, then public_key=) and verifies with it.
Downstream.library "googleauth", package: "ruby-googleauth", requires: %w[googleauth] do
  account = lambda do |pem|
    StringIO.new(JSON.generate("type" => "service_account", "project_id" => "downstream", "private_key_id" => "k1", "private_key" => pem,
                               "client_email" => "sa@downstream.iam.gserviceaccount.com", "client_id" => "1", "token_uri" => "https://oauth2.googleapis.com/token"))
  end
  header_token = lambda do |pem|
    credentials = Google::Auth::ServiceAccountJwtHeaderCredentials.make_creds(json_key_io: account.call(pem))
    credentials.apply(jwt_aud_uri: "https://pubsub.googleapis.com/")[:authorization].delete_prefix("Bearer ")
  end
  service = ->(pem) { Google::Auth::ServiceAccountCredentials.make_creds(json_key_io: account.call(pem), scope: "https://www.googleapis.com/auth/cloud-platform") }

  randomized("JWT header credentials", verify: ->(token) { claims_of(token, keys.public_rsa) }) { header_token.call(keys.pem("rsa.pem")) }
  randomized("JWT header credentials, PKCS#8 key", verify: ->(token) { claims_of(token, keys.public_rsa) }) { header_token.call(keys.pem("rsa_pkcs8.pem")) }
  randomized("service account's JWT assertion", verify: ->(token) { claims_of(token, keys.public_rsa) }) { service.call(keys.pem("rsa.pem")).to_jwt }
  randomized("unscoped service account's authorization", verify: ->(token) { claims_of(token, keys.public_rsa) }) do
    credentials = Google::Auth::ServiceAccountCredentials.make_creds(json_key_io: account.call(keys.pem("rsa.pem")))
    credentials.apply(jwt_aud_uri: "https://pubsub.googleapis.com/")[:authorization].delete_prefix("Bearer ")
  end
  step("JWT header credentials with an EC key") { header_token.call(keys.pem("ec.pem")) }
  step("JWT header credentials with a public key") { header_token.call(keys.pem("rsa_public.pem")) }
  step("service account with garbage as key") { service.call("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n") }

  iap_claims = payload.merge("aud" => "downstream-client", "iss" => "https://cloud.google.com/iap")
  iap_verify = lambda do |token, curve, alg|
    jwks = { keys: [JWT::JWK.new(keys.public_ec(curve), "iap-#{curve}").export.merge(alg: alg)] }
    Google::Auth::IDTokens::Verifier.new(key_source: Google::Auth::IDTokens::StaticKeySource.from_jwk_set(jwks), aud: iap_claims["aud"], iss: iap_claims["iss"]).verify(token)
  end
  { "ES256" => "prime256v1", "ES384" => "secp384r1" }.each do |alg, curve|
    step("ID token #{alg} verified through a JWK set") { iap_verify.call(JWT.encode(iap_claims, keys.ec_key(curve), alg, kid: "iap-#{curve}"), curve, alg) }
    step("ID token #{alg} of another key") { iap_verify.call(JWT.encode(iap_claims, keys.other_ec(curve), alg, kid: "iap-#{curve}"), curve, alg) }
  end
end
