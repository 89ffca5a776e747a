# frozen_string_literal: true

require "tmpdir"

# hiera-eyaml (Puppet's encrypted hiera data): its PKCS#7 encryptor as `eyaml encrypt` and
# `eyaml decrypt` run it, with keys its own create_keys makes and with the downstream key and its
# certificates, of serial 1 and of serial 0 (as hiera-eyaml's older fixtures are: stock's serial
# reads it back as 1, its recipient still 0). Encryption is randomized: the other configuration
# decrypts; a value decrypted with another key fails as stock's.
Downstream.library "hiera-eyaml", package: "hiera-eyaml", requires: %w[hiera/backend/eyaml hiera/backend/eyaml/encryptors/pkcs7] do
  pkcs7 = Hiera::Backend::Eyaml::Encryptors::Pkcs7
  options = Hiera::Backend::Eyaml::Options
  with_keys = lambda do |certificate, key, &call|
    options[:pkcs7_public_key] = certificate
    options[:pkcs7_private_key] = key
    call.call
  end

  { "certificate.pem" => "serial 1", "certificate_serial_0.pem" => "serial 0" }.each do |certificate, serial|
    decrypt = ->(ciphertext) { with_keys.call(keys.path(certificate), keys.path("rsa.pem")) { pkcs7.decrypt(ciphertext) } }
    randomized("encrypt to the certificate of #{serial}", verify: decrypt) { with_keys.call(keys.path(certificate), keys.path("rsa.pem")) { pkcs7.encrypt(data) } }
    # The class alone: stock's message for a wrong key is its padding oracle's, the gem's MRI's
    # "bad decrypt" (DIFFERENCES.md: pkcs7-decrypt-bad-padding). The other key is the 3072-bit one:
    # with a modulus below the block (another 2048-bit key's, now and then), stock fails in Java
    # (Bouncy Castle's DataLengthException) where the gem says PKCS7Error, and the run with it.
    step("decrypt with another key, #{serial}") do
      ciphertext = with_keys.call(keys.path(certificate), keys.path("rsa.pem")) { pkcs7.encrypt(data) }
      with_keys.call(keys.path(certificate), keys.path("rsa_3072.pem")) { pkcs7.decrypt(ciphertext) }
    rescue OpenSSL::PKCS7::PKCS7Error => e
      e.class.name
    end
  end
  step("create_keys, then encrypt and decrypt with them") do
    Dir.mktmpdir("hiera-eyaml") do |made|
      with_keys.call(File.join(made, "public_key.pkcs7.pem"), File.join(made, "private_key.pkcs7.pem")) do
        # The defaults `eyaml createkeys` registers as its options.
        { pkcs7_keysize: 2048, pkcs7_subject: "/", pkcs7_digest: "SHA256" }.each { |name, value| options[name] = value }
        pkcs7.create_keys
        pkcs7.decrypt(pkcs7.encrypt(data))
      end
    end
  end
end
