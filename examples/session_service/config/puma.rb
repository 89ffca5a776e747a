# frozen_string_literal: true

# Puma as each runtime's users deploy it. MRI runs Ruby code one thread at a time per process (the
# GVL), so it takes one worker process per core (cluster mode), each with Puma's default of 5
# threads. JRuby's threads run in parallel: one process with Puma's JRuby default of 16 threads,
# one heap, one JIT.
require "etc"

jruby = RUBY_ENGINE == "jruby"
threads_count = Integer(ENV.fetch("PUMA_THREADS", jruby ? 16 : 5))
threads threads_count, threads_count
if jruby
  # No reactor: each connection is read by its thread. Puma's reactor needs nio4r's Java extension
  # on JRuby; nio4r's pure-Ruby selector (what Debian's nio4r gives JRuby) never drains its wakeup
  # pipe on Linux and spins a core from the first connection it watches. Puma still closes a
  # keep-alive connection after 10 requests when every thread is busy and others wait.
  queue_requests false
else
  workers Integer(ENV.fetch("WEB_CONCURRENCY", Etc.nprocessors))
  preload_app! # the key is read once, before the workers fork
end

# Loopback only.
bind "tcp://127.0.0.1:#{Integer(ENV.fetch('PORT', 9292))}"
environment "production"

# Puma 5.6 on JRuby: a connection JRuby accepts does not inherit the listener's TCP_NODELAY, and
# JRuby ignores the TCP_CORK Puma sets on MRI, so Puma's two writes of a response (headers, then
# body) meet Nagle's algorithm and every keep-alive response waits for the client's delayed ACK
# (40 ms on Linux). Puma 6 writes a small response at once; with 5.6, set TCP_NODELAY on accept.
if jruby
  require "puma/client"
  require "socket"

  Puma::Client.prepend(Module.new do
    def initialize(io, *)
      super
      io.setsockopt(Socket::IPPROTO_TCP, Socket::TCP_NODELAY, 1) if io.is_a?(TCPSocket)
    end
  end)
end
