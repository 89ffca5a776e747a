# frozen_string_literal: true

require "json"
require "jwt"
require "openssl"
require "rack"
require "securerandom"

# A session-token service: `POST /sessions` with a user_id answers a session token, a JWT signed
# with the service's RSA key, RS256 by default or PS256 with alg=PS256, or with its P-256 key for
# alg=ES256 when it has one; `GET /verify` checks the token in the Authorization header. Every login
# signs, so RSA or ECDSA signing sits on every request's path.
class SessionService
  LIFETIME = 3600 # seconds

  # rsa_key: the RSA private key; ec_key: a P-256 private key, or nil for no ES256.
  def initialize(rsa_key, ec_key = nil)
    @keys = { "RS256" => rsa_key, "PS256" => rsa_key, "ES256" => ec_key }.compact
    @public_keys = @keys.transform_values { |key| public_half(key) }
  end

  def call(env)
    request = Rack::Request.new(env)
    case [request.request_method, request.path_info]
    when %w[POST /sessions] then create(request.POST)
    when %w[GET /verify] then verify(request.get_header("HTTP_AUTHORIZATION").to_s)
    else respond(404, error: "no such route")
    end
  end

  private

  def create(params)
    user_id = params["user_id"].to_s
    algorithm = params.fetch("alg", "RS256")
    return respond(422, error: "user_id is missing") if user_id.empty?
    return respond(422, error: "alg must be one of #{@keys.keys.join(', ')}") unless @keys.key?(algorithm)

    respond(201, token: JWT.encode(claims(user_id), @keys.fetch(algorithm), algorithm))
  end

  def verify(authorization)
    claims, = JWT.decode(authorization.delete_prefix("Bearer "), nil, true, algorithms: @public_keys.keys) do |header|
      @public_keys.fetch(header["alg"])
    end
    respond(200, claims)
  rescue JWT::DecodeError => e
    respond(401, error: e.message)
  end

  # An RSA key's public_key is a key; an EC key's is a point, so its public key is read back from DER.
  def public_half(key)
    key.is_a?(OpenSSL::PKey::EC) ? OpenSSL::PKey::EC.new(key.public_to_der) : key.public_key
  end

  def claims(user_id)
    now = Time.now.to_i
    { sub: user_id, iat: now, exp: now + LIFETIME, jti: SecureRandom.uuid }
  end

  def respond(status, body)
    [status, { "content-type" => "application/json" }, [JSON.generate(body)]]
  end
end
