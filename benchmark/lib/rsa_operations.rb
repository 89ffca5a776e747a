# frozen_string_literal: true

require "openssl"

# The four RSA operations every benchmark here measures, on one OpenSSL::PKey::RSA key:
# sign and decrypt use the private key (what fast-rsa-engine speeds up), verify and encrypt the public one.
class RsaOperations
  NAMES = %w[sign verify encrypt decrypt].freeze
  DIGEST = "SHA256"
  MESSAGE = "k" * 32 # as long as a 256-bit session key, so it can be encrypted too

  def initialize(key)
    @key = key
    @signature = key.sign(DIGEST, MESSAGE)
    @ciphertext = key.public_encrypt(MESSAGE)
  end

  def names
    NAMES
  end

  # A callable running one operation. Each thread asks for its own; all share the one key.
  def prepare(name)
    raise ArgumentError, "unknown operation #{name.inspect}" unless NAMES.include?(name)

    method(name)
  end

  # Raises unless the operations give right answers, so a broken backend is never timed.
  def check!
    raise "verify rejected a good signature" unless verify
    raise "decrypt did not give the message back" unless decrypt == MESSAGE
  end

  def sign
    @key.sign(DIGEST, MESSAGE)
  end

  def verify
    @key.verify(DIGEST, @signature, MESSAGE)
  end

  def encrypt
    @key.public_encrypt(MESSAGE)
  end

  def decrypt
    @key.private_decrypt(@ciphertext)
  end
end
