# frozen_string_literal: true

module Fuzz
  # Elliptic curves written plainly in Ruby, independent of every backend, as Fuzz::Pkcs1 is RSA:
  # the generator makes points and ECDSA signatures with it, and the runner checks what the engine
  # signed and derived. The curves of the EC key corpus, by OpenSSL's names, with their numbers
  # (SEC 2, RFC 5639; as MRI's OpenSSL writes them with explicit parameters): y^2 = x^3 + ax + b
  # over p, generator (gx, gy) of prime order n, cofactor 1. A point is [x, y], nil is infinity.
  # Not constant time: a test's oracle, never a key's guard.
  module EcCurves
    Curve = Struct.new(:name, :oid, :p, :a, :b, :gx, :gy, :n) do
      def generator
        [gx, gy]
      end

      # The bytes of a coordinate, and of a scalar.
      def field_bytes
        (p.bit_length + 7) / 8
      end

      def order_bytes
        (n.bit_length + 7) / 8
      end
    end

    def self.curve(name, oid, *hex)
      Curve.new(name, oid, *hex.map { |number| number.to_i(16) })
    end

    CURVES = [
      curve("prime256v1", "1.2.840.10045.3.1.7",
            "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
            "ffffffff00000001000000000000000000000000fffffffffffffffffffffffc",
            "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
            "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
            "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"),
      curve("secp384r1", "1.3.132.0.34",
            "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
            "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000fffffffc",
            "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef",
            "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7",
            "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f",
            "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973"),
      curve("secp521r1", "1.3.132.0.35",
            "1ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
            "1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc",
            "51953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00",
            "00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66",
            "011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd16650",
            "1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409"),
      curve("secp256k1", "1.3.132.0.10",
            "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f",
            "0",
            "7",
            "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
            "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8",
            "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"),
      curve("secp224r1", "1.3.132.0.33",
            "ffffffffffffffffffffffffffffffff000000000000000000000001",
            "fffffffffffffffffffffffffffffffefffffffffffffffffffffffe",
            "b4050a850c04b3abf54132565044b0b7d7bfd8ba270b39432355ffb4",
            "b70e0cbd6bb4bf7f321390b94a03c1d356c21122343280d6115c1d21",
            "bd376388b5f723fb4c22dfe6cd4375a05a07476444d5819985007e34",
            "ffffffffffffffffffffffffffff16a2e0b8f03e13dd29455c5c2a3d"),
      curve("brainpoolP256r1", "1.3.36.3.3.2.8.1.1.7",
            "a9fb57dba1eea9bc3e660a909d838d726e3bf623d52620282013481d1f6e5377",
            "7d5a0975fc2c3057eef67530417affe7fb8055c126dc5c6ce94a4b44f330b5d9",
            "26dc5c6ce94a4b44f330b5d9bbd77cbf958416295cf7e1ce6bccdc18ff8c07b6",
            "8bd2aeb9cb7e57cb2c4b482ffc81b7afb9de27e1e3bd23c23a4453bd9ace3262",
            "547ef835c3dac4fd97f8461a14611dc9c27745132ded8e545c1d54c72f046997",
            "a9fb57dba1eea9bc3e660a909d838d718c397aa3b561a6f7901e0e82974856a7")
    ].to_h { |curve| [curve.name, curve] }.freeze

    module_function

    def [](name)
      CURVES.fetch(name)
    end

    def on_curve?(curve, point)
      return false if point.nil?

      x, y = point
      x.between?(0, curve.p - 1) && y.between?(0, curve.p - 1) && ((y * y) - (x**3) - (curve.a * x) - curve.b) % curve.p == 0
    end

    # k * point, by a fixed window of WINDOW bits in Jacobian coordinates (X, Y, Z: x = X/Z^2, y = Y/Z^3):
    # the fuzzer checks thousands of points a run, and a window does a quarter of double and add's additions.
    WINDOW = 4

    def multiply(curve, k, point)
      return nil if point.nil?

      multiples = [nil, [point[0], point[1], 1]]
      multiples << jacobian_add(curve, multiples.last, multiples[1]) while multiples.size < (1 << WINDOW)
      result = nil
      k.digits(1 << WINDOW).reverse_each do |digit|
        WINDOW.times { result = jacobian_double(curve, result) }
        result = jacobian_add(curve, result, multiples[digit]) unless digit.zero?
      end
      affine(curve, result)
    end

    def add(curve, one, other)
      affine(curve, jacobian_add(curve, one && [*one, 1], other && [*other, 1]))
    end

    # The point as OpenSSL writes it: 04 x y, or 02/03 x (compressed); infinity is one zero byte.
    def encode(curve, point, compressed: false)
      return "\x00".b if point.nil?

      x, y = point.map { |coordinate| Der.unsigned(coordinate, curve.field_bytes) }
      compressed ? [2 + (point[1] & 1)].pack("C") + x : "\x04".b + x + y
    end

    # An uncompressed point's coordinates (nil for anything else).
    def decode(curve, octets)
      size = curve.field_bytes
      return nil unless octets.bytesize == 1 + (2 * size) && octets.getbyte(0) == 4

      [octets.byteslice(1, size), octets.byteslice(1 + size, size)].map { |half| half.unpack1("H*").to_i(16) }
    end

    def jacobian_double(curve, point)
      return nil if point.nil? || point[1].zero?

      x, y, z = point
      p = curve.p
      y2 = y * y % p
      z2 = z * z % p
      s = 4 * x * y2 % p
      m = ((3 * x * x) + (curve.a * z2 * z2)) % p
      x3 = ((m * m) - (2 * s)) % p
      [x3, ((m * (s - x3)) - (8 * y2 * y2)) % p, 2 * y * z % p]
    end

    def jacobian_add(curve, one, other)
      return other if one.nil?
      return one if other.nil?

      p = curve.p
      x1, y1, z1 = one
      x2, y2, z2 = other
      z1z1 = z1 * z1 % p
      z2z2 = z2 * z2 % p
      u1 = x1 * z2z2 % p
      u2 = x2 * z1z1 % p
      s1 = y1 * z2 * z2z2 % p
      s2 = y2 * z1 * z1z1 % p
      return s1 == s2 ? jacobian_double(curve, one) : nil if u1 == u2

      h = (u2 - u1) % p
      r = (s2 - s1) % p
      h2 = h * h % p
      h3 = h2 * h % p
      x3 = ((r * r) - h3 - (2 * u1 * h2)) % p
      [x3, ((r * ((u1 * h2) - x3)) - (s1 * h3)) % p, h * z1 * z2 % p]
    end

    def affine(curve, point)
      return nil if point.nil? || point[2] % curve.p == 0

      x, y, z = point
      inverse = z.pow(curve.p - 2, curve.p)
      [x * inverse * inverse % curve.p, y * inverse.pow(3, curve.p) % curve.p]
    end
  end
end
