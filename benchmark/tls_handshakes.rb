# frozen_string_literal: true

# JSSE TLS handshakes per second on loopback, with the FastRsaEngine JCA provider installed or not:
# a server with an RSA-2048 certificate and a client in this JVM, each handshake a full one (the
# client invalidates every session), TLS 1.3 (the server signs with RSASSA-PSS) unless --tls1.2
# (ECDHE_RSA: PKCS#1 v1.5). The server listens on 127.0.0.1 only, for this run only. Off and on
# alternate three times each, after a warm-up; the summary line averages them.
#
#   bin/jruby benchmark/tls_handshakes.rb [--seconds 5] [--tls1.2] [--backend aws_lc]
require "java"
require "openssl"
require "optparse"
$LOAD_PATH.unshift File.expand_path("../lib", __dir__)
require "fast-rsa-engine"

options = { seconds: 5.0, protocol: "TLSv1.3", backend: nil }
OptionParser.new do |parser|
  parser.on("--seconds N", Float) { |n| options[:seconds] = n }
  parser.on("--tls1.2") { options[:protocol] = "TLSv1.2" }
  parser.on("--backend NAME") { |name| options[:backend] = name.to_sym }
end.parse!
FastRsaEngine.backend = options[:backend] if options[:backend]

# An RSA-2048 key and self-signed certificate, as a Java KeyStore for the server and a trust store for the client.
module Credentials
  PASSWORD = "benchmark".to_java.toCharArray

  def self.key_store
    key = OpenSSL::PKey::RSA.new(2048)
    cert = OpenSSL::X509::Certificate.new
    cert.version = 2
    cert.serial = 1
    cert.subject = cert.issuer = OpenSSL::X509::Name.parse("/CN=127.0.0.1")
    cert.public_key = key.public_key
    cert.not_before = Time.now - 60
    cert.not_after = Time.now + 3600
    cert.sign(key, "SHA256")
    store = java.security.KeyStore.getInstance("PKCS12")
    store.load(java.io.ByteArrayInputStream.new(OpenSSL::PKCS12.create("benchmark", "server", key, cert).to_der.to_java_bytes), PASSWORD)
    store
  end

  def self.contexts(protocol)
    store = key_store
    keys = javax.net.ssl.KeyManagerFactory.getInstance("SunX509").tap { |f| f.init(store, PASSWORD) }
    trust = javax.net.ssl.TrustManagerFactory.getInstance("PKIX").tap { |f| f.init(store) }
    server = javax.net.ssl.SSLContext.getInstance(protocol).tap { |c| c.init(keys.getKeyManagers, nil, nil) }
    client = javax.net.ssl.SSLContext.getInstance(protocol).tap { |c| c.init(nil, trust.getTrustManagers, nil) }
    [server, client]
  end
end

# Accepts connections on a loopback port and completes each handshake, on one thread, until closed.
class LoopbackServer
  attr_reader :port

  def initialize(context)
    @socket = context.getServerSocketFactory.createServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))
    @port = @socket.getLocalPort
    @thread = Thread.new { serve }
  end

  def serve
    loop do
      connection = @socket.accept
      begin
        connection.setTcpNoDelay(true)
        connection.startHandshake
      rescue java.io.IOException
        nil
      ensure
        connection.close
      end
    end
  rescue java.net.SocketException
    nil # closed
  end

  def close
    @socket.close
    @thread.join(5)
  end
end

def handshakes_per_second(client, port, seconds)
  factory = client.getSocketFactory
  count = 0
  started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  while (elapsed = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started) < seconds
    socket = factory.createSocket("127.0.0.1", port)
    socket.setTcpNoDelay(true)
    socket.startHandshake
    socket.getSession.invalidate # the next handshake is a full one
    socket.close
    count += 1
  end
  count / elapsed
end

server_context, client_context = Credentials.contexts(options[:protocol])
server = LoopbackServer.new(server_context)
begin
  results = []
  handshakes_per_second(client_context, server.port, options[:seconds]) # the JIT warms up
  [false, true, false, true, false, true].each do |provider|
    provider ? FastRsaEngine.install_provider : FastRsaEngine.uninstall_provider
    handshakes_per_second(client_context, server.port, 1.0) # warm
    FastRsaEngine.reset_stats
    rate = handshakes_per_second(client_context, server.port, options[:seconds])
    signed = FastRsaEngine.stats[:calls].select { |name, _| name.to_s.start_with?("provider_sign") }.values.sum { |c| c[:engine] }
    results << [provider, rate]
    puts format("%-30s %8.1f handshakes/s  (provider signatures: %d)", provider ? "provider installed (#{FastRsaEngine.backend})" : "provider not installed", rate, signed)
  end
  off = results.reject(&:first).sum(&:last) / 3
  on = results.select(&:first).sum(&:last) / 3
  puts format("%s, RSA-2048, JRuby %s, Java %s: %.1f vs %.1f handshakes/s, %.2fx", options[:protocol], JRUBY_VERSION,
              ENV_JAVA["java.version"], on, off, on / off)
ensure
  FastRsaEngine.uninstall_provider
  server.close
end
