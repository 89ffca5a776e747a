# frozen_string_literal: true

require_relative "lib/fast_rsa_engine/version"

Gem::Specification.new do |spec|
  spec.name = "fast-rsa-engine"
  spec.version = FastRsaEngine::VERSION
  spec.platform = "java"
  spec.authors = ["fast-rsa-engine contributors"]
  spec.summary = "OpenSSL::PKey::RSA private-key operations on JRuby through a native RSA engine (AWS-LC or GMP)"
  spec.description = <<~TEXT
    Require it and every RSA private-key operation of OpenSSL::PKey::RSA on JRuby (sign, sign_pss,
    sign_raw, private_encrypt, private_decrypt) runs through a native engine: AWS-LC through Amazon
    Corretto Crypto Provider, or libgmp's constant-time mpz_powm_sec through jnagmp, with blinding
    and a checked CRT result. Same results and errors as stock jruby-openssl, no code changes.
  TEXT
  spec.license = "Apache-2.0"
  spec.required_ruby_version = ">= 3.1"

  # The built extension and the runtime jars are not in git: `rake gem` builds and copies them
  # into lib/ before packaging, so the gem installs with no network and no Maven.
  spec.files = Dir["lib/**/*.rb", "lib/**/*.jar", "README.md", "CHANGELOG.md", "LICENSE"]
  spec.require_paths = ["lib"]

  spec.add_development_dependency "benchmark-ips", "~> 2.7"
  spec.add_development_dependency "rake", "~> 13.0"
  spec.add_development_dependency "rake-compiler", "~> 1.2"
  spec.add_development_dependency "rspec", "~> 3.12"
end
