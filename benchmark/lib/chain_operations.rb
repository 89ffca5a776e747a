# frozen_string_literal: true

require "openssl"

# Checks of a certificate chain as a service makes them on every request, each a callable, for
# RsaOperations and EcOperations (which name them with "ec_" before): a leaf under an intermediate under
# a root, the root alone trusted by the store and the intermediate given untrusted, as an x5c header, a
# TLS peer or an OCSP responder sends its chain. store_verify is X509::Store#verify(leaf, [intermediate]);
# store_context_verify is StoreContext.new(store, leaf, [intermediate]).verify, what a library holding
# the store makes; ocsp_verify_chain checks an OCSP basic response the intermediate signed, with the
# responder's chain checked up to the root; ocsp_verify_noverify the same answer's signature alone
# (OCSP::NOVERIFY). Every structure is read from its DER once, as an app reads what it receives.
# (PKCS7#verify with the signer's chain has no row: jruby-openssl 0.16 answers false for every chain
# the signer's own certificate is not trusted in, "unable to get local issuer certificate"; MRI true.)
module ChainOperations
  NAMES = %w[store_verify store_context_verify ocsp_verify_chain ocsp_verify_noverify].freeze
  MESSAGE = "k" * 32

  # A certificate of the key, issued by the issuer (nil: self-signed), a CA's or a leaf's extensions.
  def self.certificate(key, subject, issuer, issuer_key, digest, ca:)
    cert = OpenSSL::X509::Certificate.new
    cert.version = 2
    cert.serial = ca ? 1 : 2
    cert.subject = OpenSSL::X509::Name.parse(subject)
    cert.issuer = issuer ? issuer.subject : cert.subject
    cert.public_key = key # its public half (an EC key's public_key is a point)
    cert.not_before = Time.now - 60
    cert.not_after = Time.now + 365 * 24 * 3600
    add_extensions(cert, issuer || cert, ca)
    cert.sign(issuer_key || key, digest)
  end

  def self.add_extensions(cert, issuer, ca)
    factory = OpenSSL::X509::ExtensionFactory.new(issuer, cert)
    cert.add_extension(factory.create_extension("basicConstraints", ca ? "CA:TRUE" : "CA:FALSE", true))
    cert.add_extension(factory.create_extension("keyUsage", ca ? "keyCertSign,cRLSign" : "digitalSignature", true))
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
    { "store_verify" => -> { store.verify(leaf, [intermediate]) },
      "store_context_verify" => -> { OpenSSL::X509::StoreContext.new(store, leaf, [intermediate]).verify },
      "ocsp_verify_chain" => -> { ocsp.verify([intermediate], store) },
      "ocsp_verify_noverify" => -> { ocsp.verify([intermediate], store, OpenSSL::OCSP::NOVERIFY) } }
  end

  # The leaf good, in an answer its issuer signs as its own responder.
  def self.ocsp_response(leaf, issuer, issuer_key, digest)
    response = OpenSSL::OCSP::BasicResponse.new
    response.add_status(OpenSSL::OCSP::CertificateId.new(leaf, issuer), OpenSSL::OCSP::V_CERTSTATUS_GOOD, 0, nil, -60, 3600, [])
    response.sign(issuer, issuer_key, [], 0, digest)
  end

  # Raises unless every check answers true.
  def self.check!(operations)
    NAMES.each { |name| raise "#{name} rejected a good chain" unless operations.fetch(name).call }
  end
end
