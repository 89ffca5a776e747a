# frozen_string_literal: true

# Project Wycheproof's signature vectors through X509::Certificate#verify (issue "The other half of a
# certificate per request"): each vector's signature put into a certificate, so that it reaches the
# engine's check of a structure (verification/SignatureCheck.java) as an app's certificate would.
#
# A certificate signs its own bytes, not the vector's message, so MRI moves each vector onto a
# certificate's to-be-signed part, keeping what the vector tests:
# - ECDSA (every test, valid and invalid): the signature's bytes as they are. Where they read as r
#   and s in range, the key is the one under which (r, s) is a valid signature of the certificate's
#   hash (public-key recovery: Q = r^-1 (s R - e G), R the point of x r), so that the encoding alone
#   (BER, extra bytes, a wrong tag) decides, as in the vector (an invalid vector whose values alone
#   were wrong becomes a valid signature there); else the vector's own key.
# - RSA PKCS#1 v1.5 (the signature-generation files, whose keys are given): the vector's encoded
#   block (s^e mod n) with the message's hash replaced by the certificate's, signed again with the
#   vector's key, so the block's form and the key (1024 to 4096 bits, SHA-1 to SHA-512) are the vector's.
# MRI answers each certificate; every answer here must be MRI's (the engine answers as OpenSSL, on
# every backend), and MRI's answer must be the vector's (valid: true; invalid: false, or its
# CertificateError for a signature it cannot read), which checks the move itself.
RSpec.describe "Wycheproof signature vectors through a certificate", jruby: true do
  mri_certificates = <<~'RUBY'
    input = JSON.parse($stdin.read)
    name = OpenSSL::X509::Name.parse("/CN=wycheproof")
    # A certificate of the key's kind signed with the digest: the template whose signature is replaced.
    template = lambda do |key, digest|
      cert = OpenSSL::X509::Certificate.new
      cert.version = 2
      cert.serial = 1
      cert.subject = cert.issuer = name
      cert.public_key = key.is_a?(OpenSSL::PKey::EC) ? key : key.public_key
      cert.not_before = Time.at(1_700_000_000)
      cert.not_after = Time.at(4_000_000_000)
      cert.sign(key, digest)
    end
    with_signature = lambda do |cert, signature|
      asn1 = OpenSSL::ASN1.decode(cert.to_der)
      asn1.value[2] = OpenSSL::ASN1::BitString.new(signature)
      [asn1.to_der, OpenSSL::Digest.digest(cert.signature_algorithm.sub(/WithRSAEncryption|ecdsa-with-|RSA-/i, ""), asn1.value[0].to_der)]
    end
    ec_key = lambda do |group, point|
      spki = OpenSSL::ASN1::Sequence([OpenSSL::ASN1::Sequence([OpenSSL::ASN1::ObjectId("id-ecPublicKey"), OpenSSL::ASN1::ObjectId(group.curve_name)]),
                                      OpenSSL::ASN1::BitString(point.to_octet_string(:uncompressed))])
      OpenSSL::PKey::EC.new(spki.to_der)
    end
    # A point of the curve with this x, or nil.
    point_at = lambda do |group, x|
      OpenSSL::PKey::EC::Point.new(group, OpenSSL::BN.new(["02#{x.to_s(16).rjust((group.degree + 7) / 8 * 2, '0')}"].pack("H*"), 2))
    rescue OpenSSL::OpenSSLError
      nil
    end
    # The key under which (r, s) signs the hash e, or nil: R is the point of x r, or r + n (a k G
    # whose x was reduced).
    recovered = lambda do |group, r, s, hash|
      n = group.order
      return nil unless r.between?(1, n.to_i - 1) && s.between?(1, n.to_i - 1)
      big_r = point_at.(group, r) || point_at.(group, r + n.to_i)
      return nil unless big_r
      e = OpenSSL::BN.new(hash, 2)
      e >>= (hash.bytesize * 8 - group.degree) if hash.bytesize * 8 > group.degree
      point = big_r.mul(OpenSSL::BN.new(s), (n - e % n) % n).mul(OpenSSL::BN.new(r).mod_inverse(n))
      point.infinity? ? nil : ec_key.(group, point)
    rescue OpenSSL::OpenSSLError
      nil
    end
    cases = []
    input["ecdsa"].each do |path|
      JSON.parse(File.read(path))["testGroups"].each do |group|
        vector_key = OpenSSL::PKey.read([group["publicKeyDer"]].pack("H*"))
        digest = group["sha"].delete("-")
        cert = template.(OpenSSL::PKey::EC.generate(vector_key.group.curve_name), digest)
        group["tests"].each do |test|
          der, hash = with_signature.(cert, [test["sig"]].pack("H*"))
          parts = (OpenSSL::ASN1.decode([test["sig"]].pack("H*")).value rescue nil)
          r, s = parts.map { |part| part.value.to_i } if parts.is_a?(Array) && parts.size == 2 && parts.all? { |part| part.is_a?(OpenSSL::ASN1::Integer) }
          key = (r && recovered.(vector_key.group, r, s, hash)) || vector_key
          answer = begin
            OpenSSL::X509::Certificate.new(der).verify(key)
          rescue OpenSSL::OpenSSLError => e
            e.class.name
          end
          cases << [File.basename(path), test["tcId"], test["result"], test["flags"], der.unpack1("H*"), key.public_to_der.unpack1("H*"), key != vector_key, answer]
        end
      end
    end
    input["rsa"].each do |path|
      JSON.parse(File.read(path))["testGroups"].each do |group|
        key = OpenSSL::PKey::RSA.new(group["privateKeyPem"])
        digest = group["sha"].delete("-")
        cert = template.(key, digest)
        k = key.n.num_bytes
        group["tests"].each do |test|
          block = [test["sig"]].pack("H*").unpack1("H*").to_i(16).pow(key.e.to_i, key.n.to_i).to_s(16).rjust(k * 2, "0")
          der, hash = with_signature.(cert, "")
          message_hash = OpenSSL::Digest.digest(digest, [test["msg"]].pack("H*")).unpack1("H*")
          raise "tcId #{test['tcId']}: no hash at the block's end" unless block.end_with?(message_hash)
          moved = block.delete_suffix(message_hash) + hash.unpack1("H*")
          signature = [moved.to_i(16).pow(key.d.to_i, key.n.to_i).to_s(16).rjust(k * 2, "0")].pack("H*")
          der, = with_signature.(cert, signature)
          answer = OpenSSL::X509::Certificate.new(der).verify(key)
          cases << [File.basename(path), test["tcId"], test["result"], test["flags"], der.unpack1("H*"), key.public_to_der.unpack1("H*"), true, answer]
        end
      end
    end
    puts JSON.generate(cases)
  RUBY

  files = { "ecdsa" => Wycheproof.files("ecdsa_*_test.json"), "rsa" => Wycheproof.files("rsa_pkcs1_*_sig_gen_test.json") }
  let(:cases) { MRI.run(mri_certificates, files) }

  def engine_answers
    FastRsaEngine.stats[:calls].fetch(:certificate_verify, {}).fetch(:engine, 0)
  end

  # The key read by its class (jruby-openssl 0.15's PKey.read takes no EC public key), and the
  # certificate checked with it.
  def verified(file, der, key_der)
    key = (file.start_with?("rsa") ? OpenSSL::PKey::RSA : OpenSSL::PKey::EC).new([key_der].pack("H*"))
    Outcome.of { OpenSSL::X509::Certificate.new([der].pack("H*")).verify(key) }
  end

  # The signature a certificate holds.
  def signature(der)
    OpenSSL::ASN1.decode([der].pack("H*")).value[2].value
  end

  it "reads every vector onto a certificate; MRI finds each valid one true, and each not in strict DER false or unreadable" do
    expect(files.values.map(&:size)).to eq([4, 5])
    expect(cases.size).to be > 2000
    expect(cases.count { |c| c[6] }).to be > 1000 # keys recovered: the encoding decides
    cases.each do |file, id, result, _flags, der, *, answer|
      label = "#{file} tcId #{id} #{result}: MRI #{answer}"
      expect(answer).to be(true), label if result == "valid"
      expect([false, "OpenSSL::X509::CertificateError"]).to include(answer), label unless EcFixtures.strict_der?(signature(der)) || file.start_with?("rsa")
    end
  end

  each_native_backend do |backend|
    it "answers every certificate as MRI, the engine each yes (#{backend})" do
      cases.each do |file, id, result, flags, der, key_der, _recovered, mri|
        before = engine_answers
        ours = verified(file, der, key_der)
        label = "#{file} tcId #{id} #{result} #{flags.join(',')}"
        expect(ours.java_exception?).to be(false), "#{label}: #{ours}"
        # DIFFERENCES.md, verify-strict-structures: a signature OpenSSL cannot read raises as MRI's (stock: false).
        expect(ours.raised? ? ours.error_class.name : ours.value).to eq(mri), "#{label}: #{ours}"
        expect(engine_answers > before).to be(true), "#{label}: engine" if ours.value == true
      end
    end
  end
end
