# frozen_string_literal: true

require_relative "lib/fast_rsa_engine/version"

# The plain `ruby` gem: the Ruby files alone. On MRI it defines FastRsaEngine (backend :openssl) and
# changes nothing, so `gem 'fast-rsa-engine'` serves a Gemfile shared by MRI and JRuby. The `java`
# gem, which carries the engine, is this spec with the jars added: see java_gem_spec in the Rakefile.
Gem::Specification.new do |spec|
  spec.name = "fast-rsa-engine"
  spec.version = FastRsaEngine::VERSION
  spec.authors = ["fast-rsa-engine contributors"]
  spec.summary = "OpenSSL::PKey::RSA on JRuby through a native RSA engine (AWS-LC or GMP); a no-op on MRI"
  spec.description = <<~TEXT
    Require it and every RSA private-key operation of OpenSSL::PKey::RSA on JRuby (sign, sign_pss,
    sign_raw, private_encrypt, private_decrypt, decrypt) runs through a native engine: AWS-LC through
    Amazon Corretto Crypto Provider, or libgmp's constant-time mpz_powm_sec through jnagmp, blinded,
    every result checked. Same results and errors as stock jruby-openssl, no code changes. On MRI,
    which already runs RSA in OpenSSL, it changes nothing.
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
  spec.files = Dir["lib/**/*.rb", "exe/*", "benchmark/benchmark.rb", "benchmark/lib/{command_line,rsa_operations,ec_operations}.rb",
                   "README.md", "CHANGELOG.md", "LICENSE", "DIFFERENCES.md", "doc/*"]
  spec.require_paths = ["lib"]
  spec.bindir = "exe" # bin/ holds the project's own scripts
  spec.executables = ["fast-rsa-engine-benchmark"]

  spec.add_development_dependency "benchmark-ips", "~> 2.7"
  spec.add_development_dependency "rake", "~> 13.0"
  spec.add_development_dependency "rake-compiler", "~> 1.2"
  spec.add_development_dependency "rspec", "~> 3.12"
end
