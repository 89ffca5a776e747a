# frozen_string_literal: true

# Certificate chains for the differential chain spec: CASES_SCRIPT, run by MRI, builds them (a leaf
# under an intermediate under a root, RSA-2048 and P-256, and each mutation a chain check must
# notice) and writes each case as JSON: the trusted, untrusted and leaf certificates' DER (hex) and
# the store's settings. ANSWER_SCRIPT, run by MRI, by stock JRuby and by JRuby with the gem, checks
# each case through X509::StoreContext#verify and X509::Store#verify and writes every answer a
# caller reads: the result, error, error_string, error_depth, current_cert, chain and the verify
# callback's calls; and OCSP::BasicResponse#verify of an answer the leaf signed (as its own
# responder, its certificate inside) with each flag (OCSP_FLAGS), with the signer's chain's own check for the OCSP helper
# purpose beside (what OpenSSL requires of a responder's chain); and PKCS7#verify of data the leaf
# signed, its untrusted certificates inside (PKCS7_CALLS).
module ChainCases
  # What the leaf signs, and what PKCS7::TEXT reads of it (its MIME header off).
  PKCS7_CONTENT = "Content-Type: text/plain\r\n\r\nsigned content"
  PKCS7_TEXT = "signed content"

  CASES_SCRIPT = "PKCS7_CONTENT = #{PKCS7_CONTENT.inspect}\n" + <<~'RUBY'
    HOUR = 3600
    def cert(key, subject, issuer: nil, issuer_key: nil, ca: true, from: -HOUR, to: 24 * HOUR, extensions: nil, digest: "SHA256", serial: nil)
      c = OpenSSL::X509::Certificate.new
      c.version = 2
      c.serial = serial || rand(1 << 64)
      c.subject = OpenSSL::X509::Name.parse(subject)
      c.issuer = issuer ? issuer.subject : c.subject
      c.public_key = key.is_a?(OpenSSL::PKey::EC) ? key : key.public_key
      c.not_before = Time.now + from
      c.not_after = Time.now + to
      f = OpenSSL::X509::ExtensionFactory.new(issuer || c, c)
      (extensions || (ca ? [["basicConstraints", "CA:TRUE", true], ["keyUsage", "keyCertSign,cRLSign", true]] :
                           [["basicConstraints", "CA:FALSE", true], ["keyUsage", "digitalSignature,nonRepudiation", true]])).each do |name, value, critical|
        c.add_extension(name.is_a?(OpenSSL::X509::Extension) ? name : f.create_extension(name, value, critical))
      end
      c.add_extension(f.create_extension("subjectKeyIdentifier", "hash")) unless extensions
      c.add_extension(f.create_extension("authorityKeyIdentifier", "keyid")) if issuer && !extensions && issuer.extensions.any? { |e| e.oid == "subjectKeyIdentifier" }
      c.sign(issuer_key || key, digest)
    end
    # A P-256 key whose curve is spelt out (explicit parameters), not named, as some old CAs wrote them.
    def explicit_curve
      key = OpenSSL::PKey::EC.generate("prime256v1")
      group = OpenSSL::PKey::EC::Group.new("prime256v1").tap { |g| g.asn1_flag = OpenSSL::PKey::EC::EXPLICIT_CURVE }
      OpenSSL::PKey::EC.new(OpenSSL::ASN1::Sequence([OpenSSL::ASN1::Integer(1), OpenSSL::ASN1::OctetString(key.private_key.to_s(2)),
        OpenSSL::ASN1::ASN1Data.new([OpenSSL::ASN1.decode(group.to_der)], 0, :CONTEXT_SPECIFIC),
        OpenSSL::ASN1::ASN1Data.new([OpenSSL::ASN1::BitString(key.public_key.to_octet_string(:uncompressed))], 1, :CONTEXT_SPECIFIC)]).to_der)
    end
    def tampered(c) = OpenSSL::X509::Certificate.new(c.to_der.tap { |d| d.setbyte(-1, d.getbyte(-1) ^ 1) })
    def hex(c) = c.to_der.unpack1("H*")

    # An OCSP answer the leaf signs as its own responder (its key is the one every leaf is made of).
    def ocsp(leaf, key, issuer)
      response = OpenSSL::OCSP::BasicResponse.new
      response.add_status(OpenSSL::OCSP::CertificateId.new(leaf, issuer), OpenSSL::OCSP::V_CERTSTATUS_GOOD, 0, nil, -60, HOUR, [])
      response.sign(leaf, key, [], 0, "SHA256").to_der.unpack1("H*")
    end

    # PKCS#7 signed data the leaf signs, the untrusted certificates inside (an EC leaf: stock cannot read its signature).
    def pkcs7(leaf, key, untrusted)
      OpenSSL::PKCS7.sign(leaf, key, PKCS7_CONTENT, untrusted, OpenSSL::PKCS7::BINARY).to_der.unpack1("H*")
    end

    cases = []
    leaf_key = nil
    add = ->(name, leaf, untrusted, trusted, **settings) do
      cases << { "name" => name, "leaf" => hex(leaf), "untrusted" => untrusted.map { |c| hex(c) }, "trusted" => trusted.map { |c| hex(c) },
                 "ocsp" => ocsp(leaf, leaf_key, untrusted.first || trusted.first || leaf), "pkcs7" => pkcs7(leaf, leaf_key, untrusted),
                 **settings.transform_keys(&:to_s) }
    end
    { "rsa" => -> { OpenSSL::PKey::RSA.new(2048) }, "p256" => -> { OpenSSL::PKey::EC.generate("prime256v1") } }.each do |kind, generate|
      rk, ik, lk, other = Array.new(4) { generate.call }
      leaf_key = lk
      root = cert(rk, "/CN=#{kind} Root")
      inter = cert(ik, "/CN=#{kind} Intermediate", issuer: root, issuer_key: rk)
      leaf = cert(lk, "/CN=#{kind} Leaf", issuer: inter, issuer_key: ik, ca: false)
      add.("#{kind} valid", leaf, [inter], [root])
      add.("#{kind} valid, intermediate given twice", leaf, [inter, inter], [root])
      add.("#{kind} valid, leaf among the untrusted", leaf, [leaf, inter], [root])
      add.("#{kind} missing intermediate", leaf, [], [root])
      add.("#{kind} intermediate trusted too", leaf, [inter], [root, inter])
      add.("#{kind} intermediate trusted alone", leaf, [], [inter])
      add.("#{kind} intermediate trusted alone, partial chain", leaf, [], [inter], flags: OpenSSL::X509::V_FLAG_PARTIAL_CHAIN)
      add.("#{kind} nothing trusted", leaf, [inter], [])
      add.("#{kind} root given untrusted", leaf, [inter, root], [])
      add.("#{kind} wrong root", leaf, [inter], [cert(other, "/CN=#{kind} Root")])
      add.("#{kind} two roots of one name", leaf, [inter], [cert(other, "/CN=#{kind} Root"), root])
      add.("#{kind} wrong issuer", cert(lk, "/CN=#{kind} Leaf", issuer: cert(other, "/CN=Elsewhere"), issuer_key: other, ca: false), [inter], [root])
      add.("#{kind} self-signed leaf", cert(lk, "/CN=#{kind} Alone", ca: false), [], [root])
      alone = cert(lk, "/CN=#{kind} Alone Trusted")
      add.("#{kind} self-signed leaf trusted", alone, [], [alone])
      add.("#{kind} self-signed leaf trusted, given untrusted too", alone, [alone, inter], [alone])
      add.("#{kind} self-signed leaf trusted, given untrusted, untrusted first", alone, [alone], [alone], flags: 0)
      add.("#{kind} self-signed leaf, another of its name trusted", alone, [], [cert(other, "/CN=#{kind} Alone Trusted")])
      add.("#{kind} self-signed leaf trusted twice over", alone, [], [alone, cert(other, "/CN=#{kind} Alone Trusted")])
      add.("#{kind} valid, untrusted first", leaf, [inter], [root], flags: 0)
      { "leaf" => [:leaf], "intermediate" => [:inter], "root" => [:root] }.each do |depth, (which)|
        [["expired", -2 * HOUR, -HOUR], ["not yet valid", HOUR, 2 * HOUR]].each do |what, from, to|
          r = which == :root ? cert(rk, "/CN=#{kind} Root", from: from, to: to) : root
          i = which == :inter ? cert(ik, "/CN=#{kind} Intermediate", issuer: r, issuer_key: rk, from: from, to: to) : cert(ik, "/CN=#{kind} Intermediate", issuer: r, issuer_key: rk)
          l = cert(lk, "/CN=#{kind} Leaf", issuer: i, issuer_key: ik, ca: false, **(which == :leaf ? { from: from, to: to } : {}))
          add.("#{kind} #{depth} #{what}", l, [i], [r])
        end
      end
      add.("#{kind} leaf tampered", tampered(leaf), [inter], [root])
      add.("#{kind} intermediate tampered", leaf, [tampered(inter)], [root])
      add.("#{kind} root tampered", leaf, [inter], [tampered(root)])
      add.("#{kind} root tampered, self-signature checked", leaf, [inter], [tampered(root)], flags: OpenSSL::X509::V_FLAG_CHECK_SS_SIGNATURE)
      short = cert(rk, "/CN=#{kind} Root", extensions: [["basicConstraints", "CA:TRUE,pathlen:0", true], ["keyUsage", "keyCertSign", true]])
      add.("#{kind} path length exceeded", leaf, [cert(ik, "/CN=#{kind} Intermediate", issuer: short, issuer_key: rk)], [short])
      {
        "intermediate CA:FALSE" => [["basicConstraints", "CA:FALSE", true], ["keyUsage", "keyCertSign", true]],
        "intermediate without keyCertSign" => [["basicConstraints", "CA:TRUE", true], ["keyUsage", "digitalSignature", true]],
        "intermediate without basic constraints" => [["keyUsage", "keyCertSign", true]],
        "intermediate with no extensions" => [],
        "intermediate with an unknown critical extension" => [["basicConstraints", "CA:TRUE", true], [OpenSSL::X509::Extension.new("1.2.3.4", OpenSSL::ASN1::Null.new(nil).to_der, true)]],
        "intermediate with name constraints" => [["basicConstraints", "CA:TRUE", true], ["nameConstraints", "permitted;DNS:example.com", true]],
        "intermediate with a path length of 0" => [["basicConstraints", "CA:TRUE,pathlen:0", true]],
      }.each do |name, extensions|
        i = cert(ik, "/CN=#{kind} Intermediate", issuer: root, issuer_key: rk, extensions: extensions)
        add.("#{kind} #{name}", cert(lk, "/CN=#{kind} Leaf", issuer: i, issuer_key: ik, ca: false, extensions: [["basicConstraints", "CA:FALSE", true]]), [i], [root])
      end
      add.("#{kind} leaf with an unknown critical extension", cert(lk, "/CN=#{kind} Leaf", issuer: inter, issuer_key: ik,
        extensions: [[OpenSSL::X509::Extension.new("1.2.3.4", OpenSSL::ASN1::Null.new(nil).to_der, true)]]), [inter], [root])
      add.("#{kind} leaf of another authority key id", cert(lk, "/CN=#{kind} Leaf", issuer: inter, issuer_key: ik,
        extensions: [["basicConstraints", "CA:FALSE", true], [OpenSSL::X509::Extension.new("authorityKeyIdentifier", OpenSSL::ASN1::Sequence([OpenSSL::ASN1::OctetString("x" * 20, 0, :IMPLICIT)]).to_der)]]), [inter], [root])
      client = cert(lk, "/CN=#{kind} Client", issuer: inter, issuer_key: ik, extensions: [["basicConstraints", "CA:FALSE", true], ["extendedKeyUsage", "clientAuth", false]])
      add.("#{kind} purpose mismatch", client, [inter], [root], purpose: OpenSSL::X509::PURPOSE_SSL_SERVER)
      add.("#{kind} purpose held", client, [inter], [root], purpose: OpenSSL::X509::PURPOSE_SSL_CLIENT)
      server = cert(lk, "/CN=#{kind} Server", issuer: inter, issuer_key: ik, extensions: [["basicConstraints", "CA:FALSE", true], ["keyUsage", "digitalSignature,keyEncipherment", true], ["extendedKeyUsage", "serverAuth", false]])
      add.("#{kind} server purpose held", server, [inter], [root], purpose: OpenSSL::X509::PURPOSE_SSL_SERVER)
      add.("#{kind} client purpose of a server", server, [inter], [root], purpose: OpenSSL::X509::PURPOSE_SSL_CLIENT)
      %w[PURPOSE_OCSP_HELPER PURPOSE_SMIME_SIGN PURPOSE_ANY PURPOSE_CRL_SIGN PURPOSE_TIMESTAMP_SIGN].each do |purpose|
        add.("#{kind} #{purpose}", leaf, [inter], [root], purpose: OpenSSL::X509.const_get(purpose))
      end
      %w[TRUST_COMPAT TRUST_SSL_CLIENT TRUST_SSL_SERVER TRUST_OCSP_SIGN].each do |trust|
        add.("#{kind} #{trust}", leaf, [inter], [root], trust: OpenSSL::X509.const_get(trust))
      end
      add.("#{kind} store time before the leaf", leaf, [inter], [root], time: (Time.now - 2 * HOUR).to_i)
      add.("#{kind} store time within", leaf, [inter], [root], time: (Time.now + HOUR).to_i)
      add.("#{kind} callback true on an expired leaf", cert(lk, "/CN=#{kind} Leaf", issuer: inter, issuer_key: ik, ca: false, from: -2 * HOUR, to: -HOUR), [inter], [root], callback: true)
      add.("#{kind} callback false on a valid chain", leaf, [inter], [root], callback: false)
      add.("#{kind} callback true on a valid chain", leaf, [inter], [root], callback: true)
      add.("#{kind} CRL check without a CRL", leaf, [inter], [root], flags: OpenSSL::X509::V_FLAG_CRL_CHECK)
      next unless kind == "p256"

      # Keys with the curve spelt out, at each depth: OpenSSL 3.0 refuses the chain (stock takes it).
      xr, xi, xl = Array.new(3) { explicit_curve }
      xroot = cert(xr, "/CN=explicit Root")
      add.("explicit curve root", cert(lk, "/CN=explicit Leaf", issuer: cert(ik, "/CN=explicit Intermediate", issuer: xroot, issuer_key: xr), issuer_key: ik, ca: false),
           [cert(ik, "/CN=explicit Intermediate", issuer: xroot, issuer_key: xr)], [xroot])
      xinter = cert(xi, "/CN=explicit Intermediate", issuer: root, issuer_key: rk)
      add.("explicit curve intermediate", cert(lk, "/CN=explicit Leaf", issuer: xinter, issuer_key: xi, ca: false), [xinter], [root])
      leaf_key = xl
      add.("explicit curve leaf", cert(xl, "/CN=explicit Leaf", issuer: inter, issuer_key: ik, ca: false), [inter], [root])
      leaf_key = lk
    end
    puts JSON.generate(cases)
  RUBY

  # PKCS7#verify's calls: [the leaf given as a certificate, PKCS7's flag by name], each also made with
  # PKCS7::NOSIGS (the signer's chain alone).
  PKCS7_CALLS = [[false, "BINARY"], [false, "NOCHAIN"], [false, "NOVERIFY"], [true, "NOINTERN"], [true, "TEXT"]].freeze

  ANSWER_SCRIPT = "PKCS7_CALLS = #{PKCS7_CALLS.inspect}\n" + <<~'RUBY'
    OCSP_FLAGS = [0, OpenSSL::OCSP::NOCHAIN, OpenSSL::OCSP::NOCHECKS, OpenSSL::OCSP::TRUSTOTHER, OpenSSL::OCSP::NOINTERN, OpenSSL::OCSP::NOVERIFY, OpenSSL::OCSP::NOSIGS]
    cert = ->(hex) { OpenSSL::X509::Certificate.new([hex].pack("H*")) }
    hex = ->(c) { c&.to_der&.unpack1("H*") }
    answers = JSON.parse($stdin.read).map do |c|
      store = OpenSSL::X509::Store.new
      c["trusted"].each { |t| store.add_cert(cert.(t)) }
      store.purpose = c["purpose"] if c["purpose"]
      store.trust = c["trust"] if c["trust"]
      store.time = Time.at(c["time"]) if c["time"]
      store.flags = c["flags"] unless c["flags"].nil?
      leaf = cert.(c["leaf"])
      untrusted = c["untrusted"].map(&cert)
      calls = []
      unless c["callback"].nil?
        store.verify_callback = ->(ok, x) { calls << [ok, x.error, x.error_depth, hex.(x.current_cert)]; c["callback"] }
      end
      ctx = OpenSSL::X509::StoreContext.new(store, leaf, untrusted)
      result = begin; ctx.verify; rescue => e; "#{e.class}: #{e.message}"; end
      context = [result, ctx.error, ctx.error_string, ctx.error_depth, hex.(ctx.current_cert), ctx.chain&.map(&hex), calls.dup]
      calls.clear
      whole = begin; store.verify(leaf, untrusted); rescue => e; "#{e.class}: #{e.message}"; end
      whole = [whole, store.error, store.error_string, store.chain&.map(&hex), calls.dup]
      # (the OCSP checks' callback calls are not kept: the gem checks a signer's chain twice where a
      # callback is set, stock's check and its own with stock's StoreContext, each calling it)
      response = OpenSSL::OCSP::BasicResponse.new([c["ocsp"]].pack("H*"))
      ocsp = OCSP_FLAGS.map { |flags| begin; response.verify(untrusted, store, flags); rescue => e; "#{e.class}: #{e.message}"; end }
      signer = OpenSSL::X509::StoreContext.new(store, leaf, [leaf] + untrusted).tap { |s| s.purpose = OpenSSL::X509::PURPOSE_OCSP_HELPER }
      calls.clear
      signed = PKCS7_CALLS.flat_map { |given, flag| [0, OpenSSL::PKCS7::NOSIGS].map { |f| [given, OpenSSL::PKCS7.const_get(flag) | f] } }.map do |given, flags|
        p7 = OpenSSL::PKCS7.new([c["pkcs7"]].pack("H*"))
        answer = begin; p7.verify(given ? [leaf] : nil, store, nil, flags); rescue => e; "#{e.class}: #{e.message}"; end
        [answer, p7.data, p7.error_string, calls.dup].tap { calls.clear }
      end
      [c["name"], context, whole, ocsp, (signer.verify rescue false), signed]
    end
    puts JSON.generate(answers)
  RUBY
end
