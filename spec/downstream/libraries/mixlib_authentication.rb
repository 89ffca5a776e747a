# frozen_string_literal: true

# ruby-mixlib-authentication: Chef's signed request headers with each signing protocol version
# (1.0 and 1.1 sign with RSA#private_encrypt, 1.3 with RSA#sign and SHA-256) at a fixed timestamp,
# checked by its SignatureVerification as a Chef server does, and its errors for a public key, a
# wrong algorithm, another key and a tampered body.
Downstream.library "mixlib-authentication", package: "ruby-mixlib-authentication",
                                            requires: %w[mixlib/authentication/signedheaderauth mixlib/authentication/signatureverification] do
  auth = Mixlib::Authentication
  path = "/organizations/downstream/nodes"
  # What a web framework hands the verification: its env with the HTTP headers, method, path, body.
  request_class = Struct.new(:env, :method, :path, :params, :raw_post)
  signing = ->(version) { auth::SignedHeaderAuth.signing_object(http_method: :post, path: path, body: data, host: "chef.example", timestamp: "2026-06-01T12:00:00Z", user_id: "downstream", proto_version: version) }
  verify = lambda do |headers, key, body: data|
    env = { "HTTP_HOST" => "chef.example" }
    headers.each { |name, value| env["HTTP_#{name.upcase.tr('-', '_')}"] = value }
    response = auth::SignatureVerification.new.authenticate_user_request(request_class.new(env, "POST", path, {}, body), key, 100 * 365 * 24 * 3600)
    response&.name
  end

  auth::SignedHeaderAuth::ALGORITHM_FOR_VERSION.each do |version, algorithm|
    headers = -> { signing.call(version).sign(keys.rsa) }
    step("sign, version #{version}") { headers.call }
    step("verify, version #{version}") { verify.call(headers.call, keys.public_rsa) }
    step("verify, version #{version}, another key") { verify.call(headers.call, keys.other_rsa.public_key) }
    step("verify, version #{version}, tampered body") { verify.call(headers.call, keys.public_rsa, body: tamper(data)) }
    step("sign, version #{version}, with the public key") { signing.call(version).sign(keys.public_rsa) }
    step("sign, version #{version}, with a 3072-bit key") { signing.call(version).sign(keys.rsa_3072) }
    # An EC key signs 1.3 (ECDSA, randomized), and the verification takes its public key.
    randomized("sign, version #{version}, with an EC key", verify: ->(headers) { verify.call(JSON.parse(headers), keys.ec) }) do
      JSON.generate(signing.call(version).sign(keys.ec))
    end
    step("sign, version #{version}, algorithm other than #{algorithm}") do
      signing.call(version).sign(keys.rsa, sign_algorithm: algorithm == "sha1" ? "sha256" : "sha1", sign_version: version)
    end
  end
  step("sign, unknown version") { signing.call("1.2").sign(keys.rsa) }
end
