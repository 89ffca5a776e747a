# frozen_string_literal: true

# ruby-certificate-authority: a root, an intermediate of another key size and a leaf, each signed
# with every digest its profiles take, keys loaded through its key material (and keys of other
# types given where RSA is expected), CSRs, a CRL with entries revoked at one time, and an OCSP
# response to a signed request. Certificates and CSRs have fixed serials and times: they compare
# byte for byte. CRLs and OCSP responses carry the time they were signed: the other configuration
# verifies them and reads them back.
Downstream.library "certificate_authority", package: "ruby-certificate-authority", requires: %w[certificate_authority] do
  ca = CertificateAuthority
  material = ->(key) { ca::MemoryKeyMaterial.new.tap { |m| m.private_key = key; m.public_key = key.public_key } }
  entity = lambda do |name, serial, key, parent: nil, signing: true, profile: {}|
    ca::Certificate.new.tap do |cert|
      cert.subject.common_name = name
      cert.serial_number.number = serial
      cert.key_material = material.call(key)
      cert.not_before = Time.utc(2026, 1, 1)
      cert.not_after = Time.utc(2036, 1, 1)
      cert.parent = parent if parent
      cert.signing_entity = signing
      cert.sign!(profile)
    end
  end
  root = -> { @root ||= entity.call("downstream root", 1, keys.rsa) }
  intermediate = -> { @intermediate ||= entity.call("downstream intermediate", 2, keys.rsa_3072, parent: root.call) }
  leaf = ->(serial = 3, profile = {}) { entity.call("leaf#{serial}.example", serial, keys.other_rsa, parent: intermediate.call, signing: false, profile: profile) }
  store = lambda do
    OpenSSL::X509::Store.new.tap do |s|
      s.add_cert(root.call.openssl_body)
      s.time = Time.utc(2027, 1, 1)
    end
  end
  read_back = ->(cert) { [cert.to_der, cert.signature_algorithm, cert.extensions.map(&:to_s), cert.not_before] }

  step("root certificate") { read_back.call(root.call.openssl_body) }
  step("intermediate certificate") { read_back.call(intermediate.call.openssl_body) }
  %w[SHA512 SHA384 SHA256 SHA224 SHA1 MD5 SHA3-256 SHA3-512].each do |digest|
    step("leaf certificate signed with #{digest}") { read_back.call(leaf.call(3, "digest" => digest).openssl_body) }
  end
  step("leaf certificate's text") { leaf.call.openssl_body.to_text }
  step("the chain verifies") do
    s = store.call
    [s.verify(leaf.call.openssl_body, [intermediate.call.openssl_body]), s.error_string]
  end
  step("a leaf verified against another key") { leaf.call.openssl_body.verify(keys.ec) }

  step("key material from a PEM pair") { ca::KeyMaterial.from_x509_key_pair(keys.pem("rsa.pem")).private_key.to_der }
  step("key material from an encrypted PEM") { ca::KeyMaterial.from_x509_key_pair(keys.pem("rsa_encrypted.pem"), Downstream::Keys::PASSPHRASE).private_key.to_der }
  step("key material from an encrypted PEM, wrong password") { ca::KeyMaterial.from_x509_key_pair(keys.pem("rsa_encrypted.pem"), "wrong") }
  step("key material from an EC PEM") { ca::KeyMaterial.from_x509_key_pair(keys.pem("ec.pem")) }
  step("key material from a DSA PEM") { ca::KeyMaterial.from_x509_key_pair(keys.pem("dsa.pem")) }
  step("key material from a public key") { ca::KeyMaterial.from_x509_public_key(keys.pem("rsa_public.pem")).public_key.to_der }
  step("an EC key signing a leaf") { entity.call("ec.example", 4, keys.ec, parent: intermediate.call, signing: false).openssl_body.to_der.bytesize }

  csr = -> { leaf.call.to_csr.to_x509_csr }
  step("CSR") { [csr.call.to_der, csr.call.verify(keys.other_rsa.public_key)] }
  step("certificate from a CSR") do
    cert = ca::SigningRequest.from_x509_csr(csr.call.to_pem).to_cert
    cert.serial_number.number = 6
    cert.not_before = Time.utc(2026, 1, 1)
    cert.not_after = Time.utc(2036, 1, 1)
    cert.parent = intermediate.call
    read_back.call(cert.sign!)
  end

  # The entries as a set: stock's order of entries of one time changes from process to process,
  # where the gem reads them in the CRL's order, as MRI (DIFFERENCES.md, crl-revoked-order;
  # spec/fast_rsa_engine/crl_revoked_order_spec.rb checks that order against MRI).
  read_crl = lambda do |pem|
    crl = OpenSSL::X509::CRL.new(pem)
    [crl.verify(intermediate.call.key_material.public_key), crl.issuer.to_s, crl.signature_algorithm, crl.revoked.map { |r| [r.serial.to_i, r.time] }.sort]
  end
  %w[SHA512 SHA256 SHA1 SHA3-256].each do |digest|
    randomized("CRL of entries revoked at one time, #{digest}", verify: read_crl) do
      crl = ca::CertificateRevocationList.new
      crl.parent = intermediate.call
      [2, 5, 9].each { |serial| crl << leaf.call(serial).tap { |cert| cert.revoke!(Time.utc(2026, 6, 1)) } }
      crl.sign!("digest" => digest)
      crl.to_pem
    end
  end

  request = lambda do
    cert_id = OpenSSL::OCSP::CertificateId.new(leaf.call.openssl_body, intermediate.call.openssl_body)
    OpenSSL::OCSP::Request.new.add_certid(cert_id).sign(leaf.call.openssl_body, keys.other_rsa, [], 0)
  end
  # Stock jruby-openssl raises NullPointerException here (OCSPRequest#addNonceImpl): compared all the same.
  step("OCSP request with a nonce") { request.call.add_nonce("downstream nonce").to_der }
  step("OCSP request, signed") { [request.call.to_der, request.call.verify([leaf.call.openssl_body], store.call, OpenSSL::OCSP::NOVERIFY)] }
  read_ocsp = lambda do |der|
    basic = OpenSSL::OCSP::Response.new(der).basic
    [basic.verify([intermediate.call.openssl_body], store.call), basic.status.map { |id, status, reason| [id.serial.to_i, status, reason] }]
  end
  # Stock jruby-openssl raises NullPointerException in copy_nonce, which the builder always calls.
  randomized("OCSP response", verify: read_ocsp) do
    reader = ca::OCSPRequestReader.from_der(request.call.to_der)
    builder = ca::OCSPResponseBuilder.from_request_reader(reader)
    builder.parent = intermediate.call
    builder.build_response.to_der
  end
end
