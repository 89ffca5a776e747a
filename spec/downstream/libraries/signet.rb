# frozen_string_literal: true

# ruby-signet: OAuth 1.0 RSA-SHA1 signatures (its signature method and sign_parameters), the
# OAuth 2.0 JWT bearer assertion of a client with an RSA signing key (signed at the current time,
# so verified by the other configuration), and id_token decoding, with wrong keys and non-RSA keys.
Downstream.library "signet", package: "ruby-signet", requires: %w[signet/oauth_1 signet/oauth_1/signature_methods/rsa_sha1 signet/oauth_2/client] do
  base_string = "GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacaction.jpg%26oauth_nonce%3Dkllo9940pd9333jh%26size%3Doriginal"
  parameters = [%w[oauth_consumer_key dpf43f3p2l4k3l03], %w[oauth_signature_method RSA-SHA1], %w[oauth_timestamp 1191242096],
                %w[oauth_nonce kllo9940pd9333jh], %w[oauth_version 1.0], %w[file vacation.jpg], %w[size original]]

  { "PKCS#1 PEM" => "rsa.pem", "PKCS#8 PEM" => "rsa_pkcs8.pem", "public PEM" => "rsa_public.pem", "EC PEM" => "ec.pem" }.each do |form, file|
    step("RSA-SHA1 signature with #{form}") { Signet::OAuth1::RSASHA1.generate_signature(base_string, keys.pem(file), nil) }
  end
  step("sign_parameters, RSA-SHA1") { Signet::OAuth1.sign_parameters("GET", "http://photos.example.net/photos", parameters, keys.pem("rsa.pem")) }

  client = lambda do |key|
    Signet::OAuth2::Client.new(token_credential_uri: "https://oauth2.example/token", audience: "https://oauth2.example/token",
                               issuer: "sa@downstream.example", scope: %w[email profile], signing_key: key, sub: "user@downstream.example")
  end
  randomized("JWT assertion, RS256", verify: ->(token) { claims_of(token, keys.public_rsa) }) { client.call(keys.rsa).to_jwt }
  step("JWT assertion with the public key") { client.call(keys.public_rsa).to_jwt }
  step("JWT assertion with a PEM string as key") { client.call(keys.pem("rsa.pem")).signing_algorithm }
  id_token = -> { JWT.encode(payload.merge("aud" => "downstream-client", "iss" => "https://oauth2.example"), keys.rsa, "RS256") }
  decode = ->(token, key) { Signet::OAuth2::Client.new(client_id: "downstream-client").tap { |c| c.id_token = token }.decoded_id_token(key) }
  step("id_token decoded") { decode.call(id_token.call, keys.public_rsa) }
  step("id_token decoded with another key") { decode.call(id_token.call, keys.other_rsa.public_key) }
  step("id_token tampered") { decode.call(tamper(id_token.call, at: -4), keys.public_rsa) }
end
