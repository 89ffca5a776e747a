# frozen_string_literal: true

require "json"
require "jwt"
require "openssl"
require "rack"
require "securerandom"

# A session-token service: `POST /sessions` with a user_id answers a session token, a JWT signed
# with the service's RSA key, RS256 by default or PS256 with alg=PS256; `GET /verify` checks the
# token in the Authorization header. Every login signs, so RSA signing sits on every request's path.
class SessionService
  ALGORITHMS = %w[RS256 PS256].freeze
  LIFETIME = 3600 # seconds

  def initialize(private_key)
    @private_key = private_key
    @public_key = private_key.public_key
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
    return respond(422, error: "alg must be one of #{ALGORITHMS.join(', ')}") unless ALGORITHMS.include?(algorithm)

    respond(201, token: JWT.encode(claims(user_id), @private_key, algorithm))
  end

  def verify(authorization)
    claims, = JWT.decode(authorization.delete_prefix("Bearer "), @public_key, true, algorithms: ALGORITHMS)
    respond(200, claims)
  rescue JWT::DecodeError => e
    respond(401, error: e.message)
  end

  def claims(user_id)
    now = Time.now.to_i
    { sub: user_id, iat: now, exp: now + LIFETIME, jti: SecureRandom.uuid }
  end

  def respond(status, body)
    [status, { "content-type" => "application/json" }, [JSON.generate(body)]]
  end
end
