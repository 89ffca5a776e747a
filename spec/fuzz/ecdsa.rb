# frozen_string_literal: true

module Fuzz
  # ECDSA (SEC 1, 4.1) and ECDH written plainly on Fuzz::EcCurves: the generator signs with a nonce
  # of its own to have signatures to verify, and the runner checks each signature the engine made
  # as OpenSSL verifies one (the signature strict DER, as OpenSSL re-encodes and compares it, with
  # r and s in [1, n - 1]) and each secret it derived.
  module Ecdsa
    module_function

    # The hash as a number, cut to the order's bit length from the left, as OpenSSL and Bouncy
    # Castle cut it.
    def hash_number(curve, hash)
      number = hash.empty? ? 0 : hash.unpack1("H*").to_i(16)
      excess = (8 * hash.bytesize) - curve.n.bit_length
      excess.positive? ? number >> excess : number
    end

    # (r, s) of the hash under scalar d with nonce k; nil where k gives r or s of zero.
    def sign(curve, d, hash, k)
      r = EcCurves.multiply(curve, k, curve.generator)[0] % curve.n
      s = k.pow(curve.n - 2, curve.n) * (hash_number(curve, hash) + (r * d)) % curve.n
      r.zero? || s.zero? ? nil : [r, s]
    end

    def verify(curve, point, hash, r, s)
      return false unless r.between?(1, curve.n - 1) && s.between?(1, curve.n - 1)

      w = s.pow(curve.n - 2, curve.n)
      sum = EcCurves.add(curve, EcCurves.multiply(curve, hash_number(curve, hash) * w % curve.n, curve.generator),
                         EcCurves.multiply(curve, r * w % curve.n, point))
      !sum.nil? && sum[0] % curve.n == r
    end

    # DER of (r, s): SEQUENCE { INTEGER r, INTEGER s }, as OpenSSL and stock write it.
    def der(r, s)
      Der.sequence(Der.integer(r), Der.integer(s))
    end

    # (r, s) of a signature that is exactly DER, else nil: OpenSSL parses the signature, writes it
    # again and refuses it unless the bytes are the same.
    def strict_decode(signature)
      return nil unless signature.is_a?(String) && signature.getbyte(0) == 0x30

      bytes = signature.b
      content, rest = element(bytes, 0x30)
      return nil if content.nil? || !rest.empty?

      r, content = element(content, 0x02)
      s, content = element(content, 0x02) if r
      return nil if s.nil? || !content.empty?

      numbers = [r, s].map { |integer| integer.unpack1("H*").to_i(16) }
      der(*numbers) == bytes ? numbers : nil
    end

    # The content of the element with this tag at the start of the bytes, and the bytes after it
    # (nil when there is none, or it runs past them).
    def element(bytes, tag)
      return nil unless bytes.bytesize >= 2 && bytes.getbyte(0) == tag

      size = bytes.getbyte(1)
      offset = 2
      if size >= 0x80
        count = size & 0x7F
        return nil if count.zero? || bytes.bytesize < 2 + count

        size = bytes.byteslice(2, count).unpack1("H*").to_i(16)
        offset += count
      end
      return nil if bytes.bytesize < offset + size

      [bytes.byteslice(offset, size), bytes.byteslice(offset + size..)]
    end

    # The ECDH secret: the x-coordinate of d * point, in the field's bytes (nil at infinity).
    def secret(curve, d, point)
      shared = EcCurves.multiply(curve, d, point)
      shared && Der.unsigned(shared[0], curve.field_bytes)
    end
  end
end
