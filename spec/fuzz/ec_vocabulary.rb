# frozen_string_literal: true

module Fuzz
  # The vocabulary of OpenSSL::PKey::EC's methods (PATCHED_METHODS' ec_ lines), part of
  # CaseGenerator: digests by every name OpenSSL knows, hashes of any length, signatures made with
  # the plain arithmetic of Ecdsa for the key's point and then written in one of EcSignatureForms,
  # points and keys of the key's curve and of others, infinity, and what is no point at all; curve
  # names for EC.generate. Each piece mostly well-formed, sometimes odd.
  module EcVocabulary
    # The curves of the corpus, and names OpenSSL takes or refuses for EC.generate.
    CURVE_NAMES = (EcCurves::CURVES.keys + ["P-256", "P-384", "secp256r1", "prime239v1", "sect163k1", "foo", "", "prime256v1\0"]).freeze

    # A digest for sign and verify: mostly one the engine takes, in stock's spellings; else an
    # OpenSSL::Digest (sometimes misnamed), any name OpenSSL knows, nil, or no digest at all.
    def ec_digest
      name = pick(CaseGenerator::DIGESTS)
      case @random.rand(10)
      when 0..4 then name
      when 5 then pick(name.downcase, name.capitalize)
      when 6 then digest_object
      when 7 then pick(reach?(:openssl_names) ? OpenSslNames::EVERY_DIGEST + OpenSslNames::OTHER_DIGESTS : CaseGenerator::ODD_DIGESTS)
      when 8 then pick(CaseGenerator::ODD_DIGESTS)
      else pick(nil, Value.symbol(name.downcase), 5)
      end
    end

    def ec_digest_or_nil
      @random.rand < 0.3 ? nil : ec_digest
    end

    # A hash to sign as given: mostly a digest's length for the digest given; else any length,
    # from none to past the order's.
    def ec_hash(digest = nil)
      name = digest && Pkcs1.digest_name(Value.decode(digest))
      return Value.bytes(Pkcs1.digest(name, @random.bytes(8))) if name && @random.rand < 0.8

      Value.bytes(@random.bytes(pick(0, 1, 16, 20, 28, 32, 32, 48, 64, 66, 67, 100)))
    end

    # The hash verify computes from the message, as the plain check of a signature reads the digest.
    def ec_hash_of(digest, message)
      EcOutputCheck.digest(Value.decode(digest), Value.decode(message)) || @random.bytes(32)
    end

    # A signature for the hash under the key's point (sometimes another scalar's: a well-formed
    # signature that does not verify), in one of EcSignatureForms; or, rarely, no String.
    def ec_signature(hash)
      return not_der_signature(hash) if reach?(:signature_encodings) && EcKeyCorpus::SOUND.key?(@key) && @random.rand < 0.3
      return pick(nil, 42, Value.symbol(:sig), [], Value.hash({})) if @random.rand < 0.03

      curve = ec_entry.curve
      scalar = @random.rand < 0.9 ? ec_entry.point_scalar : @random.rand(1..curve.n - 1)
      r, s = Ecdsa.sign(curve, scalar, Value.decode(hash), @random.rand(1..curve.n - 1)) until r
      Value.bytes(EcSignatureForms.bytes(EcSignatureForms.pick(@random), r, s, curve, @random))
    end

    # A valid signature of the hash under the key's point, written in a form that is not DER
    # (EcSignatureForms::NOT_DER): the case answers as MRI, whatever stock answers (MriExact).
    def not_der_signature(hash)
      curve = ec_entry.curve
      r, s = Ecdsa.sign(curve, ec_entry.point_scalar, Value.decode(hash), @random.rand(1..curve.n - 1)) until r
      @as_mri = "answer"
      Value.bytes(EcSignatureForms.bytes(EcSignatureForms.pick_not_der(@random), r, s, curve, @random))
    end

    # dh_compute_key's argument: mostly a point of the key's curve; else the generator, infinity, a
    # point of another curve, a Point of a Group alone, or no Point at all. The ec_edges reach also
    # draws the Point of a Group alone (infinity in MRI, the generator in stock) to answer as MRI.
    def ec_point
      curve = ec_entry.curve
      if reach?(:ec_edges) && EcKeyCorpus::SOUND.key?(@key) && @random.rand < 0.1
        @as_mri = "answer"
        return Value.ec_point(curve.name, "".b)
      end

      case @random.rand(10)
      when 0..4 then point_of(curve)
      when 5 then Value.ec_point(curve.name, EcCurves.encode(curve, curve.generator), compressed: @random.rand < 0.3)
      when 6 then pick(Value.ec_point(curve.name, "\x00".b), Value.ec_point(curve.name, "".b))
      when 7 then point_of(EcCurves[pick(EcCurves::CURVES.keys - [curve.name])])
      else pick(nil, Value.bytes(EcCurves.encode(curve, curve.generator)), 42, Value.key(@key), Value.ec_group(curve.name), Value.key(pick(@sound_keys)))
      end
    end

    # derive's argument: mostly a key of the key's curve; else of another curve, one without a
    # private part or with odd numbers, an RSA key, a Point, or no key at all.
    def ec_peer
      curve = ec_entry.curve
      same_curve = EcKeyCorpus.names.select { |name| EcKeyCorpus.entry(name).curve == curve }
      case @random.rand(10)
      when 0..5 then Value.key(pick(same_curve))
      when 6 then Value.key(pick(EcKeyCorpus.names - same_curve))
      when 7 then Value.key(pick(@sound_keys))
      when 8 then point_of(curve)
      else pick(nil, "text", 42, Value.bytes(EcCurves.encode(curve, curve.generator)))
      end
    end

    # EC.generate's argument: mostly a curve's name; else a Group, or no name.
    def ec_curve_argument
      case @random.rand(10)
      when 0..6 then pick(CURVE_NAMES)
      when 7..8 then Value.ec_group(pick(EcCurves::CURVES.keys))
      else pick(nil, 42, Value.symbol(:prime256v1))
      end
    end

    private

    def ec_entry
      EcKeyCorpus.entry(@key)
    end

    # A point of the curve: a random multiple of the generator, sometimes given compressed.
    def point_of(curve)
      point = EcCurves.multiply(curve, @random.rand(1..curve.n - 1), curve.generator)
      Value.ec_point(curve.name, EcCurves.encode(curve, point), compressed: @random.rand < 0.2)
    end
  end
end
