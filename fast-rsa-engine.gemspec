# frozen_string_literal: true

require_relative "lib/fast_rsa_engine/version"

# The plain `ruby` gem: the Ruby files alone. On MRI it defines FastRsaEngine (backend :openssl) and
# changes nothing, so `gem 'fast-rsa-engine'` serves a Gemfile shared by MRI and JRuby. The `java`
# gem, which carries the engine, is this spec with the jars added: see java_gem_spec in the Rakefile.
Gem::Specification.new do |spec|
  spec.name = "fast-rsa-engine"
  spec.version = FastRsaEngine::VERSION
  spec.authors = ["fast-rsa-engine contributors"]
  spec.summary = "RSA and elliptic curves on JRuby through a native engine (AWS-LC or GMP): keys, certificates, " \
                 "CSRs, CRLs, OCSP and PKCS#7; a no-op on MRI"
  spec.description = <<~TEXT
    Require it and every private-key operation of a JRuby app runs through a native engine: RSA's
    (OpenSSL::PKey::RSA: sign, sign_pss, sign_raw, private_encrypt, private_decrypt, decrypt; one
    signature's two CRT halves on two cores where a core is free), elliptic curves' (OpenSSL::PKey::EC:
    ECDSA and ECDH), and the structures signed with either (X509::Certificate, Request and CRL, OCSP
    responses, PKCS#7 signatures and envelopes), and Java code through an opt-in JCA provider. AWS-LC
    through Amazon Corretto Crypto Provider, or libgmp's constant-time mpz_powm_sec through jnagmp;
    blinded, every result checked. Same results and errors as stock jruby-openssl, no code changes.
    On MRI, which already runs them in OpenSSL, it changes nothing.
  TEXT
  spec.homepage = "https://github.com/fast-rsa-engine/fast-rsa-engine"
  spec.license = "Apache-2.0"
  spec.metadata = {
    "source_code_uri" => spec.homepage,
    "changelog_uri" => "#{spec.homepage}/blob/main/CHANGELOG.md",
    "bug_tracker_uri" => "#{spec.homepage}/issues",
    "rubygems_mfa_required" => "true"
  }
  spec.required_ruby_version = ">= 3.1"

  # benchmark/benchmark.rb, its options' parser and the operations it times, for the executable: the classic report.
  # The README's pages (doc/, DIFFERENCES.md) too, so that its links resolve in an installed gem.
  spec.files = Dir["lib/**/*.rb", "exe/*", "benchmark/benchmark.rb", "benchmark/lib/{command_line,rsa_operations,ec_operations,structure_operations,chain_operations,tls_operations}.rb",
                   "README.md", "CHANGELOG.md", "LICENSE", "DIFFERENCES.md", "doc/*"]
  spec.require_paths = ["lib"]
  spec.bindir = "exe" # bin/ holds the project's own scripts
  spec.executables = ["fast-rsa-engine-benchmark"]

  spec.add_development_dependency "benchmark-ips", "~> 2.7"
  spec.add_development_dependency "rake", "~> 13.0"
  spec.add_development_dependency "rake-compiler", "~> 1.2"
  spec.add_development_dependency "rspec", "~> 3.12"
end
