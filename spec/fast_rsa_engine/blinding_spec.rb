# frozen_string_literal: true

# The base blinding the GMP backend (and AWS-LC, for keys without CRT factors) wraps around every
# private-key operation, checked on its own arithmetic. For keys with CRT factors AWS-LC blinds
# natively (crypto/fipsmodule/rsa/rsa_impl.c, rsa_default_private_transform: BN_BLINDING_convert
# before the exponentiation, BN_BLINDING_invert after it), which no Ruby-level test can observe.
RSpec.describe "Blinding", jruby: true, per_java: true do
  let(:blinding_class) { Java::FastrsaengineEnginesRsa::Blinding }
  let(:key) { ReferenceFixtures.key("rsa2048_e65537").private_key }
  # Java's BigIntegers come back to Ruby as Integers, so the checks are Ruby arithmetic.
  let(:n) { key.n.to_i }
  let(:e) { key.e.to_i }
  let(:d) { key.d.to_i }

  it "makes pairs whose factor and unblinder cancel through d: (r^e)^d * r^-1 = 1 mod n" do
    5.times do
      pair = blinding_class.withPublicExponent(n, e)
      expect(pair.factor.pow(d, n) * pair.unblinder % n).to eq(1)
    end
  end

  it "hides the input from the exponentiation, and unblinding restores the exact result" do
    input = ("0123456789abcdef" * 20).to_i(16) % n
    pair = blinding_class.withPublicExponent(n, e)
    blinded = pair.blind(input, n)
    expect(blinded).not_to eq(input)
    expect(pair.unblind(blinded.pow(d, n), n)).to eq(input.pow(d, n))
  end

  it "gives every operation its own pair: the last one squared, and a fresh random one every 32 uses" do
    fresh = 0
    blinding = blinding_class.new(n, lambda {
      fresh += 1
      blinding_class.withPublicExponent(n, e)
    })
    pairs = Array.new(100) { blinding.acquire.tap { |pair| blinding.release(pair) } }

    expect(pairs.map(&:factor).uniq.size).to eq(100)
    expect(fresh).to eq(4)
    expect(pairs[1].factor).to eq(pairs[0].factor.pow(2, n))
    expect(pairs[1].unblinder).to eq(pairs[0].unblinder.pow(2, n))
    pairs.each { |pair| expect(pair.factor.pow(d, n) * pair.unblinder % n).to eq(1) }
  end
end
