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
  # jruby-openssl 0.15 reads no EC key as MRI writes it: the RSA cases alone there.
  let(:cases) { mri["cases"].reject { |_, _, _, signer, *| Backends.old_stock? && signer != "rsa" } }
  let(:signers) { cases.map { |_, _, _, signer, *| signer }.uniq }
  let(:keys) { { "rsa" => rsa, **mri["keys"].slice(*signers).transform_values { |pem| OpenSSL::PKey.read(pem) } } }
  let(:certificates) { mri["certificates"].slice(*signers).transform_values { |hex| OpenSSL::X509::Certificate.new([hex].pack("H*")) } }

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
    expect(cases.size).to be > 60 # the RSA cases alone on jruby-openssl 0.15
  end

  Backends.all.each do |backend|
    it "answers every case as MRI (#{backend})" do
      Backends.with(backend) do
        cases.each do |kind, name, der, signer, setter, expected|
          ours = StrictVerificationCases.answer(kind, [der].pack("H*"), keys[signer], certificates[signer], setter)
          label = "#{kind} #{name}#{" #{setter.inspect}" if setter}: ours #{ours.inspect}, MRI's #{expected.inspect}"
          next expect(ours).to(eq(false), label) if stock_false_kept?(kind, setter) && expected == true

          expect(ours).to eq(expected), label
        end
      end
    end
  end

  # The cases answered in a JRuby of their own: untouched stock (FAST_RSA_ENGINE=off), and the gem with
  # the backend :stock chosen at require (FAST_RSA_ENGINE=stock).
  in_process = <<~RUBY
    require #{StrictVerificationCases::PATH.inspect}
    input = JSON.parse($stdin.read)
    keys = input["keys"].transform_values { |pem| OpenSSL::PKey.read(pem) }
    certificates = input["certificates"].transform_values { |hex| OpenSSL::X509::Certificate.new([hex].pack("H*")) }
    answers = input["cases"].map do |kind, _, der, signer, setter|
      StrictVerificationCases.answer(kind, [der].pack("H*"), keys[signer], certificates[signer], setter)
    end
    puts JSON.generate(answers)
  RUBY

  def process_input
    { "keys" => keys.transform_values(&:to_pem), "certificates" => mri["certificates"].slice(*signers), "cases" => cases }
  end

  it "is answered true by untouched stock where MRI says false, for each kind of structure (the spec can tell)" do
    stock = StockJRuby.run(in_process, process_input)
    lenient = cases.zip(stock).select { |(*, expected), answer| expected != true && answer == true }.map { |(kind, *), _| kind }
    expect(lenient.uniq).to include("certificate", "request", "crl", "ocsp", "pkcs7")
  end

  it "answers every case as MRI with FAST_RSA_ENGINE=stock at require" do
    StockJRuby.with_gem(:stock, in_process, process_input).zip(cases).each do |ours, (kind, name, _, _, setter, expected)|
      next expect(ours).to(eq(false), name) if stock_false_kept?(kind, setter) && expected == true

      expect(ours).to eq(expected), "#{kind} #{name}: ours #{ours.inspect}, MRI's #{expected.inspect}"
    end
  end

  # OpenSSL's RSA limits (spec/support/over_limit_keys.rb): each key carried by a certificate MRI signs,
  # as an attacker would send one (stock reads such keys only so), then called as MRI calls it.
  describe "RSA public keys beyond OpenSSL's limits" do
    limits_script = <<~RUBY
      require #{OverLimitKeys::PATH.inspect}
      input = JSON.parse($stdin.read)
      signer = OpenSSL::PKey.read(input["signer"])
      certificate = [input["certificate"]].pack("H*")
      holders = input["keys"].map do |der|
        holder = OpenSSL::X509::Certificate.new(certificate)
        tbs, algorithm, = OpenSSL::ASN1.decode(holder.to_der).value
        tbs.value[6] = OpenSSL::ASN1.decode([der].pack("H*"))
        OpenSSL::ASN1::Sequence([tbs, algorithm, OpenSSL::ASN1::BitString(signer.sign("SHA256", tbs.to_der))]).to_der
      end
      answers = input["keys"].map { |der| OverLimitKeys.answers(OpenSSL::PKey::RSA.new([der].pack("H*")), certificate) }
      puts JSON.generate("holders" => holders.map { |der| der.unpack1("H*") }, "answers" => answers)
    RUBY

    let(:key_ders) { OverLimitKeys::SIZES.map { |bits, e_bits| OverLimitKeys.key_der(bits, e_bits, Random.new(bits + e_bits)) } }
    let(:certificate) { Structures.certificate(rsa) }
    let(:mri) { MRI.run(limits_script, { "keys" => key_ders.map { |der| MRI.hex(der) }, "certificate" => MRI.hex(certificate.to_der), "signer" => rsa.to_pem }) }

    Backends.all.each do |backend|
      it "answers as MRI, at once: verifications false, encryptions MRI's error (#{backend})" do
        Backends.with(backend) do
          mri["holders"].zip(OverLimitKeys::SIZES, mri["answers"]).each do |holder, (bits, e_bits), expected|
            key = OpenSSL::X509::Certificate.new(MRI.bytes(holder)).public_key
            OverLimitKeys.answers(key, certificate.to_der).each do |method, ours|
              next if MissingMethods.of_this_jruby.include?(method.to_sym)
              next if bits <= 3072 && %w[public_encrypt encrypt public_decrypt].include?(method) # within the limits: arithmetic, not refusal

              expect(ours).to eq(expected.fetch(method)), "#{bits}-bit n, #{e_bits}-bit e, #{method}"
            end
          end
        end
      end
    end
  end
end
