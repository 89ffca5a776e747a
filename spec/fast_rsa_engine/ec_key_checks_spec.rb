# frozen_string_literal: true

# engines/ec/EcKeyChecks.java, per key: a private key whose public point is not its scalar's (another
# scalar's point, or the negation -Q, which a pairwise test signing a zero hash would pass) is left
# to stock; a private key read without its point (SEC 1 makes it optional; stock then holds none,
# OpenSSL computes it) verifies with the point the engine computes, as MRI's key verifies.
RSpec.describe "EC keys checked once", jruby: true do
  message = "checked once"

  EcFixtures::ENGINE_CURVES.each do |curve|
    context "on #{curve}" do
      order = OpenSSL::PKey::EC::Group.new(curve).order
      scalar = OpenSSL::BN.new(OpenSSL::Digest.hexdigest("SHA256", "ec key checks #{curve}"), 16) % (order - 1) + 1

      { "another scalar's point (2d)" => (scalar * 2) % order, "its negation (n - d)" => order - scalar }.each do |label, other|
        it "a key holding #{label} is left to stock: its signatures are stock's, for the scalar" do
          skip "needs a backend with EC" unless EcFixtures.engine?

          key = EcFixtures.from_scalar(curve, scalar, point_of: other)
          answers = EcFixtures.engine_answers(:ec_sign) { @signature = key.sign("SHA256", message) }
          expect(answers).to eq(ec_sign: 0)
          expect(EcFixtures.public_only(EcFixtures.from_scalar(curve, scalar)).verify("SHA256", @signature, message)).to be(true)
        end
      end

      it "a key read without its point verifies as MRI's, with the point the engine computes from the scalar" do
        skip "needs a backend with EC" unless EcFixtures.engine?
        skip "jruby-openssl 0.15 reads no EC key without its point (Neither PUB key nor PRIV key)" if Backends.old_stock?

        key = EcFixtures.from_scalar(curve, scalar, point_of: nil)
        expect(key.public_key).to be_nil # stock reads none; OpenSSL computes it
        signature = EcFixtures.from_scalar(curve, scalar).sign("SHA256", message)
        hash = OpenSSL::Digest.digest("SHA256", message)
        answers = EcFixtures.engine_answers(:ec_verify, :ec_dsa_verify_asn1) do
          expect(key.verify("SHA256", signature, message)).to be(true)
          expect(key.verify("SHA256", signature, "another message")).to be(false)
          expect(key.dsa_verify_asn1(hash, signature)).to be(true)
        end
        expect(answers).to eq(ec_verify: 2, ec_dsa_verify_asn1: 1)
      end
    end
  end
end
