-- wrk script for the session service (bin/benchmark --service), run with one wrk thread.
-- Arguments after `--`: ALG SAMPLE_EVERY SAMPLE_FILE. Sends POST /sessions, a new user id each time,
-- for a token signed with ALG; writes every SAMPLE_EVERY-th response body (none if 0) to SAMPLE_FILE,
-- a line each, for MRI to verify; prints one JSON line of figures when done. Failed responses are
-- wrk's own count (status 400 and above): the service answers no 1xx or 3xx, and a body
-- sampled from any other answer fails MRI's check.

function init(args)
  algorithm, sample_every = args[1], tonumber(args[2])
  responses, users = 0, 0
  if sample_every > 0 then samples = assert(io.open(args[3], "a")) end
  form = { ["Content-Type"] = "application/x-www-form-urlencoded" }
end

function request()
  users = users + 1
  return wrk.format("POST", "/sessions", form, "user_id=" .. users .. "&alg=" .. algorithm)
end

function response(status, headers, body)
  responses = responses + 1
  if samples and responses % sample_every == 0 then
    samples:write(body, "\n")
    samples:flush()
  end
end

function done(summary, latency, requests)
  io.write(string.format(
    '{"requests":%d,"requests_per_second":%.1f,"p50_ms":%.3f,"p99_ms":%.3f,"mean_ms":%.3f,' ..
    '"non_2xx":%d,"socket_errors":%d,"timeouts":%d}\n',
    summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, latency.mean / 1000, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write, summary.errors.timeout))
end
