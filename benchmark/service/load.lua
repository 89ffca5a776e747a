-- wrk script for the session service (bin/benchmark --service), run with one wrk thread.
-- Arguments after `--`: ALG SAMPLE_EVERY SAMPLE_FILE. Sends POST /sessions, a new user id each time,
-- for a token signed with ALG; counts the responses that are not 2xx; writes every SAMPLE_EVERY-th
-- response body (none if 0) to SAMPLE_FILE, a line each; prints one JSON line of figures when done.

local thread

function setup(t)
  thread = t
end

function init(args)
  algorithm, sample_every = args[1], tonumber(args[2])
  responses, non_2xx, sampled, users = 0, 0, 0, 0
  if sample_every > 0 then samples = assert(io.open(args[3], "a")) end
  form = { ["Content-Type"] = "application/x-www-form-urlencoded" }
end

function request()
  users = users + 1
  return wrk.format("POST", "/sessions", form, "user_id=" .. users .. "&alg=" .. algorithm)
end

function response(status, headers, body)
  responses = responses + 1
  if status < 200 or status > 299 then
    non_2xx = non_2xx + 1
  elseif samples and responses % sample_every == 0 then
    samples:write(body, "\n")
    samples:flush()
    sampled = sampled + 1
  end
end

-- Runs in wrk's main Lua state: the counts are read from the thread's.
function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"requests_per_second":%.1f,"p50_ms":%.3f,"p99_ms":%.3f,"mean_ms":%.3f,' ..
    '"non_2xx":%d,"sampled":%d,"socket_errors":%d,"timeouts":%d}\n',
    summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, latency.mean / 1000, thread:get("non_2xx"), thread:get("sampled"),
    errors.connect + errors.read + errors.write, errors.timeout))
end
