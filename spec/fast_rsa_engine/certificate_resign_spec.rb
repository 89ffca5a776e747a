# frozen_string_literal: true

# A certificate object the engine signed is signed again from the bytes it kept, where nothing its
# sign reads has changed (ext/java structures/SignedCertificates.java): so every change a caller can make between
# two signs, by a setter or in place, must reach the second signature, as it does with stock's sign,
# which builds the certificate anew each time. Stock is the backend :stock here (stock's own code
# with the caller's key); each sequence runs on a certificate of its own under both.
RSpec.describe "X509::Certificate#sign of a certificate signed before", jruby: true do
  other_name = "/CN=other"
  # Each change between two signs: [what is done to the certificate, the key and digest that sign again].
  changes = {
    "nothing" => ->(_cert, keys) { [keys[:key], "SHA256"] },
    "the serial set" => ->(cert, keys) { cert.serial = 99; [keys[:key], "SHA256"] },
    "the serial set as it was" => ->(cert, keys) { cert.serial = cert.serial; [keys[:key], "SHA256"] },
    "the subject replaced" => ->(cert, keys) { cert.subject = OpenSSL::X509::Name.parse(other_name); [keys[:key], "SHA256"] },
    "the subject added to in place" => ->(cert, keys) { cert.subject.add_entry("O", "in place"); [keys[:key], "SHA256"] },
    "the issuer added to in place" => ->(cert, keys) { cert.issuer.add_entry("OU", "issuer"); [keys[:key], "SHA256"] },
    "not_before set" => ->(cert, keys) { cert.not_before = Time.at(1_800_000_000); [keys[:key], "SHA256"] },
    "not_after set as it was" => ->(cert, keys) { cert.not_after = cert.not_after; [keys[:key], "SHA256"] },
    "the public key replaced" => ->(cert, keys) { cert.public_key = keys[:other_public]; [keys[:key], "SHA256"] },
    "an extension added" => ->(cert, keys) { cert.add_extension(OpenSSL::X509::Extension.new("2.5.29.37", "\x30\x0A\x06\x08\x2B\x06\x01\x05\x05\x07\x03\x01".b)); [keys[:key], "SHA256"] },
    "the extensions reordered" => ->(cert, keys) { cert.extensions = cert.extensions.reverse; [keys[:key], "SHA256"] },
    "the extensions emptied" => ->(cert, keys) { cert.extensions = []; [keys[:key], "SHA256"] },
    "an extension's String value changed in place" => ->(cert, keys) { raw_extension(cert).value.setbyte(3, "z".ord); [keys[:key], "SHA256"] },
    "an extension's value set" => ->(cert, keys) { raw_extension(cert).value = "\x04\x01q".b; [keys[:key], "SHA256"] },
    "an extension made critical in place" => ->(cert, keys) { raw_extension(cert).critical = true; [keys[:key], "SHA256"] },
    "an extension's OID set in place" => ->(cert, keys) { raw_extension(cert).oid = "1.2.3.5"; [keys[:key], "SHA256"] },
    "the version set" => ->(cert, keys) { cert.version = 0; [keys[:key], "SHA256"] },
    "read again from another certificate's DER" => ->(cert, keys) { cert.send(:initialize, keys[:other_der]); [keys[:key], "SHA256"] },
    "another key of its kind" => ->(_cert, keys) { [keys[:other], "SHA256"] },
    "another digest" => ->(_cert, keys) { [keys[:key], "SHA512"] },
    "the digest as an object" => ->(_cert, keys) { [keys[:key], OpenSSL::Digest.new("SHA256")] },
    "signed by stock between" => ->(cert, keys) { Backends.with(:stock) { cert.sign(keys[:other], "SHA256") }; [keys[:key], "SHA256"] }
  }

  # A certificate as a CA builds one, with an extension whose value is a String it holds (raw DER).
  def certificate(public_key)
    cert = OpenSSL::X509::Certificate.new
    cert.version = 2
    cert.serial = 7
    cert.subject = cert.issuer = OpenSSL::X509::Name.parse("/CN=resign")
    cert.public_key = public_key
    cert.not_before = Time.at(1_700_000_000)
    cert.not_after = Time.at(1_900_000_000)
    factory = OpenSSL::X509::ExtensionFactory.new
    factory.subject_certificate = factory.issuer_certificate = cert
    cert.add_extension(factory.create_extension("basicConstraints", "CA:TRUE", true))
    cert.add_extension(factory.create_extension("subjectKeyIdentifier", "hash", false))
    cert.add_extension(OpenSSL::X509::Extension.new("1.2.3.4", +"\x04\x02ab".b))
    cert
  end

  def self.raw_extension(cert)
    cert.extensions.find { |extension| %w[1.2.3.4 1.2.3.5].include?(extension.oid) }
  end

  # What a caller reads after a sign: every reader (an RSA signature is the same each time), or for
  # an EC key all but the signature, and whether the certificate read from its DER verifies.
  def read(cert, key)
    return StructureReaders.of(cert) if key.is_a?(OpenSSL::PKey::RSA)

    verified = Outcome.of { OpenSSL::X509::Certificate.new(cert.to_der).verify(EcFixtures.public_only(key)) }
    StructureReaders.unsigned(cert).merge("verifies" => verified.raised? ? verified.error.class.name : verified.value)
  end

  # Signed twice (the engine keeps the bytes from the second sign on), changed, signed again, then
  # once more unchanged: what each sign after the change raised, if it did, and left.
  def sequence(change, keys)
    cert = certificate(keys[:public])
    2.times { cert.sign(keys[:key], "SHA256") }
    key, digest = change.call(cert, keys)
    Array.new(2) { [raised { cert.sign(key, digest) }, read(cert, key)] }
  end

  def raised
    outcome = Outcome.of { yield }
    [outcome.error.class.name, outcome.message] if outcome.raised?
  end

  def rsa_keys
    key = ReferenceFixtures.key("rsa2048_e65537").private_key
    other = ReferenceFixtures.key("rsa1024_e65537").private_key
    { key: key, public: key.public_key, other: other, other_public: other.public_key, other_der: certificate(other.public_key).sign(other, "SHA1").to_der }
  end

  def ec_keys
    key = OpenSSL::PKey::EC.generate("prime256v1")
    other = OpenSSL::PKey::EC.generate("prime256v1")
    { key: key, public: EcFixtures.public_only(key), other: other, other_public: EcFixtures.public_only(other),
      other_der: certificate(EcFixtures.public_only(other)).sign(other, "SHA1").to_der }
  end

  each_native_backend do
    %w[rsa ec].each do |kind|
      changes.each do |name, change|
        it "with #{kind == "rsa" ? "RSA" : "an EC key"}, #{name} between: read as stock's, signed again and once more" do
          keys = send("#{kind}_keys")
          expect(sequence(change, keys)).to eq(Backends.with(:stock) { sequence(change, keys) })
        end
      end
    end

    it "signs an unchanged certificate again without building it from its third sign on: the RSA signature is the same, and so is the JCA certificate held" do
      keys = rsa_keys
      cert = certificate(keys[:public]).sign(keys[:key], "SHA256").sign(keys[:key], "SHA256")
      held = Java::FastrsaengineStructures::JopensslSeams.certificateHeld(cert)
      calls = FastRsaEngine.stats[:calls][:certificate_sign][:engine]
      cert.sign(keys[:key], "SHA256")
      expect(Java::FastrsaengineStructures::JopensslSeams.certificateHeld(cert)).to be(held)
      expect(FastRsaEngine.stats[:calls][:certificate_sign][:engine]).to eq(calls + 1)
      cert.serial = 8
      cert.sign(keys[:key], "SHA256")
      expect(Java::FastrsaengineStructures::JopensslSeams.certificateHeld(cert)).not_to be(held)
    end
  end
end
