# frozen_string_literal: true

# EC keys for specs: the curves the EC engine takes and some it leaves to stock, keys made from
# a private scalar, and the engine's own count of the EC calls it answered (FastRsaEngine.stats).
module EcFixtures
  # The curves an EC engine takes (ext/java EcCurve), by OpenSSL's names.
  ENGINE_CURVES = %w[prime256v1 secp384r1 secp521r1 secp256k1].freeze
  # Curves jruby-openssl has and no engine takes: their keys stay with stock (key_declined).
  STOCK_CURVES = %w[brainpoolP256r1 secp224r1].freeze
  # The digests the engine signs with; others (MD5, SHA-3, RIPEMD-160) stay with stock.
  DIGESTS = %w[SHA1 SHA224 SHA256 SHA384 SHA512].freeze

  module_function

  # The key of a private scalar (a BN) on a curve, read from SEC 1 DER with its public point (or the
  # point of another scalar, `point_of:`; or none, `point_of: nil`): the way that works on MRI too,
  # whose keys are immutable (no private_key=). Each call makes a new key; the public point of a
  # scalar is computed once (stock's Point#mul, which no backend changes, was most of the time of
  # the Wycheproof ECDH specs, which make each test's key again under every backend).
  def from_scalar(curve, scalar, point_of: scalar)
    group = OpenSSL::PKey::EC::Group.new(curve)
    octets = scalar.to_s(2).rjust((group.degree + 7) / 8, "\0")
    point = point_of && point_octets(group, curve, point_of)
    OpenSSL::PKey::EC.new(OpenSSL::ASN1::Sequence([OpenSSL::ASN1::Integer(1), OpenSSL::ASN1::OctetString(octets),
                                                   OpenSSL::ASN1::ObjectId(curve, 0, :EXPLICIT),
                                                   *(OpenSSL::ASN1::BitString(point, 1, :EXPLICIT) if point)]).to_der)
  end

  POINTS = {} # [curve, scalar's hex] => the point's uncompressed octets
  POINTS_LOCK = Mutex.new

  def point_octets(group, curve, scalar)
    id = [curve, scalar.to_s(16)]
    POINTS_LOCK.synchronize { POINTS[id] } ||
      group.generator.mul(scalar).to_octet_string(:uncompressed).tap { |octets| POINTS_LOCK.synchronize { POINTS[id] = octets.freeze } }
  end

  # A key's public half alone, as a verifier or a peer holds it.
  def public_only(key)
    OpenSSL::PKey::EC.new(key.public_to_der)
  end

  # How many calls of each EC method (by its stats name, :ec_sign) the engine answered while the block ran.
  def engine_answers(*methods)
    before = methods.to_h { |method| [method, answered(method)] }
    yield
    methods.to_h { |method| [method, answered(method) - before[method]] }
  end

  def answered(method)
    FastRsaEngine.stats[:calls].fetch(method, {}).fetch(:engine, 0)
  end

  # Whether the active backend has an EC engine (AWS-LC's): on any other, EC stays with stock.
  def engine?
    RUBY_ENGINE == "jruby" && FastRsaEngine::Native.ec?
  end

  # Whether a signature is DER as OpenSSL writes it: SEQUENCE { INTEGER r, INTEGER s }, r and s
  # positive, every length and integer minimal, nothing after it. Read byte by byte, as a DER reader
  # would, so that it judges garbage the same on MRI and JRuby.
  def strict_der?(signature)
    bytes = signature.b.bytes
    length, at = der_length(bytes, 1)
    return false unless bytes[0] == 0x30 && length && at + length == bytes.size

    2.times do
      return false unless bytes[at] == 0x02

      length, at = der_length(bytes, at + 1)
      return false unless length && at + length <= bytes.size && minimal_positive?(bytes[at, length])

      at += length
    end
    at == bytes.size
  end

  # The DER length at an index and where its content starts; nil unless a minimal definite length.
  def der_length(bytes, index)
    first = bytes[index] or return nil
    return [first, index + 1] if first < 0x80

    count = first - 0x80
    octets = bytes[index + 1, count]
    return nil unless (1..2).cover?(count) && octets.size == count && octets[0] != 0

    value = octets.inject(0) { |sum, octet| (sum << 8) | octet }
    value >= 0x80 ? [value, index + 1 + count] : nil
  end

  # Whether INTEGER content octets are a positive number in the fewest octets.
  def minimal_positive?(octets)
    return false if octets.empty? || octets[0] >= 0x80 || octets.all?(&:zero?)

    !(octets[0].zero? && octets.size > 1 && octets[1] < 0x80)
  end
end
