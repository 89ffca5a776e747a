# frozen_string_literal: true

# Calls where stock jruby-openssl answers something other than what was asked, and MRI answers
# what was asked or refuses: ANSI X9.31 signatures (stock signs PKCS#1 v1.5), verify_raw with a nil
# digest (stock wants a SHA-256 DigestInfo), PSS options while the padding is not PSS (stock ignores
# them, in whatever order), sign_pss and verify_pss without a digest (stock uses SHA-256), sign_raw
# with no padding. Each call runs in MRI too, in a process beside, and the engine's answer must be
# MRI's: the same bytes, true or false, or the same error class and message.
RSpec.describe "Silent substitutions: MRI's answer to what was asked", jruby: true do
  fixture = ReferenceFixtures.key("rsa2048_e65537")

  # Ruby source, run as is in JRuby and in MRI, with key, pub (its public key), message, hash
  # (SHA-256 of message), raw (MRI's sign_raw(nil, message)) and small keys: tiny (512 bits),
  # short (528 bits, too short for X9.31's SHA-512 block).
  calls = %w[SHA1 SHA256 SHA384 SHA512 SHA224 MD5 SHA3-256 MD5-SHA1].flat_map do |digest|
    x931 = '"rsa_padding_mode" => "x931"'
    # JRuby's OpenSSL::Digest lacks these two: a hash of their length stands in (X9.31 refuses them first).
    hashed = { "SHA3-256" => '"h" * 32', "MD5-SHA1" => '"h" * 36' }.fetch(digest) { "OpenSSL::Digest.digest(#{digest.inspect}, message)" }
    ["key.sign_raw(#{digest.inspect}, #{hashed}, #{x931})",
     "key.sign(#{digest.inspect}, message, #{x931})",
     "pub.verify(#{digest.inspect}, key.sign(#{digest.inspect}, message, #{x931}), message, #{x931})"]
  end + [
    'pub.verify_raw("SHA256", key.sign("SHA256", message, "rsa_padding_mode" => "x931"), hash, "rsa_padding_mode" => "x931")',
    'pub.verify_raw("SHA256", key.sign("SHA256", message, "rsa_padding_mode" => "x931"), hash)',
    'pub.verify("SHA256", key.sign("SHA256", message), message, "rsa_padding_mode" => "x931")',
    'pub.verify("SHA256", key.sign("SHA256", message, "rsa_padding_mode" => "x931"), "other", "rsa_padding_mode" => "x931")',
    'pub.verify("SHA512", key.sign("SHA256", message, "rsa_padding_mode" => "x931"), message, "rsa_padding_mode" => "x931")',
    'key.sign("SHA256", message, "rsa_padding_mode" => "X931")',
    'key.sign_raw(nil, hash, "rsa_padding_mode" => "x931")',
    'pub.verify_raw(nil, raw, message, "rsa_padding_mode" => "x931")',
    'tiny.sign("SHA512", message, "rsa_padding_mode" => "x931")',
    'tiny.sign_raw("SHA512", OpenSSL::Digest.digest("SHA512", message), "rsa_padding_mode" => "x931")',
    'short.sign("SHA512", message, "rsa_padding_mode" => "x931")',
    'short.sign("SHA384", message, "rsa_padding_mode" => "x931")',
    'pub.verify_raw(nil, raw, message)', 'pub.verify_raw(nil, raw, "other")', 'pub.verify_raw(nil, raw, message, "rsa_padding_mode" => "pkcs1")',
    'pub.verify_raw(nil, raw, message, rsa_padding_mode: "pss")', 'pub.verify_raw(nil, key.sign("SHA256", message), hash)',
    'pub.verify_raw(nil, raw[1..], message)', 'pub.verify_raw(nil, "\xFF".b * 256, message)',
    'key.sign("SHA256", message, "rsa_pss_saltlen" => 20)', 'key.sign("SHA256", message, rsa_padding_mode: "pkcs1", rsa_pss_saltlen: 20)',
    'key.sign("SHA256", message, "rsa_pss_saltlen" => 20, "rsa_padding_mode" => "pss")', 'key.sign("SHA256", message, "RSA_PSS_SALTLEN" => "20")',
    'key.sign("SHA256", message, "rsa_mgf1_md" => "SHA1")', 'key.sign("SHA256", message, "rsa_padding_mode" => "x931", "rsa_mgf1_md" => "SHA256")',
    'key.sign("SHA256", message, "rsa_padding_mode" => "none", "rsa_pss_saltlen" => 20)',
    'key.sign("SHA256", message, "rsa_pss_saltlen" => 20, "rsa_padding_mode" => "none")',
    'key.sign("SHA256", message, "rsa_padding_mode" => "pss", "rsa_pss_saltlen" => 20).bytesize',
    'key.sign_raw("SHA256", hash, "rsa_pss_saltlen" => 20)', 'key.sign_raw(nil, hash, "rsa_mgf1_md" => "SHA256")',
    'pub.verify("SHA256", key.sign("SHA256", message), message, "rsa_pss_saltlen" => 20)',
    'pub.verify("SHA256", key.sign("SHA256", message), message, rsa_mgf1_md: "SHA256", rsa_padding_mode: "pss")',
    'pub.verify_raw("SHA256", key.sign("SHA256", message), hash, "rsa_padding_mode" => "pkcs1", "rsa_pss_saltlen" => -1)',
    'key.sign_pss(nil, message, salt_length: 20, mgf1_hash: "SHA256")',
    'pub.verify_pss(nil, key.sign("SHA256", message), message, salt_length: 20, mgf1_hash: "SHA256")',
    'key.sign_raw(nil, "\x01".b * 256, "rsa_padding_mode" => "none")', 'key.sign_raw(nil, "\x01".b * 10, "rsa_padding_mode" => "none")'
  ]

  script = <<~RUBY
    require #{MriCalls::PATH.inspect}
    input = JSON.parse($stdin.read)
    key = OpenSSL::PKey::RSA.new(input["pem"])
    pub = OpenSSL::PKey::RSA.new(key.public_to_pem)
    tiny = OpenSSL::PKey::RSA.new(input["tiny"])
    short = OpenSSL::PKey::RSA.new(input["short"])
    message = "silent substitutions"
    hash = OpenSSL::Digest.digest("SHA256", message)
    raw = key.sign_raw(nil, message)
    puts JSON.generate(input["calls"].map { |call| MriCalls.answer { eval(call) } })
  RUBY

  before(:all) do
    @tiny = OpenSSL::PKey::RSA.new(512).to_pem
    @short = OpenSSL::PKey::RSA.new(528).to_pem
    @mri = MRI.run(script, "pem" => fixture.pem, "tiny" => @tiny, "short" => @short, "calls" => calls)
  end

  each_native_backend do
    it "answers #{calls.size} calls as MRI does", needs: MissingMethods::ONE_FIFTEEN_LACKS do
      key = fixture.private_key
      pub = fixture.public_key
      tiny = OpenSSL::PKey::RSA.new(@tiny)
      short = OpenSSL::PKey::RSA.new(@short)
      message = "silent substitutions"
      hash = OpenSSL::Digest.digest("SHA256", message)
      raw = key.sign_raw(nil, message)
      aggregate_failures do
        calls.zip(@mri).each do |call, mri|
          expect(MriCalls.answer { eval(call) }).to eq(mri), call # rubocop:disable Security/Eval
        end
      end
    end
  end
end
