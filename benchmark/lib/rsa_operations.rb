# frozen_string_literal: true

require "openssl"
require_relative "chain_operations"
require_relative "structure_operations"
require_relative "tls_operations"

# The RSA operations timed on one key, each a callable. sign and decrypt use the private key (what
# fast-rsa-engine speeds up), sign_pss too (a JWT's PS256); verify, verify_pss and encrypt the public
# key alone, as an app holding a certificate does. encrypt is left out where the runtime lacks
# PKey#encrypt (stock JRuby), and sign_pss and verify_pss where it lacks them (jruby-openssl 0.15), so
# their cells show "-".
# The structures' (StructureOperations: certificates, CSRs, CRLs), and PKCS#7's: pkcs7_sign
# (PKCS7.sign), pkcs7_verify (PKCS7#verify of signed data read once, the signer's certificate
# trusted) and pkcs7_decrypt (PKCS7#decrypt of an envelope), each on objects of its
# own: as in an app, threads share a key, but each thread has its own structures (the gem signs one
# such object one thread at a time, as signing rewrites it in place). keygen makes a new key of the
# key's size a call. The chain checks (ChainOperations) under a root of this key, TLS
# (TlsOperations) with a server's certificate of this key. public_op is the public operation alone
# (m^e mod n, unpadded), the arithmetic inside each check.
class RsaOperations
  NAMES = %w[sign verify sign_pss verify_pss public_op encrypt decrypt cert_sign cert_resign cert_verify csr_sign csr_verify crl_verify ocsp_verify
             pkcs7_sign pkcs7_verify pkcs7_decrypt keygen].concat(ChainOperations::RSA_NAMES, TlsOperations::NAMES).freeze
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

  def initialize(key)
    @key = key
    public_key = key.public_key
    signature = key.sign(DIGEST, MESSAGE)
    ciphertext = key.public_encrypt(MESSAGE)
    block = signature # k bytes below n
    @operations = { "sign" => -> { key.sign(DIGEST, MESSAGE) },
                    "verify" => -> { public_key.verify(DIGEST, signature, MESSAGE) },
                    "decrypt" => -> { key.private_decrypt(ciphertext) },
                    "keygen" => -> { OpenSSL::PKey::RSA.generate(key.n.num_bits) },
                    # The arithmetic alone inside every check of a signature (m^e mod n, no padding):
                    # beside verify and the structures' and chains' rows, what is the cost around it.
                    "public_op" => -> { public_key.public_encrypt(block, OpenSSL::PKey::RSA::NO_PADDING) },
                    # PKCS#1 v1.5, which every runtime has: benchmark/benchmark.rb's encrypt row. Not in
                    # NAMES (bin/benchmark's rows, whose encrypt is OAEP), so `names` leaves it out.
                    "public_encrypt" => -> { public_key.public_encrypt(MESSAGE) } }
    if key.respond_to?(:sign_pss)
      pss_signature = key.sign_pss(DIGEST, MESSAGE, **PSS)
      @operations["sign_pss"] = -> { key.sign_pss(DIGEST, MESSAGE, **PSS) }
      @operations["verify_pss"] = -> { public_key.verify_pss(DIGEST, pss_signature, MESSAGE, **PSS) }
    end
    @operations["encrypt"] = -> { public_key.encrypt(MESSAGE, OAEP) } if public_key.respond_to?(:encrypt)
    others = Array.new(2) { OpenSSL::PKey::RSA.new(key.n.num_bits) }
    @operations.merge!(StructureOperations.operations(key, public_key, OpenSSL::Digest.new(DIGEST)), pkcs7_operations(key),
                       ChainOperations.operations(key, *others, OpenSSL::Digest.new(DIGEST)),
                       TlsOperations.operations(key, *others, OpenSSL::Digest.new(DIGEST)))
  end

  def names
    NAMES & @operations.keys
  end

  # PKCS#7 signed data of the message, and an envelope for the key, with its self-signed certificate.
  def pkcs7_operations(key)
    cert = StructureOperations.certificate(key, OpenSSL::Digest.new(DIGEST))
    signed = OpenSSL::PKCS7.new(OpenSSL::PKCS7.sign(cert, key, MESSAGE, [], OpenSSL::PKCS7::BINARY).to_der)
    store = OpenSSL::X509::Store.new.tap { |trusted| trusted.add_cert(cert) }
    envelope = OpenSSL::PKCS7.encrypt([cert], MESSAGE, OpenSSL::Cipher.new("AES-128-CBC"), OpenSSL::PKCS7::BINARY)
    { "pkcs7_sign" => -> { OpenSSL::PKCS7.sign(cert, key, MESSAGE, [], OpenSSL::PKCS7::BINARY) },
      "pkcs7_verify" => -> { signed.verify([cert], store, nil, OpenSSL::PKCS7::BINARY) },
      "pkcs7_decrypt" => -> { envelope.decrypt(key, cert) } }
  end

  # Raises unless the operations give right answers, so a broken backend is never timed; TLS's where
  # asked for (their check starts the servers, and needs a key OpenSSL's security level takes).
  def check!(asked = [])
    raise "verify rejected a good signature" unless names.grep(/\Averify/).all? { |name| @operations[name].call }
    raise "decrypt did not give the message back" unless @operations["decrypt"].call == MESSAGE
    raise "pkcs7_decrypt did not give the message back" unless @operations["pkcs7_decrypt"].call == MESSAGE
    raise "pkcs7_verify rejected good signed data" unless @operations["pkcs7_verify"].call
    StructureOperations.check!(@operations, @key)
    ChainOperations.check!(@operations)
    TlsOperations.check!(@operations) if TlsOperations.asked?(asked)
    return unless names.include?("encrypt")
    raise "encrypt did not round-trip" unless @key.decrypt(@operations["encrypt"].call, OAEP) == MESSAGE
  end
end
