# frozen_string_literal: true

module ServiceBenchmark
  # Where a request's time went during one wrk run on a one-process server: RequestTiming's totals
  # read before and after the run, divided by the requests in between, in milliseconds per request.
  # The parts do not overlap: Puma and the network (wrk's mean latency less the time in the app),
  # the app itself (Rack, routing, claims, JSON), JWT encoding (ruby-jwt less the signature) and
  # RSA signing (OpenSSL::PKey::RSA#sign or #sign_pss, digest included).
  module Profile
    module_function

    def between(before, after, mean_latency_ms)
      requests = after["requests"] - before["requests"]
      return nil if requests.zero?

      app, jwt, rsa = %w[app jwt rsa].map { |part| (after["seconds"][part] - before["seconds"][part]) * 1000 / requests }
      { requests: requests, outside_app_ms: mean_latency_ms - app, app_ms: app - jwt, jwt_ms: jwt - rsa, rsa_ms: rsa }
        .transform_values { |value| value.is_a?(Float) ? value.round(3) : value }
    end
  end
end
