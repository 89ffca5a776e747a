# frozen_string_literal: true

require "openssl"

module Fuzz
  # The EC keys the fuzzer draws from, by name (Fuzz::KeyCorpus lists them with the RSA keys):
  # a sound key on each curve the engine takes (P-256, P-384, P-521, secp256k1) and on curves it
  # does not (secp224r1, brainpoolP256r1), and keys made odd one way each: no private part, a
  # public point that is not the scalar's, no public point, the curve given by its numbers rather
  # than its name. (Not a scalar past the order: MRI 3.1's OpenSSL loads one into a key that
  # crashes MRI when its public key is read.) Each key is DER built here (SEC 1 ECPrivateKey or
  # SubjectPublicKeyInfo), so that MRI, whose keys are immutable, and JRuby load the same numbers;
  # each scalar is fixed, drawn from a hash of the key's name.
  module EcKeyCorpus
    SOUND = { "ec_p256" => "prime256v1", "ec_p384" => "secp384r1", "ec_p521" => "secp521r1", "ec_secp256k1" => "secp256k1",
              "ec_secp224r1" => "secp224r1", "ec_brainpoolP256r1" => "brainpoolP256r1" }.freeze
    # The sound keys on curves no engine takes: stock's (or the JDK's) alone sign with them.
    STOCK_CURVE_KEYS = %w[ec_secp224r1 ec_brainpoolP256r1].freeze

    # name => [the sound key it changes, how]: :public_only (its public half alone), :other_point
    # (the scalar with the point of twice the scalar), :negated_point (the scalar with its point's
    # negation, -Q: the point of n - d, which a check that signs a zero hash cannot tell from Q),
    # :no_point (the scalar alone: SEC 1 makes the point optional), :explicit (the curve's numbers in
    # place of its name).
    CRAFTED = {
      "ec_p256_public_only" => ["ec_p256", :public_only], "ec_p384_public_only" => ["ec_p384", :public_only],
      "ec_secp224r1_public_only" => ["ec_secp224r1", :public_only],
      "ec_p256_point_not_scalars" => ["ec_p256", :other_point], "ec_p521_point_not_scalars" => ["ec_p521", :other_point],
      "ec_secp256k1_point_not_scalars" => ["ec_secp256k1", :other_point],
      "ec_p256_negated_point" => ["ec_p256", :negated_point], "ec_p384_negated_point" => ["ec_p384", :negated_point],
      "ec_p256_no_point" => ["ec_p256", :no_point],
      "ec_p256_explicit" => ["ec_p256", :explicit]
    }.freeze

    EC_PUBLIC_KEY = "1.2.840.10045.2.1"
    PRIME_FIELD = "1.2.840.10045.1.1"

    # What the corpus knows of a key: its curve, the scalar it holds (nil: none), the point it holds
    # (nil: none), and the scalar of that point (what signs for it), and its DER.
    Entry = Struct.new(:curve, :scalar, :point, :point_scalar, :der)

    class << self
      def names
        SOUND.keys + CRAFTED.keys
      end

      def name?(name)
        SOUND.key?(name) || CRAFTED.key?(name)
      end

      def sound?(name)
        SOUND.key?(name)
      end

      # A fresh key object each time: the engine keeps its state per object.
      def key(name)
        OpenSSL::PKey::EC.new(entry(name).der)
      end

      def entry(name)
        @entries ||= {}
        @entries[name] ||= SOUND.key?(name) ? sound_entry(name) : crafted_entry(*CRAFTED.fetch(name))
      end

      # What of a key no message may show: its scalar in decimal and hex, and its DER's first line of Base64.
      def secrets(name)
        scalar = entry(name).scalar
        return [] unless scalar

        [[entry(name).der].pack("m0")[0, 64], scalar.to_s, scalar.to_s(16), scalar.to_s(16).upcase]
      end

      private

      def sound_entry(name)
        curve = EcCurves[SOUND.fetch(name)]
        d = OpenSSL::Digest.digest("SHA512", "fuzz EC key #{name}").unpack1("H*").to_i(16) % (curve.n - 1) + 1
        point = EcCurves.multiply(curve, d, curve.generator)
        Entry.new(curve, d, point, d, private_der(curve, d, point))
      end

      def crafted_entry(base_name, form)
        base = entry(base_name)
        curve, d, point = base.curve, base.scalar, base.point
        case form
        when :public_only then Entry.new(curve, nil, point, d, public_der(curve, point))
        when :other_point
          other = 2 * d % curve.n
          other_point = EcCurves.multiply(curve, other, curve.generator)
          Entry.new(curve, d, other_point, other, private_der(curve, d, other_point))
        when :negated_point
          negated = [point[0], (curve.p - point[1]) % curve.p]
          Entry.new(curve, d, negated, curve.n - d, private_der(curve, d, negated))
        when :no_point then Entry.new(curve, d, nil, d, private_der(curve, d, nil))
        when :explicit then Entry.new(curve, d, point, d, private_der(curve, d, point, parameters: explicit_parameters(curve)))
        else raise ArgumentError, "unknown form #{form.inspect}"
        end
      end

      # SEC 1 ECPrivateKey: version 1, the scalar in the order's bytes, the curve, the point.
      def private_der(curve, d, point, parameters: Der.oid(curve.oid))
        Der.sequence(Der.integer(1), Der.octet_string(Der.unsigned(d, curve.order_bytes)), Der.explicit(0, parameters),
                     *(Der.explicit(1, Der.bit_string(EcCurves.encode(curve, point))) if point))
      end

      def public_der(curve, point)
        Der.sequence(Der.sequence(Der.oid(EC_PUBLIC_KEY), Der.oid(curve.oid)), Der.bit_string(EcCurves.encode(curve, point)))
      end

      # SEC 1 ECParameters: the prime field, a and b, the generator, the order, the cofactor.
      def explicit_parameters(curve)
        Der.sequence(Der.integer(1), Der.sequence(Der.oid(PRIME_FIELD), Der.integer(curve.p)),
                     Der.sequence(Der.octet_string(Der.unsigned(curve.a, curve.field_bytes)), Der.octet_string(Der.unsigned(curve.b, curve.field_bytes))),
                     Der.octet_string(EcCurves.encode(curve, curve.generator)), Der.integer(curve.n), Der.integer(1))
      end
    end
  end
end
