# frozen_string_literal: true

require "openssl"

# The RSA operations timed on one key, each a callable. sign and decrypt use the private key (what
# fast-rsa-engine speeds up); verify, verify_pss and encrypt the public key alone, as an app holding
# a certificate does. encrypt is left out where the runtime lacks PKey#encrypt (stock JRuby), and
# verify_pss where it lacks sign_pss and verify_pss (jruby-openssl 0.15), so their cells show "-".
# cert_sign, csr_sign, pkcs7_sign and pkcs7_decrypt are the private-key operations of the
# structures: X509::Certificate#sign, X509::Request#sign, PKCS7.sign and PKCS7#decrypt, each on
# objects of its own: as in an app, threads share a key, but each thread signs its own certificates
# and CSRs (the gem signs one such object one thread at a time, as signing rewrites it in place).
# keygen makes a new key of the key's size a call.
class RsaOperations
  NAMES = %w[sign verify verify_pss encrypt decrypt cert_sign csr_sign pkcs7_sign pkcs7_decrypt keygen].freeze
  DIGEST = "SHA256"
  MESSAGE = "k" * 32 # as long as a 256-bit session key, so it can be encrypted too
  PSS = { salt_length: :digest, mgf1_hash: DIGEST }.freeze
  OAEP = { rsa_padding_mode: "oaep", rsa_oaep_md: DIGEST }.freeze
  LIB = File.expand_path("../../lib", __dir__)

  attr_reader :operations # name => callable; a thread takes its callables from an RsaOperations of its own

  # Loads the RSA code a benchmark process runs, by name: "none" leaves fast-rsa-engine unloaded (MRI,
  # or stock JRuby); any other name is a backend of the gem in `lib` (this checkout's or a baseline's),
  # which raises when the backend is unknown or cannot run here; nil, the backend FAST_RSA_ENGINE picks.
  def self.use(engine, lib = LIB)
    return if engine == "none"

    $LOAD_PATH.unshift(lib)
    require "fast-rsa-engine"
    FastRsaEngine.backend = engine if engine
  end

  # A self-signed certificate for the key, valid from a minute ago for a year.
  def self.certificate(key)
    cert = OpenSSL::X509::Certificate.new
    cert.version = 2
    cert.serial = 1
    cert.subject = cert.issuer = OpenSSL::X509::Name.parse("/CN=127.0.0.1")
    cert.public_key = key # its public half (an EC key's public_key is a point)
    cert.not_before = Time.now - 60
    cert.not_after = Time.now + 365 * 24 * 3600
    cert.sign(key, OpenSSL::Digest.new(DIGEST))
  end

  def initialize(key)
    @key = key
    public_key = key.public_key
    signature = key.sign(DIGEST, MESSAGE)
    ciphertext = key.public_encrypt(MESSAGE)
    @operations = { "sign" => -> { key.sign(DIGEST, MESSAGE) },
                    "verify" => -> { public_key.verify(DIGEST, signature, MESSAGE) },
                    "decrypt" => -> { key.private_decrypt(ciphertext) },
                    "keygen" => -> { OpenSSL::PKey::RSA.generate(key.n.num_bits) },
                    # PKCS#1 v1.5, which every runtime has: benchmark/benchmark.rb's encrypt row. Not in
                    # NAMES (bin/benchmark's rows, whose encrypt is OAEP), so `names` leaves it out.
                    "public_encrypt" => -> { public_key.public_encrypt(MESSAGE) } }
    if key.respond_to?(:sign_pss)
      pss_signature = key.sign_pss(DIGEST, MESSAGE, **PSS)
      @operations["verify_pss"] = -> { public_key.verify_pss(DIGEST, pss_signature, MESSAGE, **PSS) }
    end
    @operations["encrypt"] = -> { public_key.encrypt(MESSAGE, OAEP) } if public_key.respond_to?(:encrypt)
    @operations.merge!(structure_operations(key))
  end

  def names
    NAMES & @operations.keys
  end

  # A self-signed certificate, a CSR, PKCS#7 signed data of the message and an envelope for the key.
  def structure_operations(key)
    cert = RsaOperations.certificate(key)
    request = OpenSSL::X509::Request.new.tap { |r| r.subject = cert.subject; r.public_key = key.public_key }
    digest = OpenSSL::Digest.new(DIGEST) # a Digest, not a name: jruby-openssl 0.15's CSR takes no name
    envelope = OpenSSL::PKCS7.encrypt([cert], MESSAGE, OpenSSL::Cipher.new("AES-128-CBC"), OpenSSL::PKCS7::BINARY)
    { "cert_sign" => -> { cert.sign(key, digest) },
      "csr_sign" => -> { request.sign(key, digest) },
      "pkcs7_sign" => -> { OpenSSL::PKCS7.sign(cert, key, MESSAGE, [], OpenSSL::PKCS7::BINARY) },
      "pkcs7_decrypt" => -> { envelope.decrypt(key, cert) } }
  end

  # Raises unless the operations give right answers, so a broken backend is never timed.
  def check!
    raise "verify rejected a good signature" unless names.grep(/\Averify/).all? { |name| @operations[name].call }
    raise "decrypt did not give the message back" unless @operations["decrypt"].call == MESSAGE
    raise "pkcs7_decrypt did not give the message back" unless @operations["pkcs7_decrypt"].call == MESSAGE
    raise "cert_sign made a certificate that does not verify" unless @operations["cert_sign"].call.verify(@key)
    return unless names.include?("encrypt")
    raise "encrypt did not round-trip" unless @key.decrypt(@operations["encrypt"].call, OAEP) == MESSAGE
  end
end
