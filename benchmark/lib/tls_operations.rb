# frozen_string_literal: true

require "net/http"
require "openssl"
require "socket"
require_relative "chain_operations"

# TLS as a Ruby app makes it, each a callable, for RsaOperations and EcOperations (which name them
# with "ec_" before). tls13_handshake and tls12_handshake are one full handshake of that version
# through OpenSSL::SSL::SSLSocket: the client's connect, as Net::HTTP makes it, then the two bytes the
# server writes once its accept is done, so that both sides' work is inside the call. https_get is a
# Net::HTTP GET over a new connection (a new client context each call, as Net::HTTP.start makes).
# The server, in a thread of this process on 127.0.0.1 alone, holds a certificate of the key issued
# by an intermediate under a root the client's store trusts, and sends the intermediate with it; the
# client verifies the peer (VERIFY_PEER) and its name (an IP SAN). Every handshake is a full one: the
# handshake's client context is made once, and a client without a hostname (no SNI: an IP address
# has none) resumes nothing on either runtime; TCP_NODELAY on both ends.
module TlsOperations
  NAMES = %w[tls13_handshake tls12_handshake https_get].freeze
  HOST = "127.0.0.1"
  REPLY = "ok"
  VERSIONS = { "tls13_handshake" => :TLS1_3, "tls12_handshake" => :TLS1_2 }.freeze
  # What each handshake row negotiates, as SSLSocket#ssl_version names it.
  SSL_VERSIONS = { "tls13_handshake" => "TLSv1.3", "tls12_handshake" => "TLSv1.2" }.freeze

  # The TLS rows' names as a family names its operations ("ec_" before, EcOperations::PREFIX).
  def self.names(prefix = "")
    NAMES.map { |name| "#{prefix}#{name}" }
  end

  # Whether any of the rows asked for is one of a family's TLS rows: their check starts the servers.
  def self.asked?(asked, prefix = "")
    !(asked & names(prefix)).empty?
  end

  # A server on 127.0.0.1 that serves one connection at a time, on its thread, until the process ends:
  # each a handshake, then the exchange (given the SSLSocket).
  class Server
    attr_reader :port

    def initialize(context, &exchange)
      @listener = TCPServer.new(HOST, 0)
      @port = @listener.addr[1]
      @thread = Thread.new { loop { serve(@listener.accept, context, &exchange) } }
      @thread.name = "tls server" # benchmark/profile.rb --thread "tls server" samples it
    end

    private

    def serve(socket, context)
      socket.setsockopt(Socket::IPPROTO_TCP, Socket::TCP_NODELAY, 1)
      ssl = OpenSSL::SSL::SSLSocket.new(socket, context)
      ssl.accept
      yield ssl
    rescue OpenSSL::SSL::SSLError, SystemCallError, IOError
      nil # a client that gave up: the next connection is served the same
    ensure
      ssl&.close
      socket.close
    end
  end

  # name => callable, for the server's key, a root's and an intermediate's of the same kind, and a Digest.
  def self.operations(key, root_key, intermediate_key, digest)
    root = ChainOperations.certificate(root_key, "/CN=Benchmark Root", nil, nil, digest, ca: true)
    intermediate = ChainOperations.certificate(intermediate_key, "/CN=Benchmark Intermediate", root, root_key, digest, ca: true)
    leaf = ChainOperations.certificate(key, "/CN=#{HOST}", intermediate, intermediate_key, digest, ca: false, alt_name: "IP:#{HOST}")
    store = OpenSSL::X509::Store.new.tap { |trusted| trusted.add_cert(root) }
    context = server_context(key, leaf, intermediate)
    # Started at a first call: an operations set made for other rows leaves no thread behind.
    servers = Hash.new { |started, exchange| started[exchange] = Server.new(context, &method(exchange)) }
    operations = VERSIONS.to_h do |name, version|
      client = client_context(store, version)
      [name, -> { handshake(client, servers[:reply].port) }]
    end
    operations.merge("https_get" => -> { get(servers[:serve_get].port, store) })
  end

  # The handshake server's exchange: two bytes, once its accept is done.
  def self.reply(ssl)
    ssl.write(REPLY)
  end

  # The intermediate the server sends comes from its store, as both runtimes build a chain from it:
  # jruby-openssl before 0.16.1 sends extra_chain_cert without the leaf.
  def self.server_context(key, cert, intermediate)
    OpenSSL::SSL::SSLContext.new.tap do |context|
      context.cert = cert
      context.key = key
      context.cert_store = OpenSSL::X509::Store.new.tap { |chain| chain.add_cert(intermediate) }
    end
  end

  def self.client_context(store, version)
    OpenSSL::SSL::SSLContext.new.tap do |context|
      context.min_version = context.max_version = OpenSSL::SSL.const_get("#{version}_VERSION")
      context.verify_mode = OpenSSL::SSL::VERIFY_PEER
      context.cert_store = store
    end
  end

  # One full handshake as a client, the peer checked, and the server's two bytes: the version it
  # negotiated, for check!.
  def self.handshake(context, port)
    socket = TCPSocket.new(HOST, port)
    socket.setsockopt(Socket::IPPROTO_TCP, Socket::TCP_NODELAY, 1)
    ssl = OpenSSL::SSL::SSLSocket.new(socket, context)
    ssl.connect
    ssl.post_connection_check(HOST)
    reply = ssl.read(REPLY.bytesize)
    raise "the server said #{reply.inspect}" unless reply == REPLY

    ssl.ssl_version
  ensure
    ssl&.close
    socket&.close
  end

  # The request's head read, the reply sent (none to a client gone before its head ended).
  def self.serve_get(ssl)
    line = nil
    nil while (line = ssl.gets("\r\n")) && line != "\r\n"
    line && ssl.write("HTTP/1.1 200 OK\r\nContent-Length: #{REPLY.bytesize}\r\nConnection: close\r\n\r\n#{REPLY}")
  end

  def self.get(port, store)
    Net::HTTP.start(HOST, port, use_ssl: true, verify_mode: OpenSSL::SSL::VERIFY_PEER, cert_store: store) do |http|
      http.get("/").body
    end
  end

  # Raises unless each handshake negotiated its version and the GET read the reply.
  def self.check!(operations)
    SSL_VERSIONS.each do |name, version|
      negotiated = operations.fetch(name).call
      raise "#{name} negotiated #{negotiated}" unless negotiated == version
    end
    raise "https_get read no reply" unless operations.fetch("https_get").call == REPLY
  end
end
