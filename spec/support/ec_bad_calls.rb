# frozen_string_literal: true

# OpenSSL::PKey::EC calls with bad or unusual input, made alike in three processes: JRuby with the
# gem, JRuby with FAST_RSA_ENGINE=off (stock exactly) and MRI, each loading the same keys from PEM and
# answering JSON (MriCalls.answer). A signature is randomized, so a call that signs answers whether
# the key's public point verifies what it returned. A subprocess requires this file by path.
module EcBadCalls
  PATH = __FILE__
  DATA = "bad input"

  # The keys of the calls: a P-256 key and its public half; keys of other curves (the engine's and
  # stock's alone); an RSA key; and, where the JRuby line lets private_key= and public_key= set
  # numbers that disagree (never on MRI, whose keys are immutable), a key with the P-256 scalar and
  # another key's point.
  Keys = Struct.new(:key, :public, :other, :p384, :k1, :brainpool, :p224, :rsa, :mismatched, :signature, keyword_init: true)

  module_function

  # PEMs of fresh keys, and a signature of DATA by the P-256 key, in JSON's terms.
  def key_material
    ec = %w[prime256v1 prime256v1 secp384r1 secp256k1 brainpoolP256r1 secp224r1].map { |curve| OpenSSL::PKey::EC.generate(curve) }
    key = ec.first
    { "ec" => ec.map(&:to_pem), "rsa" => OpenSSL::PKey::RSA.new(2048).to_pem, "signature" => key.sign("SHA256", DATA).unpack1("H*") }
  end

  def keys(material)
    key, other, p384, k1, brainpool, p224 = material["ec"].map { |pem| OpenSSL::PKey::EC.new(pem) }
    Keys.new(key: key, public: OpenSSL::PKey::EC.new(key.public_to_der), other: other, p384: p384, k1: k1, brainpool: brainpool,
             p224: p224, rsa: OpenSSL::PKey::RSA.new(material["rsa"]), mismatched: mismatched(key, other),
             signature: [material["signature"]].pack("H*"))
  end

  # A P-256 key holding key's scalar and other's point, or the error the Ruby raises making it.
  def mismatched(key, other)
    made = OpenSSL::PKey::EC.new("prime256v1")
    made.private_key = key.private_key
    made.public_key = other.public_key
    made
  rescue OpenSSL::PKey::PKeyError => e # MRI 3 on OpenSSL 3: "pkeys are immutable"
    e
  end

  # Whether the public key verifies a signature (a String a signing call returned), as JSON carries it.
  def signed(signature, verifier, digest, data)
    return signature unless signature.is_a?(String)

    digest ? ["verifies", verifier.verify(digest, signature, data)] : ["verifies", verifier.dsa_verify_asn1(data, signature)]
  end

  # The signature with its SEQUENCE's length in long form: BER, not DER.
  def ber(signature)
    "\x30\x81".b + signature.b[1..]
  end

  # DER INTEGERs (r and s) in a SEQUENCE, as given (negative, zero or too large as they come).
  def der(*integers)
    OpenSSL::ASN1::Sequence(integers.map { |integer| OpenSSL::ASN1::Integer(integer) }).to_der
  end

  # r and s of a DER signature.
  def rs(signature)
    OpenSSL::ASN1.decode(signature).value.map(&:value)
  end

  # A tag, a length (in long form if asked: BER) and the content.
  def tlv(tag, content, long: false)
    [tag].pack("C") + (long ? "\x81".b : "".b) + [content.bytesize].pack("C") + content.b
  end

  # A DER INTEGER's content octets for a positive value: a zero byte before a high bit.
  def octets(value)
    magnitude = value.to_s(2)
    magnitude.getbyte(0) >= 0x80 ? "\0".b + magnitude : magnitude
  end

  # The signature with r written another way (its content, whether its length is in long form).
  def with_r(signature, content: nil, long: false)
    r, s = rs(signature)
    tlv(0x30, tlv(0x02, content || octets(r), long: long) + tlv(0x02, octets(s)))
  end

  # Signatures not in DER, each one a lenient reader may take for the signature (stock's
  # dsa_verify_asn1 and verify_raw answer true for most of them): MRI raises for every one, where it
  # answers false for a signature in DER that does not verify. Description => bytes from the signature.
  NOT_DER = {
    "garbage" => ->(_) { "*" * 30 },
    "a BER signature" => ->(signature) { ber(signature) },
    "a signature and a trailing byte" => ->(signature) { signature + "\0" },
    "a signature given twice" => ->(signature) { signature + signature },
    "a SEQUENCE of r, s and 1" => ->(signature) { der(*rs(signature), 1) },
    "a needless zero byte before r" => ->(signature) { with_r(signature, content: "\0".b + octets(rs(signature)[0])) },
    "r's length in long form" => ->(signature) { with_r(signature, long: true) },
    "an indefinite length" => ->(signature) { "\x30\x80".b + signature.b[2..] + "\0\0".b },
    "an empty signature" => ->(_) { "" },
    "a SEQUENCE of one INTEGER" => ->(_) { "\x30\x03\x02\x01\x01" },
    "a negative s" => ->(_) { der(1, -1) }
  }.freeze

  # Each verification method with each signature of NOT_DER: [description, call(keys)].
  NOT_DER_CALLS = NOT_DER.flat_map do |form, bytes|
    [["verify of #{form}", ->(k) { k.public.verify("SHA256", bytes.(k.signature), DATA) }],
     ["dsa_verify_asn1 of #{form}", ->(k) { k.public.dsa_verify_asn1(HASH, bytes.(k.signature)) }],
     ["verify_raw of #{form}", ->(k) { k.public.verify_raw("SHA256", bytes.(k.signature), HASH) }]]
  end.freeze

  HASH = OpenSSL::Digest.digest("SHA256", DATA)
  P256_ORDER = OpenSSL::PKey::EC::Group.new("prime256v1").order

  # [description, call(keys)]: each call made on each process's keys.
  CALLS = [
    # Signatures not in DER, to each verification method.
    *NOT_DER_CALLS,
    # verify: signatures out of range, digests, arguments.
    ["verify of r = 0", ->(k) { k.public.verify("SHA256", der(0, 1), DATA) }],
    ["verify of r = n", ->(k) { k.public.verify("SHA256", der(P256_ORDER, 1), DATA) }],
    ["verify of other data", ->(k) { k.public.verify("SHA256", k.signature, "other") }],
    ["verify of empty data", ->(k) { k.public.verify("SHA256", k.signature, "") }],
    ["verify with another digest", ->(k) { k.public.verify("SHA384", k.signature, DATA) }],
    ["verify with a nil digest", ->(k) { k.public.verify(nil, k.signature, DATA) }],
    ["verify with an unknown digest", ->(k) { k.public.verify("FOO", k.signature, DATA) }],
    ["verify with a Symbol digest", ->(k) { k.public.verify(:SHA256, k.signature, DATA) }],
    ["verify with a lower-case digest name", ->(k) { k.public.verify("sha256", k.signature, DATA) }],
    ["verify of a nil signature", ->(k) { k.public.verify("SHA256", nil, DATA) }],
    ["verify of nil data", ->(k) { k.public.verify("SHA256", k.signature, nil) }],
    ["verify with two arguments", ->(k) { k.public.verify("SHA256", k.signature) }],
    ["verify with four arguments", ->(k) { k.public.verify("SHA256", k.signature, DATA, {}) }],
    ["verify with the P-384 key", ->(k) { k.p384.verify("SHA256", k.signature, DATA) }],
    # dsa_verify_asn1 and verify_raw: the hash as given.
    ["dsa_verify_asn1 of an empty hash", ->(k) { k.public.dsa_verify_asn1("", k.signature) }],
    ["dsa_verify_asn1 of a 64-byte hash", ->(k) { k.public.dsa_verify_asn1(HASH * 2, k.signature) }],
    ["dsa_verify_asn1 of a nil signature", ->(k) { k.public.dsa_verify_asn1(HASH, nil) }],
    ["dsa_verify_asn1 of a nil hash", ->(k) { k.public.dsa_verify_asn1(nil, k.signature) }],
    ["dsa_verify_asn1 with one argument", ->(k) { k.public.dsa_verify_asn1(HASH) }],
    ["verify_raw of the hash", ->(k) { k.public.verify_raw("SHA256", k.signature, HASH) }],
    ["verify_raw with a nil digest", ->(k) { k.public.verify_raw(nil, k.signature, HASH) }],
    ["verify_raw with a digest of another length", ->(k) { k.public.verify_raw("SHA384", k.signature, HASH) }],
    ["verify_raw with an unknown digest", ->(k) { k.public.verify_raw("FOO", k.signature, HASH) }],
    ["verify_raw with an empty digest name, a signature given twice", ->(k) { k.public.verify_raw("", k.signature * 2, HASH) }],
    ["verify_raw with a Symbol digest, a signature given twice", ->(k) { k.public.verify_raw(:sha256, k.signature * 2, HASH) }],
    ["verify_raw with a NUL byte in the digest's name, a signature given twice", ->(k) { k.public.verify_raw("SHA256\0", k.signature * 2, HASH) }],
    # sign and dsa_sign_asn1 / sign_raw.
    ["sign of empty data", ->(k) { signed(k.key.sign("SHA256", ""), k.public, "SHA256", "") }],
    ["sign of nil", ->(k) { k.key.sign("SHA256", nil) }],
    ["sign of an Integer", ->(k) { k.key.sign("SHA256", 42) }],
    ["sign with a nil digest", ->(k) { signed(k.key.sign(nil, DATA), k.public, "SHA256", DATA) }],
    ["sign with an Integer digest", ->(k) { k.key.sign(5, DATA) }],
    ["sign with a Symbol digest", ->(k) { signed(k.key.sign(:SHA256, DATA), k.public, "SHA256", DATA) }],
    ["sign with a lower-case digest name", ->(k) { signed(k.key.sign("sha256", DATA), k.public, "SHA256", DATA) }],
    ["sign with an OpenSSL::Digest", ->(k) { signed(k.key.sign(OpenSSL::Digest.new("SHA384"), DATA), k.public, "SHA384", DATA) }],
    ["sign with an unknown digest", ->(k) { k.key.sign("FOO", DATA) }],
    ["sign with MD5", ->(k) { signed(k.key.sign("MD5", DATA), k.public, "MD5", DATA) }],
    ["sign with SHA3-256", ->(k) { signed(k.key.sign("SHA3-256", DATA), k.public, "SHA3-256", DATA) }],
    ["sign with RIPEMD160", ->(k) { signed(k.key.sign("RIPEMD160", DATA), k.public, "RIPEMD160", DATA) }],
    ["sign with SHA-256 spelt with a hyphen", ->(k) { signed(k.key.sign("SHA-256", DATA), k.public, "SHA256", DATA) }],
    ["sign with one argument", ->(k) { k.key.sign("SHA256") }],
    ["sign with three arguments", ->(k) { k.key.sign("SHA256", DATA, {}) }],
    ["sign with a public-only key", ->(k) { k.public.sign("SHA256", DATA) }],
    ["dsa_sign_asn1 of an empty hash", ->(k) { signed(k.key.dsa_sign_asn1(""), k.public, nil, "") }],
    ["dsa_sign_asn1 of a 64-byte hash", ->(k) { signed(k.key.dsa_sign_asn1(HASH * 2), k.public, nil, HASH * 2) }],
    ["dsa_sign_asn1 of a 1-byte hash", ->(k) { signed(k.key.dsa_sign_asn1("x"), k.public, nil, "x") }],
    ["dsa_sign_asn1 of nil", ->(k) { k.key.dsa_sign_asn1(nil) }],
    ["dsa_sign_asn1 of an Integer", ->(k) { k.key.dsa_sign_asn1(42) }],
    ["dsa_sign_asn1 with two arguments", ->(k) { k.key.dsa_sign_asn1(HASH, HASH) }],
    ["dsa_sign_asn1 with a public-only key", ->(k) { k.public.dsa_sign_asn1(HASH) }],
    ["sign_raw of the hash", ->(k) { signed(k.key.sign_raw("SHA256", HASH), k.public, nil, HASH) }],
    ["sign_raw with a nil digest", ->(k) { signed(k.key.sign_raw(nil, HASH), k.public, nil, HASH) }],
    ["sign_raw with a digest of another length", ->(k) { signed(k.key.sign_raw("SHA384", HASH), k.public, nil, HASH) }],
    ["sign_raw with an unknown digest", ->(k) { signed(k.key.sign_raw("FOO", HASH), k.public, nil, HASH) }],
    ["sign_raw with a public-only key", ->(k) { k.public.sign_raw("SHA256", HASH) }],
    # ECDH: points and keys of other curves, infinity, other types, no private key.
    ["dh_compute_key with a P-384 point", ->(k) { k.key.dh_compute_key(k.p384.public_key) }],
    ["dh_compute_key with a secp256k1 point", ->(k) { k.key.dh_compute_key(k.k1.public_key) }],
    ["dh_compute_key with a brainpoolP256r1 point", ->(k) { k.key.dh_compute_key(k.brainpool.public_key) }],
    ["dh_compute_key with the point at infinity", ->(k) { k.key.dh_compute_key(OpenSSL::PKey::EC::Point.new(k.key.group).set_to_infinity!) }],
    # MRI's Point.new(group) is the point at infinity, stock's the generator (ec/EcPoints.java).
    ["dh_compute_key with Point.new(group)", ->(k) { k.key.dh_compute_key(OpenSSL::PKey::EC::Point.new(k.key.group)) }],
    ["dh_compute_key with a copy of Point.new(group)",
     ->(k) { k.key.dh_compute_key(OpenSSL::PKey::EC::Point.new(OpenSSL::PKey::EC::Point.new(k.key.group))) }],
    ["dh_compute_key with Point.new(group) and a public-only key", ->(k) { k.public.dh_compute_key(OpenSSL::PKey::EC::Point.new(k.key.group)) }],
    ["dh_compute_key with the generator", ->(k) { k.key.dh_compute_key(k.key.group.generator) }],
    ["dh_compute_key with its own point", ->(k) { k.key.dh_compute_key(k.key.public_key) }],
    ["dh_compute_key with nil", ->(k) { k.key.dh_compute_key(nil) }],
    ["dh_compute_key with a String", ->(k) { k.key.dh_compute_key(k.other.public_key.to_octet_string(:uncompressed)) }],
    ["dh_compute_key with an Integer", ->(k) { k.key.dh_compute_key(42) }],
    ["dh_compute_key with no argument", ->(k) { k.key.dh_compute_key }],
    ["dh_compute_key with a public-only key", ->(k) { k.public.dh_compute_key(k.other.public_key) }],
    ["derive with a P-384 key", ->(k) { k.key.derive(k.p384) }],
    ["derive with a secp256k1 key", ->(k) { k.key.derive(k.k1) }],
    ["derive with a brainpoolP256r1 key", ->(k) { k.key.derive(k.brainpool) }],
    ["derive with an RSA key", ->(k) { k.key.derive(k.rsa) }],
    ["derive with nil", ->(k) { k.key.derive(nil) }],
    ["derive with a String", ->(k) { k.key.derive("peer") }],
    ["derive with its own key", ->(k) { k.key.derive(k.key) }],
    ["derive with a public-only peer", ->(k) { k.key.derive(OpenSSL::PKey::EC.new(k.other.public_to_der)) }],
    ["derive with a public-only key", ->(k) { k.public.derive(k.other) }],
    ["derive with no argument", ->(k) { k.key.derive }],
    # Curves no engine takes: stock's.
    ["brainpoolP256r1 sign", ->(k) { signed(k.brainpool.sign("SHA256", DATA), k.brainpool, "SHA256", DATA) }],
    ["brainpoolP256r1 dh_compute_key", ->(k) { k.brainpool.dh_compute_key(k.brainpool.public_key) }],
    ["secp224r1 sign", ->(k) { signed(k.p224.sign("SHA256", DATA), k.p224, "SHA256", DATA) }],
    ["secp224r1 dh_compute_key", ->(k) { k.p224.dh_compute_key(k.p224.public_key) }],
    # A key whose point is not its scalar's: what it signs verifies under the scalar's point only.
    ["mismatched key: sign, verified by the scalar's point and by its own",
     ->(k) { k.mismatched.sign("SHA256", DATA).then { |s| [k.public.verify("SHA256", s, DATA), k.mismatched.verify("SHA256", s, DATA)] } }],
    ["mismatched key: dsa_sign_asn1, verified by the scalar's point and by its own",
     ->(k) { k.mismatched.dsa_sign_asn1(HASH).then { |s| [k.public.dsa_verify_asn1(HASH, s), k.mismatched.dsa_verify_asn1(HASH, s)] } }],
    ["mismatched key: verify of its scalar's signature", ->(k) { k.mismatched.verify("SHA256", k.signature, DATA) }],
    ["mismatched key: dh_compute_key", ->(k) { k.mismatched.dh_compute_key(k.other.public_key) }],
    ["mismatched key: derive", ->(k) { k.mismatched.derive(k.other) }]
  ].freeze

  # Every call's answer, in order, on these keys.
  def answers(keys)
    CALLS.map { |_, call| MriCalls.answer { call.call(keys) } }
  end
end
