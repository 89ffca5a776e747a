# frozen_string_literal: true

require "fileutils"
require "openssl"

# RSA keys as PEM files, one per size (rsa-2048.pem...), so that every process of a
# benchmark run times the very same keys.
module Keys
  module_function

  def path(dir, bits)
    File.join(dir, "rsa-#{bits}.pem")
  end

  def generate(dir, sizes)
    FileUtils.mkdir_p(dir)
    sizes.each { |bits| File.write(path(dir, bits), OpenSSL::PKey::RSA.new(bits).to_pem, perm: 0o600) }
  end

  # The key in `file`, or a new key of `bits` when no file is given.
  def load(file, bits)
    file ? OpenSSL::PKey::RSA.new(File.read(file)) : OpenSSL::PKey::RSA.new(bits)
  end
end
