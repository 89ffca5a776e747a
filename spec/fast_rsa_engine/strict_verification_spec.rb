# frozen_string_literal: true

# Verifications that say true only where OpenSSL does (DIFFERENCES.md, verify-strict-structures):
# certificates, CSRs, CRLs, OCSP responses and PKCS#7 signatures MRI signs with RSA, P-256 and P-384
# keys and then alters as an attacker would (spec/support/strict_verification_cases.rb: a
# certificate's outer algorithm identifier apart from the one it signs, NULL parameters against
# none, a DigestInfo without its NULL or of another digest, a signature a byte short or long, a BIT
# STRING with an unused bit, the signed part in DER's other spellings with the old signature and
# signed anew, RSASSA-PSS without parameters, ECDSA signatures not in DER or out of range, a CSR's
# version set after signing; a BIT STRING whose unused bits are set, which stock cannot even read),
# every answer MRI's (true, false, or the error's class and message) on
# every backend, :stock included; and RSA public keys beyond OpenSSL's limits refused at once, as MRI.
RSpec.describe "Strict verification: true only where OpenSSL says true", jruby: true do
  let(:rsa) { ReferenceFixtures.key("rsa2048_e65537").private_key }
  let(:mri) { MRI.run(StrictVerificationCases::SCRIPT, { "keys" => { "rsa" => rsa.to_pem } }) }
  let(:keys) { { "rsa" => rsa, **mri["keys"].transform_values { |pem| OpenSSL::PKey.read(pem) } } }
  let(:certificates) { mri["certificates"].transform_values { |hex| OpenSSL::X509::Certificate.new([hex].pack("H*")) } }
  # jruby-openssl 0.15 reads no EC key as MRI writes it: the RSA cases alone there.
  let(:cases) { mri["cases"].reject { |_, _, _, signer, *| Backends.old_stock? && signer != "rsa" } }

  def reader(kind)
    { "certificate" => OpenSSL::X509::Certificate, "request" => OpenSSL::X509::Request, "crl" => OpenSSL::X509::CRL,
      "ocsp" => OpenSSL::OCSP::BasicResponse, "pkcs7" => OpenSSL::PKCS7 }.fetch(kind)
  end

  # The call as MRI's script makes it, answered as the script shows answers.
  def answer(kind, der, signer, setter)
    object = reader(kind).new([der].pack("H*"))
    set(object, *setter) if setter
    store = OpenSSL::X509::Store.new
    case kind
    when "ocsp" then object.verify([certificates.fetch(signer)], store, OpenSSL::OCSP::NOVERIFY)
    when "pkcs7" then object.verify([certificates.fetch(signer)], store, nil, OpenSSL::PKCS7::NOVERIFY)
    else object.verify(keys.fetch(signer))
    end
  rescue Exception => e # rubocop:disable Lint/RescueException: a Java exception that escaped is a finding
    [e.class.name, e.message]
  end

  # A field set as MRI's script sets it; without stock's warning that a CSR's version= has no effect.
  def set(object, setter, value)
    verbose, $VERBOSE = $VERBOSE, nil
    object.public_send(setter, setter == "subject=" ? OpenSSL::X509::Name.parse(value) : value)
  ensure
    $VERBOSE = verbose
  end

  # Stock's false for a certificate or CRL set since it was read, where MRI's X509_set_serialNumber and
  # X509_CRL_set_version leave its encoding as read (true): a no where OpenSSL says yes, kept.
  def stock_false_kept?(kind, setter)
    setter && %w[certificate crl].include?(kind)
  end

  it "MRI's cases hold true, false and raised answers for each kind of structure" do
    StrictVerificationCases::KINDS.each do |kind|
      answers = cases.select { |k, *| k == kind }.map(&:last)
      expect(answers).to include(true, false), kind
      expect(answers.any?(Array)).to be(true), kind unless %w[ocsp pkcs7].include?(kind)
    end
    expect(cases.size).to be > 100
  end

  Backends.all.each do |backend|
    it "answers every case as MRI (#{backend})" do
      Backends.with(backend) do
        cases.each do |kind, name, der, signer, setter, expected|
          ours = answer(kind, der, signer, setter)
          label = "#{kind} #{name}#{" #{setter.inspect}" if setter}: ours #{ours.inspect}, MRI's #{expected.inspect}"
          next expect(ours).to(eq(false), label) if stock_false_kept?(kind, setter) && expected == true

          expect(ours).to eq(expected), label
        end
      end
    end
  end

  # OpenSSL's RSA limits: a modulus of at most 16,384 bits, and above 3,072 bits an exponent of at
  # most 64 bits. Keys of a random odd modulus (no private half is needed to refuse one).
  describe "RSA public keys beyond OpenSSL's limits" do
    limits_script = <<~'RUBY'
      input = JSON.parse($stdin.read)
      signer = OpenSSL::PKey.read(input["signer"])
      holders = []
      answers = input["keys"].map do |der|
        key = OpenSSL::PKey::RSA.new([der].pack("H*"))
        # A certificate carrying the key, as an attacker would send one: stock reads such keys only so.
        holder = OpenSSL::X509::Certificate.new([input["certificate"]].pack("H*"))
        tbs, algorithm, = OpenSSL::ASN1.decode(holder.to_der).value
        tbs.value[6] = OpenSSL::ASN1.decode(key.public_to_der)
        holders << OpenSSL::ASN1::Sequence([tbs, algorithm, OpenSSL::ASN1::BitString(signer.sign("SHA256", tbs.to_der))]).to_der.unpack1("H*")
        signature = "\x01".b * key.n.num_bytes
        calls = {
          "verify" => -> { key.verify("SHA256", signature, "data") },
          "verify_raw" => -> { key.verify_raw("SHA256", signature, "\0" * 32) },
          "verify_pss" => -> { key.verify_pss("SHA256", signature, "data", salt_length: :auto, mgf1_hash: "SHA256") },
          "public_encrypt" => -> { key.public_encrypt("data") },
          "public_decrypt" => -> { key.public_decrypt(signature) },
          "encrypt" => -> { key.encrypt("data") },
          "certificate" => -> { OpenSSL::X509::Certificate.new([input["certificate"]].pack("H*")).verify(key) }
        }
        calls.transform_values do |call|
          value = call.call
          value.is_a?(String) ? "bytes" : value
        rescue StandardError => e
          [e.class.name, e.message]
        end
      end
      puts JSON.generate("holders" => holders, "answers" => answers)
    RUBY

    # [modulus bits, exponent bits]: beyond the exponent's limit, and within the limits. (A modulus
    # beyond 16,384 bits, OpenSSL's "modulus too large", stock reads from nowhere: Bouncy Castle and
    # the JDK refuse it.)
    sizes = [[16_384, 16_000], [4096, 65], [3073, 65], [3072, 1000]]

    # Odd numbers below 2,000 that are prime, multiplied: Bouncy Castle refuses a modulus with a factor among them.
    SMALL_PRIMES = (3..2000).step(2).select { |i| (3..Integer.sqrt(i)).step(2).none? { |d| (i % d).zero? } }.inject(:*)

    def public_key(modulus_bits, exponent_bits, random)
      n = random.rand(2**(modulus_bits - 1)...2**modulus_bits) | 1 until n&.gcd(SMALL_PRIMES) == 1
      e = random.rand(2**(exponent_bits - 1)...2**exponent_bits) | 1
      rsa_key = OpenSSL::ASN1::Sequence([OpenSSL::ASN1::Integer(n), OpenSSL::ASN1::Integer(e)])
      algorithm = OpenSSL::ASN1::Sequence([OpenSSL::ASN1::ObjectId("rsaEncryption"), OpenSSL::ASN1::Null(nil)])
      OpenSSL::ASN1::Sequence([algorithm, OpenSSL::ASN1::BitString(rsa_key.to_der)]).to_der
    end

    let(:key_ders) { sizes.map { |bits, e_bits| public_key(bits, e_bits, Random.new(bits + e_bits)) } }
    let(:certificate) { Structures.certificate(rsa) }
    let(:mri) { MRI.run(limits_script, { "keys" => key_ders.map { |der| MRI.hex(der) }, "certificate" => MRI.hex(certificate.to_der), "signer" => rsa.to_pem }) }

    Backends.all.each do |backend|
      it "answers as MRI, at once: verifications false, encryptions MRI's error (#{backend})" do
        Backends.with(backend) do
          mri["holders"].zip(sizes, mri["answers"]).each do |holder, (bits, e_bits), expected|
            key = OpenSSL::X509::Certificate.new(MRI.bytes(holder)).public_key
            signature = "\x01".b * key.n.num_bytes
            ours = {
              "verify" => -> { key.verify("SHA256", signature, "data") },
              "verify_raw" => -> { key.verify_raw("SHA256", signature, "\0" * 32) },
              "verify_pss" => -> { key.verify_pss("SHA256", signature, "data", salt_length: :auto, mgf1_hash: "SHA256") },
              "public_encrypt" => -> { key.public_encrypt("data") },
              "public_decrypt" => -> { key.public_decrypt(signature) },
              "encrypt" => -> { key.encrypt("data") },
              "certificate" => -> { OpenSSL::X509::Certificate.new(certificate.to_der).verify(key) }
            }
            ours.each do |method, call|
              next if MissingMethods.of_this_jruby.include?(method.to_sym)
              next if bits <= 3072 && %w[public_encrypt encrypt public_decrypt].include?(method) # within the limits: arithmetic, not refusal

              outcome = Outcome.of(&call)
              shown = outcome.raised? ? [outcome.error_class.name, outcome.message] : (outcome.value.is_a?(String) ? "bytes" : outcome.value)
              expect(shown).to eq(expected.fetch(method)), "#{bits}-bit n, #{e_bits}-bit e, #{method}: #{outcome}"
            end
          end
        end
      end
    end
  end
end
