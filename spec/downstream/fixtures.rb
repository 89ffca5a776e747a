# frozen_string_literal: true

require "fileutils"
require "openssl"
require_relative "command"
require_relative "harness"

module Downstream
  # The keys of one run, made once by MRI and read by every configuration (Downstream::Keys), so
  # that a deterministic output of one configuration compares byte for byte with another's: RSA in
  # each form apps keep it, another RSA key and a larger one for the wrong-key and size paths, EC
  # and DSA keys for the paths that expect RSA, EC keys of each JOSE curve (Keys::EC_CURVES) with
  # their public halves and another key each, certificates of fixed serials and times, and the
  # SSH keys of the OpenSSH server and its user (made by ssh-keygen, as an admin makes them).
  module Fixtures
    module_function

    def write(dir)
      FileUtils.mkdir_p(dir)
      rsa = OpenSSL::PKey::RSA.new(2048)
      files = {
        "rsa.pem" => rsa.to_pem, "rsa_pkcs8.pem" => rsa.private_to_pem, "rsa.der" => rsa.to_der,
        "rsa_encrypted.pem" => rsa.to_pem(OpenSSL::Cipher.new("aes-256-cbc"), Keys::PASSPHRASE),
        "rsa_public.pem" => rsa.public_to_pem, "certificate.pem" => certificate(rsa).to_pem,
        "certificate_serial_0.pem" => certificate(rsa, serial: 0).to_pem,
        "other_rsa.pem" => OpenSSL::PKey::RSA.new(2048).to_pem, "rsa_3072.pem" => OpenSSL::PKey::RSA.new(3072).to_pem,
        "ec.pem" => OpenSSL::PKey::EC.generate("prime256v1").to_pem, "dsa.pem" => OpenSSL::PKey::DSA.new(2048).to_pem
      }
      files.merge(ec_files).each { |name, content| File.binwrite(File.join(dir, name), content) }
      ssh_keygen(File.join(dir, "ssh_host_rsa"), "-m", "PEM")
      ssh_keygen(File.join(dir, "ssh_user_rsa"))
      FileUtils.cp(File.join(dir, "ssh_user_rsa"), File.join(dir, "ssh_user_rsa.pem"))
      Command.run("ssh-keygen", "-q", "-p", "-m", "PEM", "-N", "", "-P", "", "-f", File.join(dir, "ssh_user_rsa.pem"))
    end

    def ec_files
      Keys::EC_CURVES.each_with_object({}) do |curve, files|
        key = OpenSSL::PKey::EC.generate(curve)
        files["ec_#{curve}.pem"] = key.to_pem
        files["ec_#{curve}_public.pem"] = key.public_to_pem
        files["other_ec_#{curve}.pem"] = OpenSSL::PKey::EC.generate(curve).to_pem
      end
    end

    # Self-signed, serial 1 (or 0, which MRI writes and stock reads back as 1), valid 2026 to
    # 2036: the same bytes wherever it is read.
    def certificate(key, serial: 1)
      cert = OpenSSL::X509::Certificate.new
      cert.version = 2
      cert.serial = serial
      cert.subject = cert.issuer = OpenSSL::X509::Name.parse("/CN=downstream")
      cert.public_key = key
      cert.not_before = Time.utc(2026, 1, 1)
      cert.not_after = Time.utc(2036, 1, 1)
      cert.sign(key, "SHA256")
    end

    def ssh_keygen(path, *format)
      Command.run("ssh-keygen", "-q", "-t", "rsa", "-b", "2048", *format, "-N", "", "-C", "downstream", "-f", path)
    end
  end
end
