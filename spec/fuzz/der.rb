# frozen_string_literal: true

module Fuzz
  # DER written plainly, byte by byte, independent of both Rubies' ASN.1 libraries: the EC key
  # corpus builds its keys with it, and the generator its ECDSA signatures, well-formed and not
  # (BER lengths, integers negative or with a needless zero byte), which no ASN.1 library writes.
  module Der
    module_function

    # The length octets: short form below 128, else long form; `long:` forces the long form
    # with that many bytes (BER: DER allows only the shortest form).
    def length(size, long: nil)
      return [size].pack("C") if long.nil? && size < 128

      bytes = unsigned(size, long)
      [0x80 | bytes.bytesize].pack("C") + bytes
    end

    def tlv(tag, content, long: nil)
      [tag].pack("C") + length(content.bytesize, long: long) + content
    end

    def sequence(*parts, long: nil)
      tlv(0x30, parts.join, long: long)
    end

    # An INTEGER in two's complement, in the fewest bytes, with `pad` zero (or for a negative
    # number, 0xFF) bytes more in front: not DER, which wants the fewest.
    def integer(number, pad: 0, long: nil)
      tlv(0x02, (number.negative? ? "\xFF" : "\x00").b * pad + twos_complement(number), long: long)
    end

    def octet_string(bytes)
      tlv(0x04, bytes)
    end

    def bit_string(bytes)
      tlv(0x03, "\x00".b + bytes)
    end

    def oid(dotted)
      first, second, *rest = dotted.split(".").map(&:to_i)
      tlv(0x06, [40 * first + second, *rest].map { |arc| base128(arc) }.join)
    end

    # [number] EXPLICIT: the context-specific, constructed tag around a whole element.
    def explicit(number, element)
      tlv(0xA0 | number, element)
    end

    # The big-endian bytes of a non-negative number: the fewest, or exactly `size`.
    def unsigned(number, size = nil)
      hex = number.to_s(16)
      hex = "0#{hex}" if hex.size.odd?
      bytes = [hex].pack("H*")
      size.nil? ? bytes : ("\x00".b * [size - bytes.bytesize, 0].max) + bytes
    end

    def twos_complement(number)
      size = 1
      size += 1 until number.between?(-(1 << (8 * size - 1)), (1 << (8 * size - 1)) - 1)
      unsigned(number % (1 << (8 * size)), size)
    end

    def base128(arc)
      septets = []
      loop do
        septets.unshift(arc & 0x7F)
        arc >>= 7
        break if arc.zero?
      end
      septets.each_with_index.map { |septet, index| index < septets.size - 1 ? septet | 0x80 : septet }.pack("C*")
    end
  end
end
