# frozen_string_literal: true

# ruby-acme-client: the account key's JWK and the JWS of ACME requests, signed locally through its
# JWK classes as the client signs every request (no network: the nonce and URLs are fixed), its
# CSRs and the self-signed certificate of the tls-alpn-01 challenge at fixed times, and keys of
# other types given where an RSA account key is expected. EC account keys (JWK::ECDSA, P-256 and
# P-384, and P-521 which it also takes) sign ES256/384/512: randomized, so verified by the other
# configuration, as are the CSR and certificate an EC key signs.
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

  # A JWS of an EC account key: its protected header, and whether the curve's public key verifies
  # its raw r || s signature (turned back into the DER that OpenSSL verifies).
  ec_check = lambda do |text, curve|
    body = JSON.parse(text)
    raw = Base64.urlsafe_decode64(body["signature"])
    der = OpenSSL::ASN1::Sequence([raw[0, raw.bytesize / 2], raw[raw.bytesize / 2..]].map { |half| OpenSSL::ASN1::Integer(OpenSSL::BN.new(half, 2)) }).to_der
    digest = Acme::Client::JWK::ECDSA::KNOWN_CURVES.fetch(curve)[:digest].new
    [JSON.parse(Base64.urlsafe_decode64(body["protected"])), keys.public_ec(curve).verify(digest, der, "#{body['protected']}.#{body['payload']}")]
  end
  %w[prime256v1 secp384r1 secp521r1].each do |curve|
    ec_jwk = -> { Acme::Client::JWK::ECDSA.new(keys.ec_key(curve)) }
    step("JWK of the #{curve} account key") { [ec_jwk.call.to_h, ec_jwk.call.thumbprint, ec_jwk.call.jwa_alg] }
    step("JWK.from_private_key of the #{curve} key") { Acme::Client::JWK.from_private_key(keys.ec_key(curve)).to_h }
    randomized("JWS of a new-account request, #{curve} account key", verify: ->(text) { ec_check.call(text, curve) }) do
      ec_jwk.call.jws(header: header, payload: { termsOfServiceAgreed: true, contact: ["mailto:ops@downstream.example"] })
    end
    randomized("JWS of a POST-as-GET, #{curve} account key", verify: ->(text) { ec_check.call(text, curve) }) do
      ec_jwk.call.jws(header: header.merge(kid: "https://acme.example/acme/acct/1"), payload: nil)
    end
  end
  randomized("JWS of a key change from the RSA key to a P-256 key, inner JWS", verify: ->(text) { ec_check.call(text, "prime256v1") }) do
    Acme::Client::JWK::ECDSA.new(keys.ec_key("prime256v1")).jws(header: { url: "https://acme.example/acme/key-change" }, payload: { account: "https://acme.example/acme/acct/1", oldKey: jwk.call.to_h })
  end
  step("JWK::ECDSA of a secp256k1 key") { Acme::Client::JWK::ECDSA.new(keys.ec_key("secp256k1")) }
  step("JWK::ECDSA of the RSA key") { Acme::Client::JWK::ECDSA.new(keys.rsa) }
  step("JWK::ECDSA of a public key") { Acme::Client::JWK::ECDSA.new(keys.public_ec("prime256v1")).jws(header: header, payload: { a: 1 }) }

  # A CSR and the tls-alpn-01 certificate signed by an EC key: DER, verified by the curve's key.
  ec_csr = ->(curve) { Acme::Client::CertificateRequest.new(common_name: "downstream.example", names: %w[www.downstream.example], private_key: keys.ec_key(curve)).csr }
  %w[prime256v1 secp384r1].each do |curve|
    randomized("CSR with a #{curve} key", verify: ->(der) { OpenSSL::X509::Request.new(der).then { |csr| [csr.subject.to_s, csr.verify(keys.public_ec(curve))] } }) do
      ec_csr.call(curve).to_der
    end
  end
  randomized("self-signed certificate for tls-alpn-01, P-256 key",
             verify: ->(der) { OpenSSL::X509::Certificate.new(der).then { |cert| [cert.subject.to_s, cert.not_after, cert.verify(keys.public_ec("prime256v1"))] } }) do
    Acme::Client::SelfSignCertificate.new(subject_alt_names: %w[downstream.example], not_before: Time.utc(2026, 1, 1), not_after: Time.utc(2026, 2, 1),
                                          private_key: keys.ec_key("prime256v1")).certificate.to_der
  end
end
