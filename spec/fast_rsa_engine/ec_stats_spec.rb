# frozen_string_literal: true

# FastRsaEngine.stats counts the EC methods as ec_<method>: the calls the EC engine answered, and
# those left to stock with the reason: backend_stock (the backend is :stock), key_declined (a backend
# without an EC engine, GMP's; a curve no engine takes; a key whose point is not its scalar's),
# option_not_taken (an argument the engine does not take: a digest outside SHA-1 and SHA-2, a
# signature with r or s out of range, a point of another curve). A signature not in strict DER, and
# the point at infinity, are refused before either is asked: not counted.
RSpec.describe "FastRsaEngine.stats for EC", jruby: true do
  before do
    skip "needs the aws_lc backend (an EC engine)" unless Backends.native.include?(:aws_lc)
    FastRsaEngine.reset_stats
  end

  let(:key) { OpenSSL::PKey::EC.generate("prime256v1") }
  let(:hash) { OpenSSL::Digest.digest("SHA256", "counted") }

  def counts(method)
    FastRsaEngine.stats[:calls].fetch(method, {})
  end

  it "counts each EC method the engine answered by its name" do
    Backends.with(:aws_lc) do
      peer = OpenSSL::PKey::EC.generate("prime256v1")
      signature = key.sign("SHA256", "counted")
      key.verify("SHA256", signature, "counted")
      key.dsa_verify_asn1(hash, key.dsa_sign_asn1(hash))
      key.dh_compute_key(peer.public_key)
      calls = %i[ec_sign ec_verify ec_dsa_sign_asn1 ec_dsa_verify_asn1 ec_dh_compute_key]
      if key.respond_to?(:sign_raw)
        key.verify_raw(nil, key.sign_raw(nil, hash), hash)
        calls += %i[ec_sign_raw ec_verify_raw]
      end
      if key.respond_to?(:derive)
        key.derive(peer)
        calls << :ec_derive
      end
      expect(calls.to_h { |method| [method, counts(method)] })
        .to eq(calls.to_h { |method| [method, { engine: 1, key_declined: 0, option_not_taken: 0, backend_stock: 0 }] })
    end
  end

  it "counts a sign left to stock by the backend (:stock, GMP's without EC), the curve, the key's numbers and the digest" do
    Backends.with(:stock) { key.sign("SHA256", "counted") }
    Backends.with(:gmp) { key.sign("SHA256", "counted") } if Backends.native.include?(:gmp)
    Backends.with(:aws_lc) do
      EcFixtures::STOCK_CURVES.each { |curve| OpenSSL::PKey::EC.generate(curve).sign("SHA256", "counted") }
      mismatched = OpenSSL::PKey::EC.new("prime256v1")
      mismatched.private_key = key.private_key
      mismatched.public_key = OpenSSL::PKey::EC.generate("prime256v1").public_key
      mismatched.sign("SHA256", "counted")
      key.sign("SHA3-256", "counted")
      key.sign("SHA256", "counted")
    end
    declined = EcFixtures::STOCK_CURVES.size + 1 + (Backends.native.include?(:gmp) ? 1 : 0)
    expect(counts(:ec_sign)).to eq(engine: 1, key_declined: declined, option_not_taken: 1, backend_stock: 1)
  end

  it "counts a verification with a digest outside SHA-1 and SHA-2, and ECDH with a point of another curve, as option_not_taken" do
    Backends.with(:aws_lc) do
      signature = key.sign("SHA256", "counted")
      # What stock answers (its refusals) is ec_stock_answers_spec's; the count is what is asked here.
      Outcome.of { key.verify("SHA3-256", signature, "counted") }
      Outcome.of { key.dh_compute_key(OpenSSL::PKey::EC.generate("secp384r1").public_key) }
    end
    expect([counts(:ec_verify), counts(:ec_dh_compute_key)]).to all(include(option_not_taken: 1, engine: 0))
  end

  # MRI's error, raised before any engine or stock is asked (as RSA's refusals of an argument are).
  it "counts no verification of a signature not in strict DER, and no ECDH with the point at infinity" do
    Backends.with(:aws_lc) do
      signature = key.sign("SHA256", "counted")
      Outcome.of { key.verify("SHA256", EcBadCalls.ber(signature), "counted") }
      Outcome.of { key.dh_compute_key(OpenSSL::PKey::EC::Point.new(key.group)) }
    end
    expect([counts(:ec_verify), counts(:ec_dh_compute_key)]).to all(satisfy { |count| count.values.sum.zero? })
  end
end
