# frozen_string_literal: true

require "openssl"

# Checks of a certificate chain as a service makes them on every request, each a callable, for
# RsaOperations and EcOperations (which name them with "ec_" before): a leaf under an intermediate under
# a root, the root alone trusted by the store and the intermediate given untrusted, as an x5c header, a
# TLS peer or an OCSP responder sends its chain. store_verify is X509::Store#verify(leaf, [intermediate]);
# store_context_verify is StoreContext.new(store, leaf, [intermediate]).verify, what a library holding
# the store makes; ocsp_verify_chain checks an OCSP basic response the intermediate signed, with the
# responder's chain checked up to the root; ocsp_verify_noverify the same answer's signature alone
# (OCSP::NOVERIFY); pkcs7_verify_chain checks PKCS#7 signed data an S/MIME signer under the
# intermediate signed, the intermediate inside, the signer's chain checked up to the root (its key
# usage holds nonRepudiation too: jruby-openssl's S/MIME signing purpose requires it, OpenSSL's does
# not), for RSA keys alone (stock JRuby signs no PKCS#7 with an EC key and refuses every ECDSA signer).
# Every structure is read from its DER once, as an app reads what it receives.
module ChainOperations
  NAMES = %w[store_verify store_context_verify ocsp_verify_chain ocsp_verify_noverify].freeze
  RSA_NAMES = (NAMES + %w[pkcs7_verify_chain]).freeze
  MESSAGE = "k" * 32

  # A certificate of the key, issued by the issuer (nil: self-signed), a CA's or a leaf's extensions,
  # and a subjectAltName if given (a TLS server's).
  def self.certificate(key, subject, issuer, issuer_key, digest, ca:, usage: ca ? "keyCertSign,cRLSign" : "digitalSignature", alt_name: nil)
    cert = OpenSSL::X509::Certificate.new
    cert.version = 2
    cert.serial = ca ? 1 : 2
    cert.subject = OpenSSL::X509::Name.parse(subject)
    cert.issuer = issuer ? issuer.subject : cert.subject
    cert.public_key = key # its public half (an EC key's public_key is a point)
    cert.not_before = Time.now - 60
    cert.not_after = Time.now + 365 * 24 * 3600
    add_extensions(cert, issuer || cert, ca, usage)
    cert.add_extension(OpenSSL::X509::ExtensionFactory.new.create_extension("subjectAltName", alt_name)) if alt_name
    cert.sign(issuer_key || key, digest)
  end

  def self.add_extensions(cert, issuer, ca, usage)
    factory = OpenSSL::X509::ExtensionFactory.new(issuer, cert)
    cert.add_extension(factory.create_extension("basicConstraints", ca ? "CA:TRUE" : "CA:FALSE", true))
    cert.add_extension(factory.create_extension("keyUsage", usage, true))
    cert.add_extension(factory.create_extension("subjectKeyIdentifier", "hash"))
  end

  # name => callable, for three keys of one kind (root, intermediate, leaf) and a Digest.
  def self.operations(root_key, intermediate_key, leaf_key, digest)
    root = certificate(root_key, "/CN=Benchmark Root", nil, nil, digest, ca: true)
    intermediate = certificate(intermediate_key, "/CN=Benchmark Intermediate", root, root_key, digest, ca: true)
    leaf = certificate(leaf_key, "/CN=127.0.0.1", intermediate, intermediate_key, digest, ca: false)
    root, intermediate, leaf = [root, intermediate, leaf].map { |cert| OpenSSL::X509::Certificate.new(cert.to_der) }
    store = OpenSSL::X509::Store.new.tap { |trusted| trusted.add_cert(root) }
    ocsp = OpenSSL::OCSP::BasicResponse.new(ocsp_response(leaf, intermediate, intermediate_key, digest).to_der)
    operations = { "store_verify" => -> { store.verify(leaf, [intermediate]) },
                   "store_context_verify" => -> { OpenSSL::X509::StoreContext.new(store, leaf, [intermediate]).verify },
                   "ocsp_verify_chain" => -> { ocsp.verify([intermediate], store) },
                   "ocsp_verify_noverify" => -> { ocsp.verify([intermediate], store, OpenSSL::OCSP::NOVERIFY) } }
    leaf_key.is_a?(OpenSSL::PKey::RSA) ? operations.merge(signed_data_operations(leaf_key, intermediate, intermediate_key, store, digest)) : operations
  end

  # Signed data an S/MIME signer under the intermediate signed, the intermediate inside.
  def self.signed_data_operations(key, intermediate, intermediate_key, store, digest)
    signer = certificate(key, "/CN=signer@example.com", intermediate, intermediate_key, digest, ca: false, usage: "digitalSignature,nonRepudiation")
    signed = OpenSSL::PKCS7.new(OpenSSL::PKCS7.sign(signer, key, MESSAGE, [intermediate], OpenSSL::PKCS7::BINARY).to_der)
    { "pkcs7_verify_chain" => -> { signed.verify(nil, store, nil, OpenSSL::PKCS7::BINARY) } }
  end

  # The leaf good, in an answer its issuer signs as its own responder.
  def self.ocsp_response(leaf, issuer, issuer_key, digest)
    response = OpenSSL::OCSP::BasicResponse.new
    response.add_status(OpenSSL::OCSP::CertificateId.new(leaf, issuer), OpenSSL::OCSP::V_CERTSTATUS_GOOD, 0, nil, -60, 3600, [])
    response.sign(issuer, issuer_key, [], 0, digest)
  end

  # Raises unless every check answers true.
  def self.check!(operations)
    (RSA_NAMES & operations.keys).each { |name| raise "#{name} rejected a good chain" unless operations.fetch(name).call }
  end
end
