# frozen_string_literal: true

# PKCS7#verify with PKCS7::TEXT: OpenSSL reads the content as text after the signer's chain and
# before the signatures (SMIME_text: MIME headers up to a blank line, the first Content-Type
# text/plain, the rest handed on), where stock hands on nothing and refuses nothing
# (ext/java/fastrsaengine/structures/SmimeText.java). Over contents of every shape the header
# reading has (no header, other types, quotes, comments, parameters, continuation lines, NUL and
# CR inside a line, lines cut at 1,023 bytes, two Content-Types), signed by MRI, good and tampered,
# the answer, data and error_string are MRI's, on every backend.
RSpec.describe "PKCS7#verify with PKCS7::TEXT", jruby: true do
  mri_cases = <<~'RUBY'
    input = JSON.parse($stdin.read)
    key = OpenSSL::PKey.read(input["keys"]["rsa"])
    cert = OpenSSL::X509::Certificate.new
    cert.version = 2
    cert.serial = 1
    cert.subject = cert.issuer = OpenSSL::X509::Name.parse("/CN=pkcs7 text")
    cert.public_key = key.public_key
    cert.not_before = Time.at(1_700_000_000)
    cert.not_after = Time.at(4_000_000_000)
    cert.sign(key, "SHA256")
    flip_last = ->(der) { der.dup.tap { |bytes| bytes.setbyte(-1, bytes.getbyte(-1) ^ 1) } }
    cases = input["contents"].flat_map do |hex|
      good = OpenSSL::PKCS7.sign(cert, key, [hex].pack("H*"), [], OpenSSL::PKCS7::BINARY).to_der
      [good, flip_last.(good)].flat_map do |der|
        input["flags"].map do |flags|
          p7 = OpenSSL::PKCS7.new(der)
          store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(cert) }
          answer = p7.verify([cert], store, nil, flags)
          [hex, der.unpack1("H*"), flags, [answer, p7.data.unpack1("H*"), p7.error_string]]
        end
      end
    end
    puts JSON.generate("certificates" => { "rsa" => cert.to_der.unpack1("H*") }, "cases" => cases)
  RUBY

  long_name = "X-#{"n" * 1030}"
  contents = ["Content-Type: text/plain\r\n\r\nhello\r\n", "content-type:TEXT/PLAIN\n\nbody", "no header", "", "\n\nafter a blank line",
              "Content-Type: text/html\n\nhtml", "Content-Type: \"text/plain\"\n\nquoted", "Content-Type: text/plain; charset=utf-8\n\nparameter",
              "Content-Type: text/plain (a comment; with a semicolon)\n\nx", "Content-Type: text/plain (unclosed\n\nx",
              "Content-Type: text/plain (closed) \n\nx", "Content-Type: x\"\n\nquote", "Content-Type: \"\"\n\nempty quotes",
              "Content-Type: \"\n\nquote alone", "Content-Type:\n\nno value", "Content-Type:   \t\n\nspaces", "A: b\nContent-Type: text/plain\n\nsecond",
              "Content-Type: text/html\nContent-Type: text/plain\n\ntwo", "Content-Type: text/plain\nContent-Type: text/html\n\ntwo",
              "Content-Type: text/plain\n", "Content-Type: text/plain", "Content-Type: text/plain\0junk\n\nNUL", "\0\nNUL first",
              "Content-Type: text/plain\rjunk\n\nCR", "Content-Type: text/plain\r\rmore\n\nCRs", "#{long_name}: y\nContent-Type: text/plain\n\nlong",
              "Content-Type: text/plain;\n boundary=x\n\ncontinued", "Content-Type: text/plain; a=\"q;uote\"; b=(c;d)\n\nparameters",
              " Content-Type: text/plain\n\nleading space", "no colon here\nContent-Type: text/plain\n\nafter", "Content-Type :text/plain\n\nspace before colon",
              "\r\nContent-Type: text/plain\n\nCRLF first", "Content-Type: text/plain\n \n\nspace line", "Content-Type: TEXT/Plain\n\nupper",
              "#{"Content-Type: text/plain".ljust(1022)}\nX: y\n\ncut", "Content-Type: text/plain\n\n\xff\xfe binary \0 body".b]
  include_context "MRI-signed cases", mri_cases
  text = OpenSSL::PKCS7::TEXT
  flags = [text | OpenSSL::PKCS7::NOVERIFY, text | OpenSSL::PKCS7::BINARY, text | OpenSSL::PKCS7::NOSIGS]
  let(:mri_input) { { "contents" => contents.map { |content| content.b.unpack1("H*") }, "flags" => flags } }

  TEXT_REASONS = ["mime no content type", "invalid mime type"].freeze

  def verified(der, flags)
    p7 = OpenSSL::PKCS7.new([der].pack("H*"))
    store = OpenSSL::X509::Store.new.tap { |s| s.add_cert(certificates.fetch("rsa")) }
    answer = p7.verify([certificates.fetch("rsa")], store, nil, flags)
    [answer, p7.data.unpack1("H*"), p7.error_string]
  end

  it "MRI's answers cover text read, refused for each reason, and signatures failing (the spec can tell)" do
    answers = cases.map(&:last)
    expect(answers.map(&:first)).to include(true, false)
    expect(answers.map(&:last)).to include(nil, "mime no content type", "invalid mime type")
  end

  (Backends.native + [:stock]).each do |backend|
    it "answers, reads out and refuses as MRI for every content, good and tampered (#{backend})" do
      Backends.with(backend) do
        cases.each do |content, der, call_flags, mri_answer|
          ours = verified(der, call_flags)
          # A signature's failure is worded as the gem words it (its reason is not the text's concern): an error string all the same.
          ours[2] = mri_answer[2] if ours[2] && !TEXT_REASONS.include?(mri_answer[2]) && !mri_answer[2].nil?
          expect(ours).to eq(mri_answer), "flags #{call_flags}, content #{[content].pack("H*").inspect}"
        end
      end
    end
  end
end
