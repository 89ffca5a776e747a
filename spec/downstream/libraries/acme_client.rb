# frozen_string_literal: true

# ruby-acme-client: the account key's JWK and the JWS of ACME requests, signed locally through its
# JWK classes as the client signs every request (no network: the nonce and URLs are fixed), its
# CSRs and the self-signed certificate of the tls-alpn-01 challenge at fixed times, and keys of
# other types given where an RSA account key is expected.
Downstream.library "acme-client", package: "ruby-acme-client", requires: %w[acme-client] do
  jwk = -> { Acme::Client::JWK::RSA.new(keys.rsa) }
  header = { nonce: "downstream-nonce", url: "https://acme.example/acme/new-acct" }
  jws = ->(payload, extra = {}) { jwk.call.jws(header: header.merge(extra), payload: payload) }
  check = lambda do |text|
    body = JSON.parse(text)
    signature = Base64.urlsafe_decode64(body["signature"])
    [JSON.parse(Base64.urlsafe_decode64(body["protected"])), keys.public_rsa.verify("SHA256", signature, "#{body['protected']}.#{body['payload']}")]
  end

  step("JWK of the account key") { [jwk.call.to_h, jwk.call.thumbprint, jwk.call.jwa_alg] }
  step("JWS of a new-account request") { jws.call(termsOfServiceAgreed: true, contact: ["mailto:ops@downstream.example"]) }
  step("JWS of a new-account request verifies") { check.call(jws.call(termsOfServiceAgreed: true)) }
  step("JWS of a POST-as-GET with the account URL") { jws.call(nil, kid: "https://acme.example/acme/acct/1") }
  step("JWS of a key change, inner JWS signed by the new key") do
    inner = Acme::Client::JWK::RSA.new(keys.other_rsa).jws(header: { url: "https://acme.example/acme/key-change" }, payload: { account: "https://acme.example/acme/acct/1", oldKey: jwk.call.to_h })
    jws.call(JSON.parse(inner), kid: "https://acme.example/acme/acct/1")
  end
  step("JWS with a 3072-bit key") { Acme::Client::JWK::RSA.new(keys.rsa_3072).jws(header: header, payload: { a: 1 }) }
  step("JWK.from_private_key of the RSA key") { Acme::Client::JWK.from_private_key(keys.rsa).to_h }
  step("JWK.from_private_key of a DSA key") { Acme::Client::JWK.from_private_key(keys.dsa) }
  step("JWK::RSA of an EC key") { Acme::Client::JWK::RSA.new(keys.ec).jws(header: header, payload: { a: 1 }) }
  step("JWK::RSA of the public key") { Acme::Client::JWK::RSA.new(keys.public_rsa).jws(header: header, payload: { a: 1 }) }

  csr = ->(digest) { Acme::Client::CertificateRequest.new(common_name: "downstream.example", names: %w[www.downstream.example], private_key: keys.other_rsa, digest: digest).csr }
  step("CSR") { csr.call(OpenSSL::Digest::SHA256.new).to_der }
  step("CSR with SHA-1") { csr.call(OpenSSL::Digest::SHA1.new).to_der }
  step("CSR verifies") { csr.call(OpenSSL::Digest::SHA256.new).verify(keys.other_rsa.public_key) }
  step("self-signed certificate for tls-alpn-01") do
    Acme::Client::SelfSignCertificate.new(subject_alt_names: %w[downstream.example], not_before: Time.utc(2026, 1, 1), not_after: Time.utc(2026, 2, 1), private_key: keys.rsa).certificate.to_der
  end
end
