# frozen_string_literal: true

module Fuzz
  # ECDSA signatures as the generator hands them to verify, dsa_verify_asn1 and verify_raw: mostly
  # DER of (r, s) as OpenSSL writes it; else written another way, each aimed at a parser's or a
  # range check's mistake (the forms Wycheproof's ECDSA vectors name: BER lengths, a missing or
  # needless zero byte, integers out of range, bytes after the signature, other types in the SEQUENCE).
  module EcSignatureForms
    # name => the signature's bytes, from (r, s), the curve and a Random.
    FORMS = {
      "der" => ->(r, s, _, _) { Ecdsa.der(r, s) },
      "high_s" => ->(r, s, c, _) { Ecdsa.der(r, c.n - s) }, # (r, n - s) verifies too, in OpenSSL and stock
      "long_length" => ->(r, s, _, random) { Der.sequence(Der.integer(r), Der.integer(s), long: 1 + random.rand(3)) },
      "long_integer_length" => ->(r, s, _, _) { Der.sequence(Der.integer(r, long: 1), Der.integer(s)) },
      "indefinite_length" => ->(r, s, _, _) { "\x30\x80".b + Der.integer(r) + Der.integer(s) + "\x00\x00".b },
      "trailing_byte" => ->(r, s, _, random) { Ecdsa.der(r, s) + random.bytes(1 + random.rand(2)) },
      "trailing_in_sequence" => ->(r, s, _, _) { Der.sequence(Der.integer(r), Der.integer(s), Der.integer(0)) },
      "needless_zero" => ->(r, s, _, _) { Der.sequence(Der.integer(r, pad: 1), Der.integer(s)) },
      "missing_zero" => ->(r, s, _, _) { Der.sequence(Der.tlv(0x02, Der.unsigned(r)), Der.tlv(0x02, Der.unsigned(s))) },
      "negative_r" => ->(r, s, _, _) { Der.sequence(Der.integer(-r), Der.integer(s)) },
      "negative_s" => ->(r, s, _, _) { Der.sequence(Der.integer(r), Der.integer(-s)) },
      "zero_r" => ->(_, s, _, _) { Ecdsa.der(0, s) },
      "zero_s" => ->(r, _, _, _) { Ecdsa.der(r, 0) },
      "zero_both" => ->(_, _, _, _) { Ecdsa.der(0, 0) },
      "r_plus_n" => ->(r, s, c, _) { Ecdsa.der(r + c.n, s) },
      "s_plus_n" => ->(r, s, c, _) { Ecdsa.der(r, s + c.n) },
      "order" => ->(_, s, c, random) { random.rand < 0.5 ? Ecdsa.der(c.n, s) : Ecdsa.der(c.n - 1, c.n - 1) },
      "ones" => ->(_, _, _, _) { Ecdsa.der(1, 1) },
      "huge" => ->(r, _, c, _) { Ecdsa.der(r, c.p**2) },
      "truncated" => ->(r, s, _, random) { Ecdsa.der(r, s).then { |der| der.byteslice(0, random.rand(der.bytesize)) } },
      "bit_flipped" => ->(r, s, _, random) { Ecdsa.der(r, s).dup.tap { |der| der.setbyte(i = random.rand(der.bytesize), der.getbyte(i) ^ (1 << random.rand(8))) } },
      "empty" => ->(_, _, _, _) { "".b },
      "only_r" => ->(r, _, _, _) { Der.sequence(Der.integer(r)) },
      "empty_sequence" => ->(_, _, _, _) { Der.sequence },
      "set" => ->(r, s, _, _) { Der.tlv(0x31, Der.integer(r) + Der.integer(s)) },
      "octet_strings" => ->(r, s, _, _) { Der.sequence(Der.octet_string(Der.unsigned(r)), Der.octet_string(Der.unsigned(s))) },
      "nested" => ->(r, s, _, _) { Der.sequence(Ecdsa.der(r, s)) },
      "p1363" => ->(r, s, c, _) { Der.unsigned(r, c.order_bytes) + Der.unsigned(s, c.order_bytes) },
      "length_past_end" => ->(r, s, _, _) { Ecdsa.der(r, s).dup.tap { |der| der.setbyte(1, der.getbyte(1) + 1) } },
      "length_huge" => ->(r, s, _, _) { "\x30\x84\xFF\xFF\xFF\xF0".b + Der.integer(r) + Der.integer(s) },
      "random" => ->(_, _, c, random) { random.bytes(random.rand(2 * c.order_bytes + 9)) }
    }.freeze

    # More encodings of a valid (r, s) that a lax reader takes for (r, s) itself: accepting one
    # makes signatures malleable (a second encoding of one signature verifies). Drawn only by the
    # signature_encodings reach (pick_not_der), so FORMS' draws stay as they were.
    MORE_FORMS = {
      "twice" => ->(r, s, _, _) { Ecdsa.der(r, s) * 2 },
      "one_in_sequence" => ->(r, s, _, _) { Der.sequence(Der.integer(r), Der.integer(s), Der.integer(1)) },
      "trailing_zeros" => ->(r, s, _, random) { Ecdsa.der(r, s) + ("\x00".b * (1 + random.rand(2))) },
      "trailing_sequence" => ->(r, s, _, _) { Ecdsa.der(r, s) + Der.sequence },
      "needless_zero_s" => ->(r, s, _, _) { Der.sequence(Der.integer(r), Der.integer(s, pad: 1)) },
      "needless_zeros" => ->(r, s, _, random) { Der.sequence(Der.integer(r, pad: 1 + random.rand(2)), Der.integer(s, pad: 1 + random.rand(2))) },
      "long_lengths" => ->(r, s, _, random) { Der.sequence(Der.integer(r, long: 1), Der.integer(s, long: 1 + random.rand(2)), long: 1 + random.rand(2)) }
    }.freeze

    ALL_FORMS = FORMS.merge(MORE_FORMS).freeze

    # Encodings of a valid (r, s) that are not DER, which OpenSSL refuses (MRI's answer): drawn by the
    # signature_encodings reach, whose cases answer as MRI where an EC engine verifies (MriExact).
    NOT_DER = %w[twice one_in_sequence trailing_byte trailing_zeros trailing_sequence trailing_in_sequence needless_zero needless_zero_s
                 needless_zeros long_length long_integer_length long_lengths indefinite_length].freeze

    module_function

    # A form's name: "der" half the time, else any.
    def pick(random)
      random.rand < 0.5 ? "der" : FORMS.keys[random.rand(FORMS.size)]
    end

    # One of NOT_DER.
    def pick_not_der(random)
      NOT_DER[random.rand(NOT_DER.size)]
    end

    def bytes(form, r, s, curve, random)
      ALL_FORMS.fetch(form).call(r, s, curve, random)
    end
  end
end
