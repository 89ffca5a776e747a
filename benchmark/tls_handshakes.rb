# frozen_string_literal: true

# JSSE TLS handshakes per second on loopback, with the FastRsaEngine JCA provider installed or not,
# as bin/benchmark --tls runs it under JRuby: a server with an RSA-2048 certificate and a client in
# this JVM, each handshake a full one (the client invalidates every session), TLS 1.3 (the server
# signs with RSASSA-PSS) unless --tls1.2 (ECDHE_RSA: PKCS#1 v1.5). The server listens on 127.0.0.1
# only, for this run only. Off and on alternate three times each, after a warm-up; the summary line
# averages them.
require "java"
require_relative "lib/command_line"
require_relative "lib/rsa_operations"

options = CommandLine.parse("bin/benchmark --tls", ARGV, { seconds: 5.0 }) do |parser|
  parser.on("--seconds N", Float, "each measurement (default: 5)")
  parser.on("--tls1.2", "TLS 1.2 (default: TLS 1.3)")
end
RsaOperations.use(nil) # the backend FAST_RSA_ENGINE names (FAST_RSA_ENGINE=gmp bin/benchmark --tls), else auto
PROTOCOL = options[:"tls1.2"] ? "TLSv1.2" : "TLSv1.3"
LOOPBACK = java.net.InetAddress.getByName("127.0.0.1")

# The server's and the client's contexts: an RSA-2048 key and its certificate, as the server's key
# store and the client's trust store.
def contexts
  key = OpenSSL::PKey::RSA.new(2048)
  pkcs12 = OpenSSL::PKCS12.create("benchmark", "server", key, StructureOperations.certificate(key, OpenSSL::Digest.new("SHA256"))).to_der
  password = "benchmark".to_java.toCharArray
  store = java.security.KeyStore.getInstance("PKCS12")
  store.load(java.io.ByteArrayInputStream.new(pkcs12.to_java_bytes), password)
  keys = javax.net.ssl.KeyManagerFactory.getInstance("SunX509").tap { |f| f.init(store, password) }
  trust = javax.net.ssl.TrustManagerFactory.getInstance("PKIX").tap { |f| f.init(store) }
  [[keys.getKeyManagers, nil], [nil, trust.getTrustManagers]].map do |managers|
    javax.net.ssl.SSLContext.getInstance(PROTOCOL).tap { |context| context.init(*managers, nil) }
  end
end

def handshakes_per_second(client, port, seconds)
  factory = client.getSocketFactory
  count = 0
  started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  while (elapsed = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started) < seconds
    socket = factory.createSocket(LOOPBACK, port)
    socket.setTcpNoDelay(true)
    socket.startHandshake
    socket.getSession.invalidate # the next handshake is a full one
    socket.close
    count += 1
  end
  count / elapsed
end

server_context, client_context = contexts
socket = server_context.getServerSocketFactory.createServerSocket(0, 50, LOOPBACK)
# The server: completes each handshake, one at a time, until its socket is closed.
server = Thread.new do
  loop do
    connection = socket.accept
    begin
      connection.setTcpNoDelay(true)
      connection.startHandshake
    rescue java.io.IOException
      nil # a handshake the client gave up on: the next connection is served the same
    ensure
      connection.close
    end
  end
rescue java.net.SocketException
  nil # closed: the run is over
end
begin
  measure = ->(seconds) { handshakes_per_second(client_context, socket.getLocalPort, seconds) }
  measure.(options[:seconds]) # the JIT warms up
  rates = [false, true, false, true, false, true].map do |provider|
    provider ? FastRsaEngine.install_provider : FastRsaEngine.uninstall_provider
    measure.(1.0) # warm
    FastRsaEngine.reset_stats
    rate = measure.(options[:seconds])
    signed = FastRsaEngine.stats[:calls].sum { |name, call| name.to_s.start_with?("provider_sign") ? call[:engine] : 0 }
    label = provider ? "provider installed (#{FastRsaEngine.backend})" : "provider not installed"
    puts format("%-30s %8.1f handshakes/s  (provider signatures: %d)", label, rate, signed)
    [provider, rate]
  end
  off, on = rates.partition(&:first).reverse.map { |half| half.sum(&:last) / 3 }
  puts format("%s, RSA-2048, JRuby %s, Java %s: %.1f vs %.1f handshakes/s, %.2fx", PROTOCOL, JRUBY_VERSION,
              ENV_JAVA["java.version"], on, off, on / off)
ensure
  FastRsaEngine.uninstall_provider
  socket.close
  server.join(5)
end
