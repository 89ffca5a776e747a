# frozen_string_literal: true

# engines/ec/EcSignatures.java reads ECDSA signatures by hand (it runs on every signature made and
# checked): `decode` must accept exactly what Bouncy Castle's StandardDSAEncoding, the strict reader
# behind stock's `verify`, accepts with r and s in [1, n - 1], and read the same r and s; `read`, which
# the gem checks every signature with before stock sees it, exactly the signatures OpenSSL reads (MRI
# raises for any other: OpenSSL writes back what it read and refuses what does not come back byte for
# byte), whatever r and s are, and read the same r and s. Compared on every signature of Wycheproof's
# ECDSA files (BER lengths, missing and extra zeros, trailing bytes, wrong tags...) and on each of them
# cut, grown, given twice and with each byte changed.
RSpec.describe "ECDSA signature encoding", jruby: true do
  curves = { "secp256r1" => "P256", "secp384r1" => "P384", "secp521r1" => "P521", "secp256k1" => "SECP256K1" }

  def bouncy_castle(order, der)
    rs = Java::OrgBouncycastleCryptoSigners::StandardDSAEncoding::INSTANCE.decode(order, der.to_java_bytes)
    rs.map(&:to_s) if rs.all? { |value| value.to_i.positive? }
  rescue Java::JavaIo::IOException, Java::JavaLang::RuntimeException
    nil
  end

  def by_hand(curve, der)
    Java::FastrsaengineEnginesEc::EcSignatures.decode(curve, der.to_java_bytes)&.map(&:to_s)
  end

  # r and s as `read` reads them, whatever their size, or nil.
  def read(der)
    Java::FastrsaengineEnginesEc::EcSignatures.read(der.to_java_bytes)&.map(&:to_s)
  end

  # What MRI's OpenSSL makes of each signature (hex) with a key of the curve: [r, s] (decimal) where
  # verify_raw answers (true or false), nil where it raises: it did not read the signature.
  openssl_reads = <<~RUBY
    input = JSON.parse($stdin.read)
    key = OpenSSL::PKey::EC.generate(input["curve"])
    hash = "h" * 32
    answers = input["signatures"].map do |hex|
      der = [hex].pack("H*")
      key.verify_raw(nil, der, hash)
      OpenSSL::ASN1.decode(der).value.map { |integer| integer.value.to_s }
    rescue OpenSSL::PKey::PKeyError
      nil
    end
    puts JSON.generate(answers)
  RUBY

  # Each byte changed, the last cut, one more byte, the signature twice, the sequence's length in long
  # form (one octet, or two with a zero): what a mutation finds.
  def variants(der)
    changed = (0...[der.bytesize, 12].min).flat_map do |i|
      [0x00, 0x80, 0xff, der.getbyte(i) ^ 0x01].map { |byte| der.dup.tap { |d| d.setbyte(i, byte) } }
    end
    return ["", "\x30".b, "\x00".b] if der.empty? # Wycheproof's empty signature: a byte of it is all there is to vary
    [der, der.byteslice(0...-1), "#{der}\x00".b, der + der, der.byteslice(0, 1) + "\x81".b + der.byteslice(1..),
     der.byteslice(0, 1) + "\x82\x00".b + der.byteslice(1..), *changed]
  end

  # Every signature of the curve's Wycheproof files, and its variants, once each.
  def self.signatures(name)
    Wycheproof.files("ecdsa_#{name}_*_test.json").flat_map do |path|
      Wycheproof.groups(path).flat_map { |group| group.fetch("tests").map { |test| Wycheproof.bytes(test.fetch("sig")) } }
    end
  end

  curves.each do |name, constant|
    it "reads what Bouncy Castle reads on #{name}, and nothing else" do
      curve = Java::FastrsaengineEnginesEc::EcCurve.const_get(constant)
      signatures = self.class.signatures(name)
      expect(signatures.size).to be > 400
      accepted = 0
      signatures.flat_map { |der| variants(der) }.each do |der|
        expected = bouncy_castle(curve.order, der)
        expect(by_hand(curve, der)).to eq(expected), "#{der.unpack1('H*')}: #{expected.inspect}"
        accepted += 1 if expected
      end
      expect(accepted).to be > 100 # the valid signatures, at least
    end
  end

  # The gem's reader against OpenSSL, no jruby-openssl between them: once per Java (per_java).
  curves.each_key do |name|
    it "reads the signatures OpenSSL reads on #{name}, as OpenSSL reads them, and nothing else", per_java: true do
      signatures = self.class.signatures(name).flat_map { |der| variants(der) }.uniq
      openssl = MRI.run(openssl_reads, "curve" => Wycheproof.curve_name(name), "signatures" => signatures.map { |der| MRI.hex(der) })
      taken = 0
      signatures.zip(openssl).each do |der, expected|
        expect(read(der)).to eq(expected), "#{der.unpack1('H*')}: OpenSSL #{expected.inspect}"
        taken += 1 if expected
      end
      expect(taken).to be > 100 # the valid signatures, at least
    end
  end
end
