# frozen_string_literal: true

require "open3"

# After a structure method the engine answered, every reader of the object reads what stock's
# method leaves there (StructureReaders), and so does the object signed again, or copied and signed.
# Stock here is the backend :stock, whose structure methods are stock's own code with the caller's key.
RSpec.describe "The state a structure method leaves", jruby: true do
  fixture = ReferenceFixtures.key("rsa2048_e65537")

  # Each structure method: how the object is made, and how it is signed with a key and digest
  # (the CSR and the OCSP messages with an OpenSSL::Digest: jruby-openssl 0.15's CSR takes no name).
  # A CRL is not copied: stock's copy holds nothing of it (signing one leaks a Java exception).
  # The certificate's extensions are added in an order of their own (a non-critical one first),
  # the CSR has an attribute.
  methods = {
    "X509::Certificate#sign" => [->(key) { certificate(key) }, ->(object, key, digest) { object.sign(key, digest) }],
    "X509::Request#sign" => [->(key) { request(key) }, ->(object, key, digest) { object.sign(key, OpenSSL::Digest.new(digest)) }],
    "X509::CRL#sign" => [->(_) { Structures.unsigned_crl }, ->(object, key, digest) { object.sign(key, digest) }],
    "OCSP::BasicResponse#sign" => [->(key) { Structures.unsigned_ocsp_response(Structures.signer(key)) },
                                   ->(object, key, digest) { object.sign(Structures.signer(key), key, [], 0, OpenSSL::Digest.new(digest)) }],
    "OCSP::Request#sign" => [->(key) { Structures.unsigned_ocsp_request(Structures.signer(key)) },
                             ->(object, key, digest) { object.sign(Structures.signer(key), key, [], 0, OpenSSL::Digest.new(digest)) }]
  }

  def self.certificate(key)
    cert = Structures.unsigned_certificate(key, extensions: false)
    factory = OpenSSL::X509::ExtensionFactory.new
    factory.subject_certificate = factory.issuer_certificate = cert
    cert.add_extension(factory.create_extension("subjectAltName", "DNS:state.example", false))
    Structures.add_extensions(cert)
    cert
  end

  def self.request(key)
    request = Structures.unsigned_request(key)
    request.add_attribute(OpenSSL::X509::Attribute.new("challengePassword", OpenSSL::ASN1::Set([OpenSSL::ASN1::UTF8String("state")])))
    request
  end

  # What a caller reads after each step: signed, signed again with another digest, then a copy
  # signed (the copy's readers and the original's after); each with what the sign raised, if it did
  # (jruby-openssl 0.15's copies of a certificate and a CSR cannot be signed).
  def steps(build, sign, key, digest)
    object = build.call(key)
    read = { "signed" => [step { sign.call(object, key, digest) }, StructureReaders.of(object)] }
    read["signed again"] = [step { sign.call(object, key, "SHA384") }, StructureReaders.of(object)]
    return read if object.is_a?(OpenSSL::X509::CRL)

    copy = object.dup
    read["copy signed"] = [step { sign.call(copy, key, digest) }, StructureReaders.of(copy)]
    read.merge("original after the copy signed" => StructureReaders.of(object))
  end

  # "returned", or what the block raised.
  def step
    outcome = Outcome.of { yield }
    outcome.raised? ? [outcome.error.class.name, outcome.message] : "returned"
  end

  # An OCSP response holds the time it was signed, and PKCS#7 signed data its signing time, to the
  # second (holds_time): each pair of runs (the engine's, then stock's) starts as a second begins,
  # so that both mostly fall in it; a pair that straddles two seconds is run again, up to three pairs.
  def as_stock(holds_time: false, &run)
    pairs = []
    3.times do
      sleep(1 - Time.now.subsec) if holds_time
      ours = nil
      pairs << [Backends.engine_ran? { ours = run.call } && ours, Backends.with(:stock, &run)]
      break if pairs.last[0] == pairs.last[1]
    end
    expect(pairs.last[0]).to be_truthy # the engine answered the call
    expect(pairs.last[0]).to eq(pairs.last[1])
  end

  each_native_backend do
    methods.each do |name, (build, sign)|
      %w[SHA1 MD5 SHA256 SHA512].each do |digest|
        it "#{name} with #{digest}: every reader reads as stock's, signed, signed again, and copied and signed" do
          key = fixture.private_key
          as_stock(holds_time: name.start_with?("OCSP::BasicResponse")) { steps(build, sign, key, digest) }
        end
      end
    end

    it "PKCS7.sign: every reader of what it returns reads as stock's, and of its copy" do
      key = fixture.private_key
      cert = Structures.signer(key)
      as_stock(holds_time: true) do
        p7 = OpenSSL::PKCS7.sign(cert, key, "state", [cert], OpenSSL::PKCS7::BINARY)
        [StructureReaders.of(p7), StructureReaders.of(p7.dup)]
      end
    end
  end
end
