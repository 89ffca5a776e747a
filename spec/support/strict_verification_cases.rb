# frozen_string_literal: true

# The structures an attacker makes from good ones, for the strict verification spec and the fuzzer's
# reference: MRI signs a certificate, CSR, CRL, OCSP response and PKCS#7 signature with RSA and EC keys,
# alters each (DER spelt otherwise, identifiers apart, signatures and DigestInfo in other forms, fields set
# after signing), and answers every case with its own verify. The script runs under MRI
# (MRI.run(StrictVerificationCases::SCRIPT, input)): input {"keys" => {name => PEM}}; output
# {"certificates" => {signer => DER hex}, "cases" => [[kind, name, DER hex, signer, setter, MRI's answer]]},
# the answer true, false or the class and message raised, the setter nil or [method, argument spec].
module StrictVerificationCases
  PATH = __FILE__
  KINDS = %w[certificate request crl ocsp pkcs7].freeze
  READERS = { "certificate" => "OpenSSL::X509::Certificate", "request" => "OpenSSL::X509::Request", "crl" => "OpenSSL::X509::CRL",
              "ocsp" => "OpenSSL::OCSP::BasicResponse", "pkcs7" => "OpenSSL::PKCS7" }.freeze

  module_function

  # A case's answer, as MRI's script and the spec give it: the structure read from its DER, the field
  # set (stock's warning that a CSR's version= has no effect silenced), verified with the signer's key,
  # or for OCSP and PKCS#7 with its certificate (OCSP::NOVERIFY, PKCS7::NOVERIFY); true, false, or
  # [error class, message].
  def answer(kind, der, key, certificate, setter)
    object = Object.const_get(READERS.fetch(kind)).new(der)
    set(object, *setter) if setter
    store = OpenSSL::X509::Store.new
    case kind
    when "ocsp" then object.verify([certificate], store, OpenSSL::OCSP::NOVERIFY)
    when "pkcs7" then object.verify([certificate], store, nil, OpenSSL::PKCS7::NOVERIFY)
    else object.verify(key)
    end
  rescue Exception => e # rubocop:disable Lint/RescueException: a Java exception that escaped is a finding
    [e.class.name, e.message]
  end

  def set(object, setter, value)
    verbose, $VERBOSE = $VERBOSE, nil
    object.public_send(setter, setter == "subject=" ? OpenSSL::X509::Name.parse(value) : value)
  ensure
    $VERBOSE = verbose
  end

  SCRIPT = <<~RUBY
    require #{PATH.inspect}
    #{<<~'BODY'}
    input = JSON.parse($stdin.read)
    keys = input["keys"].transform_values { |pem| OpenSSL::PKey.read(pem) }
    keys["p256"] = OpenSSL::PKey::EC.generate("prime256v1")
    keys["p384"] = OpenSSL::PKey::EC.generate("secp384r1")
    A = OpenSSL::ASN1
    ec = ->(key) { key.is_a?(OpenSSL::PKey::EC) }
    public_part = ->(key) { ec.(key) ? key : key.public_key }

    # DER by hand, where OpenSSL::ASN1 would write it as DER: a header in any length form.
    length = ->(n, long = false) { n < 0x80 && !long ? n.chr : [0x80 | [n].pack("N").sub(/\A\0+/, "").bytesize].pack("C") + [n].pack("N").sub(/\A\0+/, "") }
    header = ->(tag, content, long = false) { tag.chr + length.(content.bytesize, long) + content }
    # An element's header and content (the DER given starts with it).
    split = lambda do |der|
      first = der.getbyte(1)
      start = first < 0x80 ? 2 : 2 + (first & 0x7F)
      size = first < 0x80 ? first : der.byteslice(2, first & 0x7F).bytes.inject(0) { |a, b| (a << 8) | b }
      [der.getbyte(0), der.byteslice(start, size), der.byteslice(start + size..)]
    end
    children = lambda do |der|
      _, content, = split.(der)
      parts = []
      until content.empty?
        tag, inner, rest = split.(content)
        parts << content.byteslice(0, content.bytesize - rest.bytesize)
        content = rest
      end
      parts
    end
    sequence = ->(parts, long = false) { header.(0x30, parts.join, long) }

    name = OpenSSL::X509::Name.parse("/CN=strict/O=fast-rsa-engine")
    build = {
      "certificate" => lambda do |key, digest, serial|
        cert = OpenSSL::X509::Certificate.new
        cert.version = 2
        cert.serial = serial
        cert.subject = cert.issuer = name
        cert.public_key = public_part.(key)
        cert.not_before = Time.at(1_700_000_000)
        cert.not_after = Time.at(4_000_000_000)
        factory = OpenSSL::X509::ExtensionFactory.new(cert, cert)
        cert.add_extension(factory.create_extension("basicConstraints", "CA:TRUE", true))
        cert.sign(key, digest).to_der
      end,
      "request" => lambda do |key, digest, serial|
        request = OpenSSL::X509::Request.new
        request.version = 0
        request.subject = OpenSSL::X509::Name.parse("/CN=strict #{serial}/O=fast-rsa-engine")
        request.public_key = public_part.(key)
        extensions = A::Sequence([OpenSSL::X509::Extension.new("basicConstraints", A::Sequence([A::Boolean(true)]).to_der, true)])
        request.add_attribute(OpenSSL::X509::Attribute.new("extReq", A::Set([extensions])))
        request.sign(key, digest).to_der
      end,
      "crl" => lambda do |key, digest, serial|
        crl = OpenSSL::X509::CRL.new
        crl.version = 1
        crl.issuer = name
        crl.last_update = Time.at(1_700_000_000)
        crl.next_update = Time.at(4_000_000_000)
        crl.add_revoked(OpenSSL::X509::Revoked.new.tap { |r| r.serial = serial; r.time = Time.at(1_800_000_000) })
        crl.add_extension(OpenSSL::X509::Extension.new("crlNumber", A::Integer(serial).to_der, true))
        crl.sign(key, digest).to_der
      end
    }
    certificates = keys.to_h { |signer, key| [signer, OpenSSL::X509::Certificate.new(build["certificate"].(key, "SHA256", 1))] }
    build["ocsp"] = lambda do |key, digest, serial|
      signer = keys.key(key)
      response = OpenSSL::OCSP::BasicResponse.new
      id = OpenSSL::OCSP::CertificateId.new(certificates[signer], certificates[signer])
      response.add_status(id, OpenSSL::OCSP::V_CERTSTATUS_GOOD, 0, nil, Time.at(1_700_000_000 + serial), Time.at(4_000_000_000), [])
      response.sign(certificates[signer], key, [], OpenSSL::OCSP::NOCERTS, OpenSSL::Digest.new(digest)).to_der
    end
    build["pkcs7"] = lambda do |key, digest, serial|
      OpenSSL::PKCS7.sign(certificates[keys.key(key)], key, "content #{serial}", [], OpenSSL::PKCS7::BINARY | OpenSSL::PKCS7::NOCERTS).to_der
    end

    # X.509's SIGNED{}: [tbs, algorithm, signature BIT STRING, rest], as DER pieces.
    parts = ->(der) { children.(der) }
    inner_at = { "certificate" => 2, "crl" => 1 }
    # The structure from its pieces; the algorithm inside the TBS replaced where given (certificate, CRL).
    assemble = lambda do |kind, tbs, outer, bits, rest = [], inner: nil, long: false|
      if inner
        fields = children.(tbs)
        fields[inner_at[kind]] = inner
        tbs = sequence.(fields)
      end
      sequence.([tbs, outer, bits, *rest], long)
    end
    bit_string = ->(bytes, unused = 0) { header.(0x03, unused.chr + bytes) }
    rsa_algorithm = ->(digest, null = true) { A::Sequence([A::ObjectId("#{digest.downcase}WithRSAEncryption"), *(null ? [A::Null(nil)] : [])]).to_der }
    ec_algorithm = ->(digest, null = false) { A::Sequence([A::ObjectId("ecdsa-with-#{digest}"), *(null ? [A::Null(nil)] : [])]).to_der }
    digest_info = lambda do |digest, data, null = true|
      A::Sequence([A::Sequence([A::ObjectId(digest), *(null ? [A::Null(nil)] : [])]), A::OctetString(OpenSSL::Digest.digest(digest, data))]).to_der
    end
    # An RSA signature of the TBS's bytes: PKCS#1 v1.5 of the DigestInfo given.
    rsa_sign = ->(key, info) { key.private_encrypt(info) }
    pss_id = lambda do |params|
      A::Sequence([A::ObjectId("RSASSA-PSS"), *params]).to_der
    end
    # A signed structure's pieces, the TBS signed again by the key as given.
    resigned = lambda do |kind, der, key, outer: nil, inner: nil, signature: nil, long: false|
      tbs, algorithm, _bits, *rest = parts.(der)
      if inner
        fields = children.(tbs)
        fields[inner_at[kind]] = inner
        tbs = sequence.(fields)
      end
      bytes = signature ? signature.(tbs) : key.sign("SHA256", tbs)
      sequence.([tbs, outer || algorithm, bit_string.(bytes), *rest], long)
    end
    # The TBS with its first field's length in long form: not DER, the same values.
    long_first_field = lambda do |tbs|
      first, *others = children.(tbs)
      tag, content, = split.(first)
      sequence.([header.(tag, content, true), *others])
    end
    # The TBS with its first BOOLEAN TRUE written 0x01: not DER (DER writes 0xFF).
    boolean_one = ->(tbs) { tbs.sub("\x01\x01\xFF".b, "\x01\x01\x01".b) }
    with_tbs = lambda do |der, tbs|
      _, algorithm, bits, *rest = parts.(der)
      sequence.([tbs, algorithm, bits, *rest])
    end
    flip_last = ->(der) { der.dup.tap { |b| b.setbyte(b.bytesize - 1, b.getbyte(b.bytesize - 1) ^ 1) } }

    # A signature whose first byte is zero, found by signing with serials from 2 (about one in 256).
    leading_zero = lambda do |kind, key|
      (2..20_000).each do |serial|
        der = build[kind].(key, "SHA256", serial)
        bits = split.(parts.(der)[2])[1]
        return der if bits.getbyte(1).zero?
      end
      raise "no signature with a leading zero byte"
    end

    cases = []
    add = ->(kind, name, der, signer, setter = nil) { cases << [kind, name, der, signer, setter] }
    %w[certificate request crl ocsp].each do |kind|
      rsa = keys["rsa"]
      good = build[kind].(rsa, "SHA256", 1)
      tbs, algorithm, bits, *rest = parts.(good)
      signature = split.(bits)[1].byteslice(1..)
      add.(kind, "rsa good", good, "rsa")
      add.(kind, "rsa outer without NULL", assemble.(kind, tbs, rsa_algorithm.("SHA256", false), bits, rest), "rsa")
      if inner_at[kind]
        add.(kind, "rsa inner without NULL, signed", resigned.(kind, good, rsa, inner: rsa_algorithm.("SHA256", false)), "rsa")
        add.(kind, "rsa both without NULL, signed", resigned.(kind, good, rsa, outer: rsa_algorithm.("SHA256", false), inner: rsa_algorithm.("SHA256", false)), "rsa")
        add.(kind, "rsa inner SHA-1 outer SHA-256", assemble.(kind, tbs, algorithm, bits, rest, inner: rsa_algorithm.("SHA1")), "rsa")
      end
      add.(kind, "rsa DigestInfo without NULL", resigned.(kind, good, rsa, signature: ->(t) { rsa_sign.(rsa, digest_info.("SHA256", t, false)) }), "rsa")
      add.(kind, "rsa DigestInfo of SHA-1 under SHA-256", resigned.(kind, good, rsa, signature: ->(t) { rsa_sign.(rsa, digest_info.("SHA1", t)) }), "rsa")
      zero = leading_zero.(kind, rsa)
      ztbs, zalgorithm, zbits, *zrest = parts.(zero)
      add.(kind, "rsa signature with its zero byte", zero, "rsa")
      add.(kind, "rsa signature without its zero byte", assemble.(kind, ztbs, zalgorithm, bit_string.(split.(zbits)[1].byteslice(2..)), zrest), "rsa")
      add.(kind, "rsa signature with a zero byte more", assemble.(kind, tbs, algorithm, bit_string.("\0".b + signature), rest), "rsa")
      add.(kind, "rsa signature with an unused bit", assemble.(kind, tbs, algorithm, bit_string.(signature, 1), rest), "rsa")
      add.(kind, "rsa signature tampered", flip_last.(good), "rsa")
      add.(kind, "rsa TBS first length in long form", with_tbs.(good, long_first_field.(tbs)), "rsa")
      add.(kind, "rsa TBS first length in long form, signed", resigned.(kind, with_tbs.(good, long_first_field.(tbs)), rsa), "rsa")
      add.(kind, "rsa TBS BOOLEAN written 1", with_tbs.(good, boolean_one.(tbs)), "rsa") if tbs.include?("\x01\x01\xFF".b)
      add.(kind, "rsa TBS BOOLEAN written 1, signed", resigned.(kind, with_tbs.(good, boolean_one.(tbs)), rsa), "rsa") if tbs.include?("\x01\x01\xFF".b)
      add.(kind, "rsa structure length in long form", assemble.(kind, tbs, algorithm, bits, rest, long: true), "rsa")
      # RSASSA-PSS: with the defaults (SHA-1, MGF1-SHA-1, salt 20) written as an empty SEQUENCE, absent, NULL.
      pss_sig = ->(t) { rsa.sign_pss("SHA1", t, salt_length: 20, mgf1_hash: "SHA1") }
      { "empty parameters" => [A::Sequence([])], "absent parameters" => [], "NULL parameters" => [A::Null(nil)] }.each do |how, params|
        id = pss_id.(params)
        add.(kind, "rsa PSS #{how}, signed", resigned.(kind, good, rsa, outer: id, inner: inner_at[kind] && id, signature: pss_sig), "rsa")
      end
      %w[p256 p384].each do |curve|
        key = keys[curve]
        egood = build[kind].(key, "SHA256", 1)
        etbs, ealgorithm, ebits, *erest = parts.(egood)
        esig = split.(ebits)[1].byteslice(1..)
        r, s = A.decode(esig).value.map(&:value)
        order = key.group.order
        add.(kind, "#{curve} good", egood, curve)
        add.(kind, "#{curve} outer with NULL", assemble.(kind, etbs, ec_algorithm.("SHA256", true), ebits, erest), curve)
        if inner_at[kind]
          add.(kind, "#{curve} both with NULL, signed", resigned.(kind, egood, key, outer: ec_algorithm.("SHA256", true), inner: ec_algorithm.("SHA256", true)), curve)
        end
        add.(kind, "#{curve} TBS first length in long form", with_tbs.(egood, long_first_field.(etbs)), curve)
        add.(kind, "#{curve} TBS BOOLEAN written 1", with_tbs.(egood, boolean_one.(etbs)), curve) if etbs.include?("\x01\x01\xFF".b)
        add.(kind, "#{curve} signature with a trailing byte", assemble.(kind, etbs, ealgorithm, bit_string.(esig + "\0".b), erest), curve)
        add.(kind, "#{curve} signature with a BER length", assemble.(kind, etbs, ealgorithm, bit_string.(header.(0x30, split.(esig)[1], true)), erest), curve)
        add.(kind, "#{curve} signature with r + n", assemble.(kind, etbs, ealgorithm, bit_string.(A::Sequence([A::Integer(r + order), A::Integer(s)]).to_der), erest), curve)
        add.(kind, "#{curve} signature with s + n", assemble.(kind, etbs, ealgorithm, bit_string.(A::Sequence([A::Integer(r), A::Integer(s + order)]).to_der), erest), curve)
        add.(kind, "#{curve} signature with an unused bit", assemble.(kind, etbs, ealgorithm, bit_string.(esig, 1), erest), curve)
      end
    end
    # Fields set after signing: MRI encodes the structure again, so a changed value no longer verifies.
    good_request = build["request"].(keys["rsa"], "SHA256", 1)
    add.("request", "rsa version set to 1 after signing", good_request, "rsa", ["version=", 1])
    add.("request", "rsa version set to 0 after signing", good_request, "rsa", ["version=", 0])
    add.("request", "rsa subject set after signing", good_request, "rsa", ["subject=", "/CN=other"])
    add.("certificate", "rsa serial set after signing", build["certificate"].(keys["rsa"], "SHA256", 1), "rsa", ["serial=", 9])
    add.("crl", "rsa version set after signing", build["crl"].(keys["rsa"], "SHA256", 1), "rsa", ["version=", 0])
    # PKCS#7: the signer's signature in other forms.
    good_p7 = build["pkcs7"].(keys["rsa"], "SHA256", 1)
    add.("pkcs7", "rsa good", good_p7, "rsa")
    p7_with_signature = lambda do |der, &signature|
      asn1 = A.decode(der)
      signer = asn1.value[1].value[0].value.last.value[0]
      attributes = signer.value[3]
      signer.value[5] = A::OctetString(signature.(A::Set(attributes.value).to_der))
      asn1.to_der
    end
    add.("pkcs7", "rsa DigestInfo without NULL", p7_with_signature.(good_p7) { |signed| rsa_sign.(keys["rsa"], digest_info.("SHA256", signed, false)) }, "rsa")
    add.("pkcs7", "rsa signature with a zero byte more", p7_with_signature.(good_p7) { |signed| "\0".b + keys["rsa"].sign("SHA256", signed) }, "rsa")
    p7_signed = ->(der) { A::Set(A.decode(der).value[1].value[0].value.last.value[0].value[3].value).to_der }
    zero_p7 = (2..20_000).lazy.map { |serial| build["pkcs7"].(keys["rsa"], "SHA256", serial) }.find { |der| keys["rsa"].sign("SHA256", p7_signed.(der)).getbyte(0).zero? }
    add.("pkcs7", "rsa signature without its zero byte", p7_with_signature.(zero_p7) { |signed| keys["rsa"].sign("SHA256", signed).byteslice(1..) }, "rsa")
    add.("pkcs7", "p256 good", build["pkcs7"].(keys["p256"], "SHA256", 1), "p256")

    out = cases.map do |kind, name, der, signer, setter|
      [kind, name, der.unpack1("H*"), signer, setter, StrictVerificationCases.answer(kind, der, keys[signer], certificates[signer], setter)]
    end
    puts JSON.generate("keys" => keys.slice("p256", "p384").transform_values(&:to_pem),
                       "certificates" => certificates.transform_values { |c| c.to_der.unpack1("H*") }, "cases" => out)
    BODY
  RUBY
end
