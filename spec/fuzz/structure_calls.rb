# frozen_string_literal: true

module Fuzz
  # The structure methods the gem routes (X509::Certificate#sign and #verify, X509::Request#sign,
  # OCSP::BasicResponse#sign, PKCS7.sign, PKCS7#decrypt) and those it may route (X509::CRL#sign,
  # OCSP::Request#sign), each called with a key, certificates, digest, data and flags as the
  # fuzzer draws them (good and bad), on a structure made the same way under every backend and
  # MRI. Each answers what compares across them: whether what was signed, encoded and read back
  # verifies (stock's and MRI's own verification, which the gem leaves alone), or the plaintext;
  # or raises as the method raised. The arguments follow each method's own, the receiver first
  # where it is drawn (the envelope decrypted). On JRuby, each signing method also leaves what every
  # reader of the object it signed reads after the call (its state: StructureReaders), which the
  # runner compares with what stock's call left.
  module StructureCalls
    module_function

    # The state the last signing call left, taken (nil once taken, or for another method).
    def take_state
      state = @state
      @state = nil
      state
    end

    # Runs the signing call, then reads the object it signed, whether the call returned or raised:
    # with an EC key, all but its signature (ECDSA's is random: two signings differ there alone).
    def leaving_state(object, key)
      yield
    ensure
      @state = key.is_a?(OpenSSL::PKey::EC) ? StructureReaders.unsigned(object) : StructureReaders.timeless(object) if RUBY_ENGINE == "jruby"
    end

    NAME = "/CN=fuzz"
    # The fixed issuer key of the signers' certificates: not the key drawn, which may be odd.
    ISSUER = "rsa2048"
    # The key of "another key's certificate" (the issuer's, where the key drawn is this one).
    OTHER = "rsa1024_e3"

    # A certificate argument as drawn (Value.certificate), made for the key of the call: "own",
    # the key's certificate signed by the issuer; "unsigned", the key's, never signed; "changed", the
    # signed one read from its DER and its serial set again after (its JCA form keeps the old one);
    # "other", another key's, signed.
    Signer = Struct.new(:form) do
      def certificate(key)
        case form
        when "own" then StructureCalls.signed_certificate(key)
        when "unsigned" then StructureCalls.certificate(key)
        when "changed" then OpenSSL::X509::Certificate.new(StructureCalls.signed_certificate(key).to_der).tap { |cert| cert.serial += 1 }
        when "other" then StructureCalls.signed_certificate(StructureCalls.other_key(key))
        else raise ArgumentError, "unknown certificate form #{form.inspect}"
        end
      end
    end

    # A PKCS#7 envelope the generator wrote (Fuzz::Envelopes): its DER, and what it is.
    Envelope = Struct.new(:der, :description)

    # The verifications' checks (certificate_verify, request_verify, crl_verify): a structure signed
    # by the signer with the digest, read from its DER, then checked with the signer's key, its public
    # half alone, or the key drawn (no, or an error for a key of another kind); with a byte of its
    # signature or of its body flipped, its signature's first byte set high (beyond an RSA modulus;
    # no DER for ECDSA), its algorithms (outside and inside) relabelled with another digest, or a
    # field set after reading (a certificate's and a CRL's verify then answer false unchecked; a
    # CSR's checks its new request info); or, for an RSA signer, signed again as RSASSA-PSS (the
    # digest drawn, SHA-256 for MD5, for the message and MGF1 and as the salt's length; MGF1 with
    # SHA-256 and no salt; a salt of another length than the parameters name); or altered as OpenSSL
    # refuses and stock takes (DIFFERENCES.md, verify-strict-structures): an RSA signature made
    # again over a DigestInfo without its NULL, the signature a byte short or long, its BIT STRING
    # with an unused bit, the signed part's first length written in long form (the old signature
    # kept), the outer algorithm's NULL parameters dropped or added (a certificate's two then
    # differ), RSASSA-PSS named without parameters, a CSR's version set after reading.
    VERIFY_CHECKS = ["signer's key", "signer's public half", "key drawn", "signature flipped", "body flipped",
                     "signature high", "relabelled", "changed", "pss", "pss, mgf1 sha256, salt 0", "pss, salt named otherwise",
                     "digestinfo without null", "signature short", "signature long", "unused bit", "tbs long form",
                     "outer null flipped", "pss without parameters", "version set"].freeze
    # The digests a structure is signed with: those the engine checks, and one it leaves to stock.
    VERIFY_DIGESTS = %w[SHA1 SHA224 SHA256 SHA384 SHA512 MD5].freeze
    # Signature algorithms by the DER of their identifier's arcs but the last, each last arc mapped to
    # another digest's (an identifier of the same length, so every length in the structure stays).
    RELABELLINGS = {
      "\x06\x09\x2A\x86\x48\x86\xF7\x0D\x01\x01".b => { 0x04 => 0x0B, 0x05 => 0x0B, 0x0B => 0x0D, 0x0C => 0x0B, 0x0D => 0x0B, 0x0E => 0x0B },
      "\x06\x08\x2A\x86\x48\xCE\x3D\x04\x03".b => { 0x01 => 0x02, 0x02 => 0x04, 0x03 => 0x02, 0x04 => 0x02 }
    }.freeze

    def certificate_verify(key, signer, digest, check)
      structure_verify(OpenSSL::X509::Certificate, certificate(signer).sign(signer, digest), key, signer, digest, check) { |cert| cert.serial = 8 }
    end

    def request_verify(key, signer, digest, check)
      request = OpenSSL::X509::Request.new
      request.subject = OpenSSL::X509::Name.parse(NAME)
      request.public_key = signer.is_a?(OpenSSL::PKey::EC) ? signer : signer.public_key
      request.sign(signer, OpenSSL::Digest.new(digest))
      structure_verify(OpenSSL::X509::Request, request, key, signer, digest, check) { |read| read.subject = OpenSSL::X509::Name.parse("/CN=changed") }
    end

    def crl_verify(key, signer, digest, check)
      crl = OpenSSL::X509::CRL.new
      crl.version = 1
      crl.issuer = OpenSSL::X509::Name.parse(NAME)
      crl.last_update = Time.at(1_700_000_000)
      crl.next_update = Time.at(1_900_000_000)
      crl.sign(signer, OpenSSL::Digest.new(digest))
      structure_verify(OpenSSL::X509::CRL, crl, key, signer, digest, check) { |read| read.next_update = Time.at(1_900_000_001) }
    end

    # A structure signed, read back from its DER changed as `check` says (VERIFY_CHECKS), and verified;
    # the block changes a field after reading.
    def structure_verify(reader, signed, key, signer, digest, check)
      der = signed.to_der.b
      signature_at = der.bytesize - OpenSSL::ASN1.decode(der).value[2].value.bytesize
      at = { "signature flipped" => der.bytesize - 1, "body flipped" => der.index(NAME.delete_prefix("/CN=")) }[check]
      der = der.dup.tap { |bytes| bytes.setbyte(at, bytes.getbyte(at) ^ 1) } if at
      der = der.dup.tap { |bytes| bytes.setbyte(signature_at, 0xFF) } if check == "signature high"
      der = relabelled(der) if check == "relabelled"
      der = pss_signed(der, signer, reader, digest, check) if check.start_with?("pss, ") || (check == "pss" && signer.is_a?(OpenSSL::PKey::RSA))
      der = strictly_refused(der, signer, reader, check)
      read = reader.new(der)
      yield read if check == "changed"
      read.version = 1 if check == "version set" && reader == OpenSSL::X509::Request
      read.verify({ "key drawn" => key, "signer's public half" => public_only(signer) }.fetch(check, signer))
    end

    # A structure's DER signed again with RSASSA-PSS, its algorithms (outside, and inside a
    # certificate or CRL) naming the parameters (Pkcs1.pss: both Rubies sign alike, jruby-openssl 0.15
    # having no sign_pss).
    def pss_signed(der, signer, reader, digest, check)
      digest = "SHA256" if digest == "MD5"
      mgf1, salt = check == "pss, mgf1 sha256, salt 0" ? ["SHA256", 0] : [digest, OpenSSL::Digest.new(digest).digest_length]
      salt = [salt, ((signer.n.num_bits + 6) / 8) - OpenSSL::Digest.new(digest).digest_length - 2].min # what the key holds
      named = check == "pss, salt named otherwise" ? salt + 1 : salt
      id = pss_identifier(digest, mgf1, named)
      tbs, = OpenSSL::ASN1.decode(der).value
      tbs.value[{ OpenSSL::X509::Certificate => 2, OpenSSL::X509::CRL => 1 }[reader]] = id if reader != OpenSSL::X509::Request
      signed = tbs.to_der
      block = Pkcs1.pss(Pkcs1.digest(digest, signed), "\x5A".b * salt, digest, mgf1, signer.n.num_bits)
      OpenSSL::ASN1::Sequence([tbs, id, OpenSSL::ASN1::BitString(Pkcs1.power(block, signer.d.to_i, signer.n.to_i))]).to_der
    end

    # The structure altered as `check` says, where it is one of OpenSSL's refusals (else as it was):
    # X.509's SIGNED{} rebuilt by hand (Fuzz::Der), so that lengths and forms are as written.
    def strictly_refused(der, signer, reader, check)
      tbs, algorithm, bits = OpenSSL::ASN1.decode(der).value.map(&:to_der)
      signature = OpenSSL::ASN1.decode(bits).value
      rsa = signer.is_a?(OpenSSL::PKey::RSA)
      case check
      when "digestinfo without null"
        return der unless sha256_signer?(signer)

        info = Der.sequence(Der.sequence(Der.oid("2.16.840.1.101.3.4.2.1")), Der.octet_string(OpenSSL::Digest.digest("SHA256", tbs)))
        sha256 = Der.sequence(Der.oid("1.2.840.113549.1.1.11"), "\x05\x00".b)
        Der.sequence(inner_algorithm(tbs, reader, sha256), sha256, Der.bit_string(signer.private_encrypt(info)))
      when "signature short" then Der.sequence(tbs, algorithm, Der.bit_string(signature.byteslice(1..)))
      when "signature long" then Der.sequence(tbs, algorithm, Der.bit_string(rsa ? "\0".b + signature : signature + "\0".b))
      when "unused bit" then Der.sequence(tbs, algorithm, Der.tlv(0x03, "\x01".b + signature))
      when "tbs long form" then Der.sequence(Der.tlv(0x30, OpenSSL::ASN1.decode(tbs).value.map(&:to_der).join, long: 3), algorithm, bits)
      when "outer null flipped"
        null = "\x05\x00".b
        content = OpenSSL::ASN1.decode(algorithm).value.map(&:to_der).join
        Der.sequence(tbs, Der.tlv(0x30, content.end_with?(null) ? content.delete_suffix(null) : content + null), bits)
      when "pss without parameters"
        return der unless sha256_signer?(signer)

        pss = Der.sequence(Der.oid("1.2.840.113549.1.1.10"))
        signed = inner_algorithm(tbs, reader, pss)
        Der.sequence(signed, pss, Der.bit_string(Pkcs1.power(Pkcs1.pss(Pkcs1.digest("SHA1", signed), "\x5A".b * 20, "SHA1", "SHA1", signer.n.num_bits), signer.d.to_i, signer.n.to_i)))
      else der
      end
    end

    # The to-be-signed part with the algorithm it repeats (a certificate's and a CRL's) replaced, DER.
    def inner_algorithm(tbs, reader, algorithm)
      at = { OpenSSL::X509::Certificate => 2, OpenSSL::X509::CRL => 1 }[reader]
      return tbs unless at

      fields = OpenSSL::ASN1.decode(tbs).value.map(&:to_der)
      fields[at] = algorithm
      Der.sequence(*fields)
    end

    def pss_identifier(digest, mgf1, salt)
      hash = ->(name) { OpenSSL::ASN1::Sequence([OpenSSL::ASN1::ObjectId(Pkcs1::DIGEST_OIDS.fetch(name))]) }
      fields = [OpenSSL::ASN1::ASN1Data.new([hash.(digest)], 0, :CONTEXT_SPECIFIC),
                OpenSSL::ASN1::ASN1Data.new([OpenSSL::ASN1::Sequence([OpenSSL::ASN1::ObjectId("1.2.840.113549.1.1.8"), hash.(mgf1)])], 1, :CONTEXT_SPECIFIC),
                OpenSSL::ASN1::ASN1Data.new([OpenSSL::ASN1::Integer(salt)], 2, :CONTEXT_SPECIFIC)]
      OpenSSL::ASN1::Sequence([OpenSSL::ASN1::ObjectId("1.2.840.113549.1.1.10"), OpenSSL::ASN1::Sequence(fields)])
    end

    def relabelled(der)
      RELABELLINGS.each_with_object(der.dup) do |(arcs, last), bytes|
        at = 0
        while (at = bytes.index(arcs, at))
          at += arcs.bytesize
          bytes.setbyte(at, last.fetch(bytes.getbyte(at), bytes.getbyte(at)))
        end
      end
    end

    # A key's public half alone, as a verifier holds it.
    def public_only(key)
      key.is_a?(OpenSSL::PKey::EC) ? OpenSSL::PKey::EC.new(key.public_to_der) : key.public_key
    end

    def certificate_sign(key, digest)
      cert = certificate(key)
      leaving_state(cert, key) { cert.sign(key, digest) }
      read = OpenSSL::X509::Certificate.new(cert.to_der)
      verified { read.verify(key) }
    end

    # What changes between two signs of one certificate (certificate_resign): each field its sign
    # reads, by its setter or in place, the key, or nothing (the engine then signs the bytes it kept).
    RESIGN_CHANGES = ["nothing", "serial", "serial as it was", "subject replaced", "subject added to", "issuer added to",
                      "not_before", "not_after as it was", "public key", "extension added", "extensions reordered",
                      "extensions emptied", "value changed in place", "value set", "made critical", "oid set", "version",
                      "read again", "another key"].freeze
    RAW_OID = "1.2.3.4"

    # A certificate signed twice, changed (RESIGN_CHANGES) and signed again with the digest given: the
    # second signature must cover the change, as stock's sign, which builds it anew, does. Answers
    # whether it verifies read back with the key that signed it last.
    def certificate_resign(key, digest, change, digest_again)
      cert = certificate(key)
      cert.add_extension(OpenSSL::X509::ExtensionFactory.new(cert, cert).create_extension("subjectKeyIdentifier", "hash"))
      cert.add_extension(OpenSSL::X509::Extension.new(RAW_OID, +"\x04\x02ab".b))
      2.times { cert.sign(key, digest) } # the engine keeps the bytes from a certificate's second sign on
      key_again = resign_change(cert, key, change)
      # An EC key's state is read without the signature: it may be the first key's, where the second sign fails.
      leaving_state(cert, key.is_a?(OpenSSL::PKey::EC) ? key : key_again) { cert.sign(key_again, digest_again) }
      read = OpenSSL::X509::Certificate.new(cert.to_der)
      verified { read.verify(key_again) }
    end

    def resign_change(cert, key, change)
      raw = cert.extensions.find { |extension| extension.oid == RAW_OID }
      case change
      when "nothing" then nil
      when "serial as it was" then cert.serial = cert.serial
      when "serial" then cert.serial = 2**159 + 1
      when "subject replaced" then cert.subject = OpenSSL::X509::Name.parse("/CN=another")
      when "subject added to" then cert.subject.add_entry("O", "in place")
      when "issuer added to" then cert.issuer.add_entry("OU", "in place")
      when "not_before" then cert.not_before = Time.at(2_600_000_000) # after 2049: a GeneralizedTime
      when "not_after as it was" then cert.not_after = cert.not_after
      when "public key" then cert.public_key = public_half(other_key(key))
      when "extension added" then cert.add_extension(OpenSSL::X509::ExtensionFactory.new.create_extension("extendedKeyUsage", "serverAuth"))
      when "extensions reordered" then cert.extensions = cert.extensions.reverse
      when "extensions emptied" then cert.extensions = []
      when "value changed in place" then raw.value.setbyte(3, "z".ord)
      when "value set" then raw.value = "\x04\x01q".b
      when "made critical" then raw.critical = true
      when "oid set" then raw.oid = "1.2.3.5"
      when "version" then cert.version = 0
      when "read again" then cert.send(:initialize, signed_certificate(other_key(key)).to_der)
      when "another key" then return other_key(key)
      else raise ArgumentError, "unknown change #{change.inspect}"
      end
      key
    end

    def request_sign(key, digest)
      request = OpenSSL::X509::Request.new
      request.subject = OpenSSL::X509::Name.parse(NAME)
      request.public_key = public_half(key)
      leaving_state(request, key) { request.sign(key, digest) }
      read = OpenSSL::X509::Request.new(request.to_der)
      verified { read.verify(key) }
    end

    # A CRL as a CA issues one: issuer, last and next update, revoked certificates ([serial,
    # seconds after a fixed time, with a reason], in the order added: by default one). Answers
    # whether it verifies read back, and whether the entries read back are listed in the order the
    # CRL holds them (DIFFERENCES.md, crl-revoked-order; each serial where it first stands). `issuer: false` leaves the issuer out
    # (OpenSSL then refuses to sign, in words that name the key's algorithm).
    def crl_sign(key, digest, revoked = [[42, 0, false]], issuer: true)
      crl = OpenSSL::X509::CRL.new
      crl.version = 1
      crl.issuer = OpenSSL::X509::Name.parse(NAME) if issuer
      crl.last_update = Time.at(1_700_000_000)
      crl.next_update = Time.at(1_900_000_000)
      revoked.each { |serial, seconds, reason| crl.add_revoked(revoked_entry(serial, seconds, reason)) }
      leaving_state(crl, key) { crl.sign(key, digest) }
      read = OpenSSL::X509::CRL.new(crl.to_der)
      # Each serial at its first place: an entry held twice, byte for byte, stock reads once (DIFFERENCES.md, left as stock).
      [verified { read.verify(key) }, read.revoked.map { |entry| entry.serial.to_i }.uniq == held_serials(crl.to_der).uniq]
    end

    def revoked_entry(serial, seconds, reason)
      entry = OpenSSL::X509::Revoked.new
      entry.serial = serial
      entry.time = Time.at(1_750_000_000 + seconds)
      entry.add_extension(OpenSSL::X509::Extension.new("CRLReason", OpenSSL::ASN1::Enumerated(1))) if reason
      entry
    end

    # The serials of a CRL's entries in the order its DER holds them: the TBSCertList's SEQUENCE
    # of entries, each a SEQUENCE starting with the serial.
    def held_serials(der)
      tbs = OpenSSL::ASN1.decode(der).value[0].value
      list = tbs.find { |part| part.is_a?(OpenSSL::ASN1::Sequence) && part.value.first.is_a?(OpenSSL::ASN1::Sequence) && part.value.first.value.first.is_a?(OpenSSL::ASN1::Integer) }
      list ? list.value.map { |entry| entry.value.first.value.to_i } : []
    end

    # BasicResponse#sign(signer_cert, key [, certs [, flags [, digest]]])
    def ocsp_basic_response_sign(signer, key, *rest)
      cert = argument(signer, key)
      response = OpenSSL::OCSP::BasicResponse.new
      issued = signed_certificate(KeyCorpus.key(ISSUER))
      response.add_status(OpenSSL::OCSP::CertificateId.new(issued, issued), OpenSSL::OCSP::V_CERTSTATUS_GOOD, 0, nil,
                          Time.at(1_800_000_000), Time.at(1_800_003_600), []) # fixed: the state compares across calls
      leaving_state(response, key) { response.sign(cert, key, *argument(rest, key)) }
      der = response.to_der
      return verified { signed_by_key?(der, cert) } if by_key?(rest[1])

      read = OpenSSL::OCSP::BasicResponse.new(der)
      verified { read.verify(certificates(cert), store(cert), OpenSSL::OCSP::TRUSTOTHER) }
    end

    def by_key?(flags)
      flags.is_a?(Integer) && flags.anybits?(OpenSSL::OCSP::RESPID_KEY)
    end

    # A response signed with OCSP::RESPID_KEY, checked as OpenSSL's verify checks it, in Ruby on
    # either side: stock's verify reads no responder named by key (DIFFERENCES.md ocsp-respid-key),
    # MRI's does. Its responder is the SHA-1 of the certificate's public key bits, and its signature
    # verifies with that key over the response data.
    def signed_by_key?(der, cert)
      data, algorithm, signature = OpenSSL::ASN1.decode(der).value
      responder = data.value.find { |part| part.tag_class == :CONTEXT_SPECIFIC && part.tag == 2 }
      return false unless responder && responder.value[0].value == OpenSSL::Digest.digest("SHA1", public_key_bits(cert))

      digest = algorithm.value[0].sn.sub(/\A(RSA-|ecdsa-with-)/, "")
      cert.public_key.verify(digest, signature.value, data.to_der)
    end

    # The subjectPublicKey BIT STRING's bytes of a certificate: the one SEQUENCE of its
    # to-be-signed part whose second element is a BIT STRING (the SubjectPublicKeyInfo).
    def public_key_bits(cert)
      parts = OpenSSL::ASN1.decode(cert.to_der).value[0].value
      parts.find { |part| part.is_a?(OpenSSL::ASN1::Sequence) && part.value[1].is_a?(OpenSSL::ASN1::BitString) }.value[1].value
    end

    # Request#sign(signer_cert, key [, certs [, flags [, digest]]])
    def ocsp_request_sign(signer, key, *rest)
      cert = argument(signer, key)
      request = OpenSSL::OCSP::Request.new
      issued = signed_certificate(KeyCorpus.key(ISSUER))
      request.add_certid(OpenSSL::OCSP::CertificateId.new(issued, issued))
      leaving_state(request, key) { request.sign(cert, key, *argument(rest, key)) }
      read = OpenSSL::OCSP::Request.new(request.to_der)
      verified { read.verify(certificates(cert), store(cert)) }
    end

    # PKCS7.sign(signer_cert, key, data [, certs [, flags]]), encoded and read back, then verified.
    def pkcs7_sign(signer, key, data, *rest)
      cert = argument(signer, key)
      p7 = OpenSSL::PKCS7.sign(cert, key, data, *argument(rest, key))
      leaving_state(p7, key) { nil }
      flags = rest[1]
      detached = flags.is_a?(Integer) && (flags & OpenSSL::PKCS7::DETACHED) != 0
      read = OpenSSL::PKCS7.new(p7.to_der)
      verified { read.verify(certificates(cert), store(cert), detached ? data : nil, OpenSSL::PKCS7::NOVERIFY | OpenSSL::PKCS7::BINARY) && read.data == data }
    end

    # PKCS7#verify's checks: data the key signed (its certificate signed by the issuer), read from its
    # DER, then verified as drawn: as signed; with a byte of its signature or of its content flipped;
    # with the data given, or other data; detached, with its data or none; signed without attributes;
    # with the signatures skipped (PKCS7::NOSIGS); against a store that trusts nothing; with no
    # certificates given, and then none taken from inside (PKCS7::NOINTERN); flags beyond an int; an
    # RSA signer's signature made again over a DigestInfo without its NULL, or a byte short or long
    # (DIFFERENCES.md, verify-strict-structures); the signer's chain inside (an S/MIME signer under an
    # intermediate under the trusted root: PKCS7_CHAIN_CHECKS); arguments of the wrong kind.
    PKCS7_CHECKS = ["as signed", "signature flipped", "content flipped", "data given", "other data", "detached, data given",
                    "detached, no data", "no attributes", "signatures skipped", "untrusted", "no certificates",
                    "no certificates, none inside", "flags beyond an int",
                    "digestinfo without null", "signature short", "signature long",
                    "chain", "chain, intermediate tampered", "chain, intermediate missing", "chain, signer expired",
                    "chain, intermediate CA:FALSE", "chain, signer without nonRepudiation", "chain, no chain flag",
                    "chain, not verified", "chain, callback false", "chain, callback true", "chain, intermediate trusted",
                    "chain, signatures skipped", "certificates not an array", "a number among the certificates",
                    "store not a store"].freeze
    PKCS7_DATA = "fuzz checked"
    # PKCS7#verify with PKCS7::TEXT of drawn content (Fuzz::MimeTexts), checked "text CALL HEX": with
    # PKCS7::NOVERIFY, the signer's chain (BINARY), PKCS7::NOSIGS, or the signature flipped (FLIPPED:
    # the text is read before the signatures, and its refusal is the one reported).
    TEXT_CALLS = %w[NOVERIFY BINARY NOSIGS FLIPPED].freeze
    # OpenSSL's reasons for refusing content as text; any other error string (a signature's) is compared as there or not.
    TEXT_REFUSALS = ["mime no content type", "invalid mime type"].freeze

    # PKCS7#verify as `check` says (PKCS7_CHECKS): [its answer, the data it read out].
    def pkcs7_verify(key, check)
      return pkcs7_verify_text(check) if check.start_with?("text ")
      return pkcs7_verify_chain(key, check) if check.start_with?("chain")
      return pkcs7_verify_arguments(key, check) if check.end_with?("an array", "the certificates", "not a store")

      cert = signed_certificate(key)
      flags = OpenSSL::PKCS7::BINARY | { "detached, data given" => OpenSSL::PKCS7::DETACHED, "detached, no data" => OpenSSL::PKCS7::DETACHED,
                                         "no attributes" => OpenSSL::PKCS7::NOATTR }.fetch(check, 0)
      der = OpenSSL::PKCS7.sign(cert, key, PKCS7_DATA, [], flags).to_der
      at = { "signature flipped" => der.bytesize - 1, "content flipped" => der.index(PKCS7_DATA) }[check]
      der = der.dup.tap { |bytes| bytes.setbyte(at, bytes.getbyte(at) ^ 1) } if at
      der = pkcs7_signature_changed(der, key, check) if sha256_signer?(key) && check.start_with?("digestinfo", "signature short", "signature long")
      data = { "data given" => PKCS7_DATA, "other data" => "#{PKCS7_DATA}!", "detached, data given" => PKCS7_DATA }[check]
      verify_flags = OpenSSL::PKCS7::BINARY | { "signatures skipped" => OpenSSL::PKCS7::NOSIGS,
                                                "no certificates, none inside" => OpenSSL::PKCS7::NOINTERN, "flags beyond an int" => 2**32 }.fetch(check, 0)
      trusted = check == "untrusted" ? [] : [KeyCorpus.key(ISSUER)].map { |issuer| signed_certificate(issuer) }
      read = OpenSSL::PKCS7.new(der)
      given = check.start_with?("no certificates") ? nil : [cert]
      [read.verify(given, OpenSSL::X509::Store.new.tap { |s| trusted.each { |c| s.add_cert(c) } }, data, verify_flags), read.data]
    end

    # PKCS7#verify of data an S/MIME signer signed under an intermediate under the trusted root, the
    # intermediate inside, each changed as `check` says: [its answer, the data read out, the
    # callback's calls]. The signer's key is a sound one (the chain is what is drawn; a key MRI
    # cannot sign PKCS#7 with is pkcs7_sign's to draw), the key drawn where it is RSA and holds SHA-256.
    def pkcs7_verify_chain(key, check)
      key = KeyCorpus.key(OTHER) unless sha256_signer?(key) && KeyCorpus.key(OTHER).class == key.class && key.params["iqmp"].to_i.positive?
      root_key = KeyCorpus.key(ISSUER)
      root = chain_certificate(root_key, "/CN=fuzz root", nil, root_key, true, nil)
      inter = chain_certificate(root_key, "/CN=fuzz intermediate", root, root_key, !check.include?("CA:FALSE"), nil)
      usage = check.include?("without nonRepudiation") ? "digitalSignature" : "digitalSignature,nonRepudiation"
      signer = chain_certificate(key, "/CN=fuzz signer", inter, root_key, false, check.include?("expired") ? :past : nil, usage)
      inside = check.include?("missing") ? [] : [check.include?("tampered") ? OpenSSL::X509::Certificate.new(inter.to_der.tap { |d| d.setbyte(-1, d.getbyte(-1) ^ 1) }) : inter]
      read = OpenSSL::PKCS7.new(OpenSSL::PKCS7.sign(signer, key, PKCS7_DATA, inside, OpenSSL::PKCS7::BINARY).to_der)
      store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(root) }
      store.add_cert(inter) if check.include?("intermediate trusted")
      calls = []
      store.verify_callback = ->(ok, ctx) { calls << [ok, ctx.error, ctx.error_depth]; check.end_with?("true") } if check.include?("callback")
      flags = { "no chain flag" => OpenSSL::PKCS7::NOCHAIN, "not verified" => OpenSSL::PKCS7::NOVERIFY, "signatures skipped" => OpenSSL::PKCS7::NOSIGS,
                "text" => OpenSSL::PKCS7::TEXT }.find { |words, _| check.end_with?(words) }&.last || 0
      [read.verify(nil, store, nil, OpenSSL::PKCS7::BINARY | flags), read.data, calls]
    end

    # PKCS7#verify with PKCS7::TEXT of the content a "text CALL HEX" check holds, signed by a sound
    # key whose certificate the store trusts: [its answer, the data read out (hex: it may be any
    # bytes), the error string where it is a text refusal, else whether there is one].
    def pkcs7_verify_text(check)
      _, call, hex = check.split(" ", 3)
      key = KeyCorpus.key(OTHER)
      cert = signed_certificate(key)
      der = OpenSSL::PKCS7.sign(cert, key, [hex].pack("H*"), [], OpenSSL::PKCS7::BINARY).to_der
      der = der.dup.tap { |bytes| bytes.setbyte(-1, bytes.getbyte(-1) ^ 1) } if call == "FLIPPED"
      flags = OpenSSL::PKCS7::TEXT | (call == "FLIPPED" ? OpenSSL::PKCS7::BINARY : OpenSSL::PKCS7.const_get(call))
      read = OpenSSL::PKCS7.new(der)
      answer = read.verify([cert], OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }, nil, flags)
      error = read.error_string
      [answer, read.data.unpack1("H*"), TEXT_REFUSALS.include?(error) ? error : !error.nil?]
    end

    # PKCS7#verify given arguments of the wrong kind, as `check` says: MRI's TypeError or OpenSSLError
    # (signed data of a sound key: the arguments are what is drawn).
    def pkcs7_verify_arguments(_key, check)
      key = KeyCorpus.key(OTHER)
      cert = signed_certificate(key)
      read = OpenSSL::PKCS7.new(OpenSSL::PKCS7.sign(cert, key, PKCS7_DATA, [], OpenSSL::PKCS7::BINARY).to_der)
      store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
      case check
      when "certificates not an array" then read.verify(cert, store)
      when "a number among the certificates" then read.verify([cert, 1], store)
      else read.verify([cert], [store])
      end
    end

    # Signed data whose first signer's signature is made again as `check` says: over a DigestInfo
    # without its NULL, or the signature a byte short or long.
    def pkcs7_signature_changed(der, key, check)
      asn1 = OpenSSL::ASN1.decode(der)
      signer = asn1.value[1].value[0].value.last.value[0]
      signed = OpenSSL::ASN1::Set(signer.value[3].value).to_der
      signer.value[5] = OpenSSL::ASN1::OctetString(strict_refusal_signature(key, signed, check))
      asn1.to_der
    end

    # Whether the key is RSA and holds SHA-256's DigestInfo (512 bits and more).
    def sha256_signer?(key)
      key.is_a?(OpenSSL::PKey::RSA) && key.private? && key.n.num_bits >= 512
    end

    # An RSA signature of SHA-256 over the bytes that OpenSSL refuses as `check` says (else a good one).
    def strict_refusal_signature(key, signed, check)
      case check
      when /digestinfo without null/ then key.private_encrypt(Der.sequence(Der.sequence(Der.oid("2.16.840.1.101.3.4.2.1")), Der.octet_string(OpenSSL::Digest.digest("SHA256", signed))))
      when /signature short/ then key.sign("SHA256", signed).byteslice(1..)
      when /signature long/ then "\0".b + key.sign("SHA256", signed)
      else key.sign("SHA256", signed)
      end
    end

    # What OCSP::BasicResponse#verify is asked of a response the signer signed: its chain checked
    # against a store trusting the issuer (or none: "untrusted"), its signature alone (OCSP::NOVERIFY)
    # or its signer trusted (OCSP::TRUSTOTHER), the signature skipped (OCSP::NOSIGS); the signature
    # flipped, set high or relabelled, the response data flipped; the key drawn's certificate given
    # under the responder's name (stock's signer then); no certificate inside and none given; flags
    # beyond an int whose low bits are OCSP::NOVERIFY; as OpenSSL refuses and stock takes
    # (DIFFERENCES.md, verify-strict-structures): an RSA signature made again over a DigestInfo
    # without its NULL, or a byte short or long, with the chain or alone; a BIT STRING with an
    # unused bit (set: stock cannot read it), alone.
    OCSP_CHECKS = ["chain", "untrusted", "signature alone", "trust other", "signatures skipped", "signature flipped",
                   "signature flipped, alone", "signature high, alone", "relabelled, alone", "data flipped, alone",
                   "key drawn's certificate, alone", "none inside, alone", "flags beyond an int, alone",
                   "digestinfo without null", "digestinfo without null, alone", "signature short", "signature long, alone",
                   "unused bit, alone"].freeze

    def ocsp_verify(key, signer, digest, check)
      cert = signed_certificate(signer)
      response = OpenSSL::OCSP::BasicResponse.new
      response.add_status(OpenSSL::OCSP::CertificateId.new(cert, cert), OpenSSL::OCSP::V_CERTSTATUS_GOOD, 0, nil,
                          Time.at(1_700_000_000), Time.at(1_900_000_000), [])
      sign_flags = check.start_with?("none inside") ? OpenSSL::OCSP::NOCERTS : 0
      der = ocsp_changed(response.sign(cert, signer, [cert], sign_flags, OpenSSL::Digest.new(digest)).to_der.b, check, signer)
      given = check.start_with?("none inside") ? [] : [check.start_with?("key drawn") && key.is_a?(OpenSSL::PKey::PKey) ? signed_certificate(key) : cert]
      flags = check.end_with?("alone") ? OpenSSL::OCSP::NOVERIFY : { "trust other" => OpenSSL::OCSP::TRUSTOTHER, "signatures skipped" => OpenSSL::OCSP::NOSIGS }.fetch(check, 0)
      flags += 2**32 if check.start_with?("flags beyond") # stock refuses it (fix2int); its low bits name NOVERIFY
      trusted = check == "untrusted" ? [] : [signed_certificate(KeyCorpus.key(ISSUER))]
      OpenSSL::OCSP::BasicResponse.new(der).verify(given, OpenSSL::X509::Store.new.tap { |s| trusted.each { |c| s.add_cert(c) } }, flags)
    end

    # X509::StoreContext#verify and X509::Store#verify of a chain of three: a root of the issuer key
    # (trusted), an intermediate of the signer drawn, a leaf of the key drawn, each as the check
    # mutates it (CHAIN_CHECKS: times, extensions, signatures at each depth, the store's settings, a
    # callback); every field a caller reads answered.
    CHAIN_CHECKS = ["valid", "leaf expired", "intermediate expired", "root not yet valid", "leaf tampered",
                    "intermediate tampered", "root tampered", "missing intermediate", "intermediate CA:FALSE",
                    "intermediate without keyCertSign", "intermediate with an unknown critical extension",
                    "leaf self-signed", "leaf self-signed, trusted", "intermediate trusted too", "two roots of one name",
                    "purpose ssl client", "purpose ocsp helper", "trust compat", "callback true", "callback false",
                    "store time before", "partial chain", "untrusted first", "leaf digest", "leaf signed by the root"].freeze

    def store_context_verify(key, signer, digest, check)
      leaf_key = key.is_a?(OpenSSL::PKey::PKey) ? key : other_key(KeyCorpus.key(ISSUER))
      root_key = KeyCorpus.key(ISSUER)
      signer = chain_signer(signer)
      leaf_key = chain_signer(leaf_key) if check.start_with?("leaf self-signed")
      root = chain_certificate(root_key, "/CN=fuzz root", nil, root_key, true, check == "root not yet valid" ? :future : nil)
      inter = chain_certificate(signer, "/CN=fuzz intermediate", root, root_key, !check.include?("CA:FALSE"), check == "intermediate expired" ? :past : nil,
                                { "intermediate without keyCertSign" => "digitalSignature" }[check], check.include?("unknown critical"))
      leaf_issuer, leaf_issuer_key = check == "leaf signed by the root" ? [root, root_key] : [inter, signer]
      leaf = if check.start_with?("leaf self-signed")
               chain_certificate(leaf_key, "/CN=fuzz leaf", nil, leaf_key, false, nil)
             else
               chain_certificate(leaf_key, "/CN=fuzz leaf", leaf_issuer, leaf_issuer_key, false, check == "leaf expired" ? :past : nil, nil, false,
                                 check == "leaf digest" ? digest : "SHA256")
             end
      tampered = ->(cert) { OpenSSL::X509::Certificate.new(cert.to_der.tap { |d| d.setbyte(-1, d.getbyte(-1) ^ 1) }) }
      leaf = tampered.(leaf) if check == "leaf tampered"
      inter = tampered.(inter) if check == "intermediate tampered"
      root = tampered.(root) if check == "root tampered"
      store = OpenSSL::X509::Store.new
      store.add_cert(root)
      store.add_cert(leaf) if check == "leaf self-signed, trusted"
      store.add_cert(inter) if check == "intermediate trusted too"
      store.add_cert(chain_certificate(leaf_key, "/CN=fuzz root", nil, leaf_key, true, nil)) if check == "two roots of one name"
      store.purpose = OpenSSL::X509::PURPOSE_SSL_CLIENT if check == "purpose ssl client"
      store.purpose = OpenSSL::X509::PURPOSE_OCSP_HELPER if check == "purpose ocsp helper"
      store.trust = OpenSSL::X509::TRUST_COMPAT if check == "trust compat"
      store.time = Time.at(1_600_000_000) if check == "store time before"
      store.flags = 0x80000 if check == "partial chain" # X509_V_FLAG_PARTIAL_CHAIN, which jruby-openssl does not name
      store.flags = 0 if check == "untrusted first"
      calls = []
      store.verify_callback = ->(ok, ctx) { calls << [ok, ctx.error, ctx.error_depth]; check == "callback true" } if check.start_with?("callback")
      untrusted = check == "missing intermediate" ? [] : [inter]
      ctx = OpenSSL::X509::StoreContext.new(store, leaf, untrusted)
      # (certificates by subject: an ECDSA signature, and so the DER, differs from one run to the next)
      answer = [ctx.verify, ctx.error, ctx.error_string, ctx.error_depth, ctx.current_cert&.subject&.to_s, ctx.chain&.map { |c| c.subject.to_s }]
      answer + [store.verify(leaf, untrusted), store.error, store.error_string, store.chain&.map { |c| c.subject.to_s }, calls]
    end

    # A key that signs a chain's certificate as stock signs it (certificate_sign's own differences
    # are that method's): RSA, or EC on the curves stock signs with; else the issuer's key.
    def chain_signer(key)
      signs = key.is_a?(OpenSSL::PKey::RSA) || (key.is_a?(OpenSSL::PKey::EC) && %w[prime256v1 secp384r1 secp521r1].include?(key.group.curve_name))
      signs ? key : KeyCorpus.key(ISSUER)
    end

    # A certificate of a chain: the key's, issued by the issuer (nil: self-signed), a CA's or a
    # leaf's extensions, valid now, or only in the past or the future.
    def chain_certificate(key, subject, issuer, issuer_key, ca, time, key_usage = nil, unknown_critical = false, digest = "SHA256")
      cert = OpenSSL::X509::Certificate.new
      cert.version = 2
      cert.serial = ca ? 1 : 2
      cert.subject = OpenSSL::X509::Name.parse(subject)
      cert.issuer = issuer ? issuer.subject : cert.subject
      cert.public_key = public_half(key)
      cert.not_before = Time.at(time == :future ? 1_900_000_000 : 1_700_000_000)
      cert.not_after = Time.at(time == :past ? 1_750_000_000 : 2_000_000_000)
      cert.add_extension(OpenSSL::X509::Extension.new("basicConstraints", OpenSSL::ASN1::Sequence(ca ? [OpenSSL::ASN1::Boolean(true)] : []), true))
      cert.add_extension(OpenSSL::X509::ExtensionFactory.new.create_extension("keyUsage", key_usage || (ca ? "keyCertSign,cRLSign" : "digitalSignature"), true))
      cert.add_extension(OpenSSL::X509::Extension.new("1.2.3.4", OpenSSL::ASN1::Null.new(nil).to_der, true)) if unknown_critical
      cert.sign(issuer_key, digest)
    end

    # A signed response's DER as the check changes it: a byte of its signature or its response data
    # flipped, the signature's first byte set high, its algorithm relabelled.
    def ocsp_changed(der, check, key)
      asn1 = OpenSSL::ASN1.decode(der)
      signature = asn1.value[2]
      signature_end = der.index(signature.to_der) + signature.to_der.bytesize
      at = { "signature flipped" => signature_end - 1, "signature flipped, alone" => signature_end - 1,
             "data flipped, alone" => der.index(asn1.value[0].to_der) + asn1.value[0].to_der.bytesize - 2 }[check]
      der = der.dup.tap { |bytes| bytes.setbyte(at, bytes.getbyte(at) ^ 1) } if at
      der = der.dup.tap { |bytes| bytes.setbyte(signature_end - signature.value.bytesize, 0xFF) } if check == "signature high, alone"
      der = ocsp_strictly_refused(der, key, check) if check.start_with?("digestinfo", "signature short", "signature long", "unused bit")
      check == "relabelled, alone" ? relabelled(der) : der
    end

    # A response whose signature OpenSSL refuses as `check` says (an RSA signer's, but the unused bit).
    def ocsp_strictly_refused(der, key, check)
      tbs, algorithm, bits, *rest = OpenSSL::ASN1.decode(der).value.map(&:to_der)
      return Der.sequence(tbs, algorithm, Der.tlv(0x03, "\x01".b + OpenSSL::ASN1.decode(bits).value), *rest) if check.start_with?("unused bit")
      return der unless sha256_signer?(key)

      Der.sequence(tbs, algorithm, Der.bit_string(strict_refusal_signature(key, tbs, check)), *rest)
    end

    # PKCS7#decrypt(key [, cert [, flags]]) on an envelope drawn: "enveloped" to the key's
    # certificate, "other" to another key's, "signed" (signed data, no envelope); or one the
    # generator wrote byte by byte (an Envelope: Fuzz::Envelopes).
    def pkcs7_decrypt(envelope, key, *rest)
      der = envelope.is_a?(Envelope) ? envelope.der : envelope(envelope, key).to_der
      OpenSSL::PKCS7.new(der).decrypt(key, *argument(rest, key))
    end

    def envelope(form, key)
      return OpenSSL::PKCS7.sign(signed_certificate(KeyCorpus.key(ISSUER)), KeyCorpus.key(ISSUER), "fuzz signed") if form == "signed"

      recipient = signed_certificate(form == "other" ? other_key(key) : key)
      OpenSSL::PKCS7.encrypt([recipient], "fuzz plaintext", OpenSSL::Cipher.new("AES-128-CBC"), OpenSSL::PKCS7::BINARY)
    end

    # The check of what the method made, by stock's own verification (of which the gem gives the yes
    # alone):
    # false where that leaks a Java exception (jruby-openssl's PKCS7#verify does on data signed with
    # odd flags, its CRL#verify with an EC key without its point, which the gem raises as MRI's
    # CRLError) or raises X509::StoreError (its OCSP verify does for a chain with a certificate never
    # signed, where MRI's answers false), so the call judged is the signing one. What was made is
    # encoded and read back before, outside: a structure that cannot be (stock's PKCS7.sign with
    # PKCS7::STREAM or NOATTR made one whose to_der failed in Java) is the signing call's failure.
    def verified
      yield
    rescue OpenSSL::X509::StoreError, OpenSSL::X509::CertificateError, OpenSSL::X509::CRLError, OpenSSL::X509::RequestError
      false
    rescue Exception => e # Java's exceptions are no StandardError
      raise unless defined?(Java::JavaLang::Throwable) && e.is_a?(Java::JavaLang::Throwable)

      false
    end

    # The arguments with each drawn certificate made for the key (in a certificates list too).
    def argument(value, key)
      case value
      when Signer then value.certificate(key)
      when Array then value.map { |item| argument(item, key) }
      else value
      end
    end

    # What a verification is given for the signer: its certificate, where the argument was one.
    def certificates(cert)
      cert.is_a?(OpenSSL::X509::Certificate) ? [cert] : []
    end

    def store(cert)
      OpenSSL::X509::Store.new.tap { |s| certificates(cert).each { |c| s.add_cert(c) } }
    end

    # An unsigned certificate for the key's public half.
    def certificate(key)
      cert = OpenSSL::X509::Certificate.new
      cert.version = 2
      cert.serial = 7
      cert.subject = cert.issuer = OpenSSL::X509::Name.parse(NAME)
      cert.public_key = public_half(key)
      cert.not_before = Time.at(1_700_000_000)
      cert.not_after = Time.at(1_900_000_000)
      cert
    end

    # What the structure holds as its public key: the key drawn where it is one, else the issuer's
    # (a wrong type of key goes to the signing method, not to the setter).
    def public_half(key)
      key.is_a?(OpenSSL::PKey::PKey) ? key : KeyCorpus.key(ISSUER)
    end

    # The key's certificate, signed by the fixed issuer.
    def signed_certificate(key)
      certificate(key).sign(KeyCorpus.key(ISSUER), "SHA256")
    end

    # A sound key other than this one.
    def other_key(key)
      other = KeyCorpus.key(OTHER)
      key.is_a?(OpenSSL::PKey::RSA) && key.n == other.n ? KeyCorpus.key(ISSUER) : other
    end
  end
end
