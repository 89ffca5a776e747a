# frozen_string_literal: true

# ruby-origami: a PDF signed with the RSA key and its certificate by each signature method origami
# offers (PKCS#7 detached, PKCS#7 of the SHA-1, PKCS#1 RSA-SHA1), saved, read back and verified
# against the certificate. A signed PDF carries its signing time: the other configuration verifies
# it. Keys that are not RSA are refused by origami itself. Origami 2.1 does not load on Ruby 3.4
# (JRuby 10.1): `Hash.new(operands: [], ...)` reads as keywords there.
Downstream.library "origami", package: "ruby-origami", requires: %w[origami] do
  signed_pdf = lambda do |method, key = keys.rsa|
    pdf = Origami::PDF.new
    pdf.append_page(Origami::Page.new)
    pdf.sign(keys.certificate, key, method: method, location: +"downstream", contact: +"ops@downstream.example", reason: +"downstream") # origami changes them in place
    io = StringIO.new(+"", "wb")
    pdf.save(io)
    io.string
  end
  verify = lambda do |bytes|
    pdf = Origami::PDF.read(StringIO.new(bytes), verbosity: Origami::Parser::VERBOSE_QUIET)
    [pdf.signed?, pdf.verify(trusted_certs: [keys.certificate]), pdf.verify(trusted_certs: [])]
  end

  %w[adbe.pkcs7.detached adbe.pkcs7.sha1 adbe.x509.rsa_sha1].each do |method|
    randomized("PDF signed, #{method}", verify: verify) { signed_pdf.call(method) }
  end
  step("PDF signed with an EC key") { signed_pdf.call("adbe.pkcs7.detached", keys.ec) }
  step("PDF signed with another RSA key than the certificate's") { verify.call(signed_pdf.call("adbe.pkcs7.detached", keys.other_rsa)) }
  step("a tampered signed PDF") { verify.call(tamper(signed_pdf.call("adbe.pkcs7.detached"), at: 200)) }
end
