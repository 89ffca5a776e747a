# frozen_string_literal: true

# ruby-oauth: OAuth 1.0 RSA-SHA1 signatures of a request (the example of RFC 5849's authors, fixed
# nonce and timestamp), with the key as the consumer secret or a private_key option, verified with
# the certificate or the public key, and its errors for a tampered signature and non-RSA keys.
Downstream.library "oauth", package: "ruby-oauth", requires: %w[oauth oauth/signature/rsa/sha1 oauth/request_proxy/mock_request] do
  request = lambda do |signature = nil|
    parameters = { "oauth_consumer_key" => "dpf43f3p2l4k3l03", "oauth_signature_method" => "RSA-SHA1", "oauth_timestamp" => "1196666512",
                   "oauth_nonce" => "13917289812797014437", "oauth_version" => "1.0", "file" => "vacaction.jpg", "size" => "original" }
    parameters["oauth_signature"] = signature if signature
    { "method" => "GET", "uri" => "https://photos.example.net/photos", "parameters" => parameters }
  end
  sign = ->(options) { OAuth::Signature.sign(request.call, options) }

  step("signature base string") { OAuth::Signature.signature_base_string(request.call, consumer_secret: keys.pem("rsa.pem")) }
  { "PKCS#1 PEM" => "rsa.pem", "PKCS#8 PEM" => "rsa_pkcs8.pem", "EC PEM" => "ec.pem", "DSA PEM" => "dsa.pem" }.each do |form, file|
    step("sign with the consumer secret as #{form}") { sign.call(consumer_secret: keys.pem(file)) }
  end
  step("sign with the private_key option") { sign.call(consumer_secret: "unused", private_key: keys.pem("rsa.pem")) }
  step("sign with a 3072-bit key") { sign.call(consumer_secret: keys.pem("rsa_3072.pem")) }
  step("sign with the public key") { sign.call(consumer_secret: keys.pem("rsa_public.pem")) }
  { "certificate" => -> { keys.pem("certificate.pem") }, "public key" => -> { keys.pem("rsa_public.pem") }, "certificate object" => -> { keys.certificate } }.each do |form, secret|
    step("verify with the #{form}") { OAuth::Signature.verify(request.call(sign.call(consumer_secret: keys.pem("rsa.pem"))), consumer_secret: secret.call) }
    step("verify a tampered signature with the #{form}") do
      OAuth::Signature.verify(request.call(tamper(sign.call(consumer_secret: keys.pem("rsa.pem")), at: 8)), consumer_secret: secret.call)
    end
  end
  step("verify another key's signature") { OAuth::Signature.verify(request.call(sign.call(consumer_secret: keys.pem("other_rsa.pem"))), consumer_secret: keys.pem("certificate.pem")) }
end
