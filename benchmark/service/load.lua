-- wrk script for the session service (bin/benchmark --service). Arguments after `--`:
--   sessions ALG SAMPLE_EVERY SAMPLE_PREFIX   POST /sessions, a new user id each time, signed with ALG;
--                                             every SAMPLE_EVERY-th response body (none if 0) goes to
--                                             SAMPLE_PREFIX-THREAD.txt
--   verify TOKEN                              GET /verify with that token
-- Counts the responses that are not 2xx, and prints one JSON line of figures when done.

local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  scenario = args[1]
  responses, non_2xx, sampled, users = 0, 0, 0, 0
  if scenario == "sessions" then
    algorithm, sample_every = args[2], tonumber(args[3])
    if sample_every > 0 then samples = assert(io.open(args[4] .. "-" .. id .. ".txt", "a")) end
    form = { ["Content-Type"] = "application/x-www-form-urlencoded" }
  else
    bearer = { ["Authorization"] = "Bearer " .. args[2] }
  end
end

function request()
  if scenario == "verify" then
    return wrk.format("GET", "/verify", bearer)
  end
  users = users + 1
  return wrk.format("POST", "/sessions", form, "user_id=" .. id .. "-" .. users .. "&alg=" .. algorithm)
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

local function total(name)
  local sum = 0
  for _, thread in ipairs(threads) do sum = sum + thread:get(name) end
  return sum
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"p50_us":%d,"p99_us":%d,"mean_us":%.1f,"responses":%d,"non_2xx":%d,' ..
    '"sampled":%d,"socket_errors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(99), latency.mean,
    total("responses"), total("non_2xx"), total("sampled"),
    errors.connect + errors.read + errors.write, errors.timeout))
end
