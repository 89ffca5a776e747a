# frozen_string_literal: true

require "json"
require "open3"
require "rbconfig"

# Client libraries detect features: net-ssh asks OpenSSL::PKey.respond_to?(:generate_key) and then
# hands it a Diffie-Hellman key; others ask respond_to?(:sign_pss) or read a method's arity. With
# the gem they must see what stock shows them, on every JRuby line, whatever the backend: the only
# additions are the ones listed here, each with its reason, and each answers on every backend.
# OpenSSL::PKey::EC, patched once a backend with an EC engine is active (at start-up, or at a later
# switch to one), has no additions: its methods, arities, kinds of parameters and answers to
# respond_to? are stock's. (Method#parameters names a patched method's parameters, a0, a1..., where
# stock's Java methods leave them unnamed, for RSA and EC alike: doc/engine-coverage.md,
# "What stays the same".)
RSpec.describe "What client libraries see", jruby: true do
  # The gem adds these, and answers them on every backend, :stock included (the JDK's arithmetic).
  ADDITIONS = {
    "OpenSSL::PKey::RSA#encrypt/-1" => "MRI's PKey#encrypt, which no jruby-openssl has",
    "OpenSSL::PKey::RSA#decrypt/-1" => "MRI's PKey#decrypt, which no jruby-openssl has"
  }.freeze

  # Every method (with its arity) of the classes and modules the patch touches, in a fresh JRuby.
  surface = <<~'RUBY'
    require "json"
    require "openssl"
    require "fast-rsa-engine"
    FastRsaEngine.backend = ARGV[0].to_sym if ARGV[0]
    listing = lambda do |label, owner, names, separator|
      names.map { |name| "#{label}#{separator}#{name}/#{owner.instance_method(name).arity}" }
    end
    rsa, pkey, ec = OpenSSL::PKey::RSA, OpenSSL::PKey::PKey, OpenSSL::PKey::EC
    lines = listing.("OpenSSL::PKey", OpenSSL::PKey.singleton_class, OpenSSL::PKey.singleton_methods, ".") +
            listing.("OpenSSL::PKey::EC", ec.singleton_class, ec.singleton_methods, ".") +
            listing.("OpenSSL::PKey::EC", ec, ec.public_instance_methods, "#") +
            listing.("OpenSSL::PKey::EC", ec, ec.private_instance_methods, "#(private)") +
            listing.("OpenSSL::PKey::RSA", rsa.singleton_class, rsa.singleton_methods, ".") +
            listing.("OpenSSL::PKey::RSA", rsa, rsa.public_instance_methods, "#") +
            listing.("OpenSSL::PKey::RSA", rsa, rsa.private_instance_methods, "#(private)") +
            listing.("OpenSSL::PKey::PKey", pkey, pkey.public_instance_methods, "#")
    # The structure methods' classes (FastRsaEngine::StructurePatch, CrlPatch), and SSL's (TlsPatch).
    [OpenSSL::X509::Certificate, OpenSSL::X509::Request, OpenSSL::X509::CRL, OpenSSL::OCSP::BasicResponse, OpenSSL::OCSP::Request,
     OpenSSL::PKCS7, OpenSSL::SSL::SSLSocket, OpenSSL::SSL::SSLContext].each do |klass|
      lines += listing.(klass.name, klass, klass.public_instance_methods, "#") +
               listing.(klass.name, klass, klass.private_instance_methods, "#(private)") +
               listing.(klass.name, klass.singleton_class, klass.singleton_methods, ".")
    end
    key = rsa.new(1024)
    responds = %w[encrypt decrypt sign_pss sign_raw verify_pss verify_raw generate_key private_to_pem].map { |m| "#{m}:#{key.respond_to?(m)}" }
    ec_key = ec.generate("prime256v1")
    ec_responds = %w[sign verify sign_raw verify_raw dsa_sign_asn1 dsa_verify_asn1 dh_compute_key derive generate_key generate_key!
                     check_key encrypt decrypt sign_pss private_to_pem public_to_der].map { |m| "#{m}:#{ec_key.respond_to?(m)}" }
    ec_parameters = ec.public_instance_methods.sort.map { |name| "#{name}: #{ec.instance_method(name).parameters.inspect}" }
    puts JSON.generate("methods" => lines.sort, "responds" => responds, "pkey_generate_key" => OpenSSL::PKey.respond_to?(:generate_key),
                       "ec_patched" => ec.ancestors.any? { |mod| mod.name == "FastRsaEngine::EcPatch" }, "ec_responds" => ec_responds,
                       "ec_generate" => ec.respond_to?(:generate), "ec_parameters" => ec_parameters,
                       "ssl_ancestors" => OpenSSL::SSL::SSLSocket.ancestors.map(&:to_s))
  RUBY

  # Each run: its environment, and the backend it switches to once started (EC is patched then, if not before).
  runs = { "off" => [{ "FAST_RSA_ENGINE" => "off" }], "auto" => [{}], "stock" => [{ "FAST_RSA_ENGINE" => "stock" }] }
  runs.merge!(Backends.native.to_h { |name| [name.to_s, [{ "FAST_RSA_ENGINE" => name.to_s }]] })
  runs["stock, then aws_lc"] = [{ "FAST_RSA_ENGINE" => "stock" }, "aws_lc"] if Backends.native.include?(:aws_lc)

  before(:context) do
    lib = File.expand_path("../../lib", __dir__)
    threads = runs.to_h do |name, (environment, switch)|
      command = [*StockJRuby::BRIEF, "-I", lib, "-e", surface, *switch]
      [name, Thread.new { Open3.capture3({ "FAST_RSA_ENGINE" => nil }.merge(environment), *command) }]
    end
    @surfaces = threads.transform_values do |thread|
      stdout, stderr, status = thread.value
      raise "a listing run failed: #{stderr}" unless status.success?

      JSON.parse(stdout)
    end
  end

  (runs.keys - ["off"]).each do |name|
    it "with FAST_RSA_ENGINE=#{name}: the methods and arities of stock, plus the listed additions only" do
      stock, patched = @surfaces.fetch("off"), @surfaces.fetch(name)
      expect(patched["methods"] - stock["methods"]).to match_array(ADDITIONS.keys)
      expect(stock["methods"] - patched["methods"]).to be_empty
      expect(patched["pkey_generate_key"]).to eq(stock["pkey_generate_key"])
      expect(patched["responds"] - stock["responds"]).to match_array(%w[encrypt:true decrypt:true])
      expect(patched["ssl_ancestors"]).to eq(stock["ssl_ancestors"]) # TlsPatch redefines SSLSocket#initialize in place
    end

    it "with FAST_RSA_ENGINE=#{name}: OpenSSL::PKey::EC answers respond_to? as stock, its parameters of the same kinds" do
      stock, patched = @surfaces.fetch("off"), @surfaces.fetch(name)
      expect(patched.values_at("ec_responds", "ec_generate")).to eq(stock.values_at("ec_responds", "ec_generate"))
      kinds = ->(surface) { surface["ec_parameters"].map { |line| line.gsub(/, :\w+\]/, "]") } }
      expect(kinds.(patched)).to eq(kinds.(stock))
    end
  end

  it "patches OpenSSL::PKey::EC where a backend with an EC engine (aws_lc, auto's first) has been active, and only there" do
    ec_engine = Backends.native.include?(:aws_lc)
    expected = runs.to_h { |name, (environment, switch)| [name, ec_engine && [nil, "aws_lc"].include?(switch || environment["FAST_RSA_ENGINE"])] }
    expect(@surfaces.transform_values { |surface| surface["ec_patched"] }).to eq(expected)
  end

  describe "the additions answer on every backend, never reaching a missing super" do
    fixture = ReferenceFixtures.key("rsa1024_e65537")

    (Backends.native + [:stock]).each do |backend|
      it "encrypt and decrypt with the #{backend} backend" do
        Backends.with(backend) do
          key = fixture.private_key
          %w[pkcs1 oaep].each do |mode|
            options = { "rsa_padding_mode" => mode }
            expect(key.decrypt(key.encrypt("data", options), options)).to eq("data")
          end
        end
      end
    end
  end

  # net-ssh's diffie-hellman-group1-sha1 key exchange: the group's parameters as a DH key, a key
  # pair from OpenSSL::PKey.generate_key where that exists (else DH#generate_key!), then each side
  # computes the shared secret from the other's public value.
  describe "a Diffie-Hellman exchange as net-ssh makes it" do
    oakley_group2 = "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE65381FFFFFFFFFFFFFFFF"

    def party(prime)
      der = OpenSSL::ASN1::Sequence([OpenSSL::ASN1::Integer(OpenSSL::BN.new(prime, 16)), OpenSSL::ASN1::Integer(2)]).to_der
      params = OpenSSL::PKey::DH.new(der)
      return OpenSSL::PKey.generate_key(params) if OpenSSL::PKey.respond_to?(:generate_key)

      params.generate_key!
      params
    end

    (Backends.native + [:stock]).each do |backend|
      it "agrees on the shared secret with the #{backend} backend" do
        Backends.with(backend) do
          client, server = party(oakley_group2), party(oakley_group2)
          secret = client.compute_key(server.pub_key)
          expect(secret.bytesize).to be > 100
          expect(server.compute_key(client.pub_key)).to eq(secret)
        end
      end
    end
  end
end
