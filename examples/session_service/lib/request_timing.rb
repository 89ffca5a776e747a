# frozen_string_literal: true

require "json"
require "jwt"
require "openssl"

# Where a request's time goes (SESSION_SERVICE_TIMING=1 in config.ru): per request, the time inside
# the app, inside JWT.encode, and inside RSA signing (OpenSSL::PKey::RSA#sign and #sign_pss, the
# digest included). `GET /timing` answers the totals since boot, and the runtime and RSA backend in
# use, which bin/benchmark --service checks; read before and after a wrk run, the totals give a
# profile (README: "Where a request's time goes"). The cost is a few clock reads per request.
class RequestTiming
  PARTS = %i[app jwt rsa].freeze

  # Adds the time of the block to the part `name` of the request this thread is serving.
  def self.span(name)
    parts = Thread.current[:request_timing]
    return yield unless parts

    started = now
    begin
      yield
    ensure
      parts[name] += now - started
    end
  end

  def self.now
    Process.clock_gettime(Process::CLOCK_MONOTONIC)
  end

  module RsaSpans
    def sign(*)
      RequestTiming.span(:rsa) { super }
    end

    def sign_pss(*, **)
      RequestTiming.span(:rsa) { super }
    end
  end

  module JwtSpans
    def encode(*)
      RequestTiming.span(:jwt) { super }
    end
  end

  OpenSSL::PKey::RSA.prepend(RsaSpans)
  JWT.singleton_class.prepend(JwtSpans)

  def initialize(app)
    @app = app
    @lock = Mutex.new
    @totals = Hash.new(0.0)
  end

  def call(env)
    return report if env["PATH_INFO"] == "/timing"

    parts = Thread.current[:request_timing] = Hash.new(0.0)
    response = self.class.span(:app) { @app.call(env) }
    @lock.synchronize do
      parts.each { |name, seconds| @totals[name] += seconds }
      @totals[:requests] += 1
    end
    response
  ensure
    Thread.current[:request_timing] = nil
  end

  private

  def report
    totals = @lock.synchronize { @totals.dup }
    body = { pid: Process.pid, runtime: RUBY_DESCRIPTION, backend: backend, requests: totals[:requests].to_i,
             seconds: PARTS.to_h { |name| [name, totals[name]] } }
    [200, { "content-type" => "application/json" }, [JSON.generate(body)]]
  end

  def backend
    defined?(FastRsaEngine) ? FastRsaEngine.backend.to_s : "none"
  end
end
