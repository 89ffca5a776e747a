# frozen_string_literal: true

# TLS handshakes for the TLS spec. CASES_SCRIPT, run by MRI, makes the certificates: a root and an
# intermediate (RSA-2048), server certificates under the intermediate for each SERVER_KEYS (names
# 127.0.0.1 and localhost), client certificates under the root for each CLIENT_KEYS, and a root no
# one trusts. HANDSHAKE_SCRIPT, run by stock JRuby and by JRuby with the gem, makes each handshake
# of COMBINATIONS through OpenSSL::SSL (a server thread and a client, a TlsHello::Relay between them)
# and writes what each side reads (version, cipher, the peer's certificates, verify_result, ALPN, the
# error raised) and what the relay saw in the clear (TlsHello.fields); with the gem, also how many
# signatures and key shares and agreements of the handshake the provider made (FastRsaEngine.stats'
# tls_ calls), apart. PEER_SCRIPT
# is one side of each handshake, for a server and a client of two runtimes (MRI's and JRuby's).
module TlsCases
  SERVER_KEYS = %w[rsa2048 p256 p384].freeze
  CLIENT_KEYS = %w[rsa2048 p256].freeze

  # Every combination of TLS version, server key, client certificate (nil: none), ALPN offered with
  # SNI sent (or neither: both are the client's extensions, neither touches a key) and server trusted.
  COMBINATIONS = %w[TLS1_3 TLS1_2].product(SERVER_KEYS, [nil, *CLIENT_KEYS], [false, true], [true, false]).map do |values|
    version, server, client, extensions, trusted = values
    { "version" => version, "server" => server, "client" => client, "alpn" => extensions, "sni" => extensions, "trusted" => trusted }
  end.freeze

  CASES_SCRIPT = <<~'RUBY'
    def key(name)
      name.start_with?("rsa") ? OpenSSL::PKey::RSA.new(name.delete_prefix("rsa").to_i) : OpenSSL::PKey::EC.generate(name == "p256" ? "prime256v1" : "secp384r1")
    end
    def cert(key, subject, issuer: nil, issuer_key: nil, ca: false, usage: nil)
      c = OpenSSL::X509::Certificate.new
      c.version = 2
      c.serial = rand(1 << 64)
      c.subject = OpenSSL::X509::Name.parse(subject)
      c.issuer = issuer ? issuer.subject : c.subject
      c.public_key = key.is_a?(OpenSSL::PKey::EC) ? key : key.public_key
      c.not_before = Time.now - 3600
      c.not_after = Time.now + 24 * 3600
      f = OpenSSL::X509::ExtensionFactory.new(issuer || c, c)
      c.add_extension(f.create_extension("basicConstraints", ca ? "CA:TRUE" : "CA:FALSE", true))
      c.add_extension(f.create_extension("keyUsage", ca ? "keyCertSign,cRLSign" : "digitalSignature,keyEncipherment", true))
      c.add_extension(f.create_extension("extendedKeyUsage", usage)) if usage
      c.add_extension(f.create_extension("subjectAltName", "IP:127.0.0.1,DNS:localhost")) if usage == "serverAuth"
      c.sign(issuer_key || key, "SHA256")
    end
    root_key, intermediate_key, other_key = Array.new(3) { key("rsa2048") }
    root = cert(root_key, "/CN=TLS spec root", ca: true)
    intermediate = cert(intermediate_key, "/CN=TLS spec intermediate", issuer: root, issuer_key: root_key, ca: true)
    pair = ->(key, cert) { { "key" => key.private_to_pem, "cert" => cert.to_pem } }
    input = JSON.parse($stdin.read)
    servers = input["servers"].to_h do |name|
      k = key(name)
      [name, pair.(k, cert(k, "/CN=localhost", issuer: intermediate, issuer_key: intermediate_key, usage: "serverAuth"))]
    end
    clients = input["clients"].to_h do |name|
      k = key(name)
      [name, pair.(k, cert(k, "/CN=TLS spec client #{name}", issuer: root, issuer_key: root_key, usage: "clientAuth"))]
    end
    print JSON.generate("root" => root.to_pem, "intermediate" => intermediate.to_pem, "other_root" => cert(other_key, "/CN=not trusted", ca: true).to_pem,
                        "servers" => servers, "clients" => clients)
  RUBY

  # What both scripts share, given `input` (the cases): each side's context for a combination, each
  # side's part of one handshake (serve, connect), and what it reads.
  CONTEXTS = <<~'RUBY'
    require "socket"
    require "timeout"
    cases = input["cases"]
    cert = ->(pem) { OpenSSL::X509::Certificate.new(pem) }
    store = ->(*pems) { OpenSSL::X509::Store.new.tap { |s| pems.each { |pem| s.add_cert(cert.(pem)) } } }
    digest = ->(c) { c && OpenSSL::Digest::SHA256.hexdigest(c.to_der) }
    keys = Hash.new { |h, pem| h[pem] = OpenSSL::PKey.read(pem) } # one Ruby key per PEM, as an app keeps its key
    version_of = ->(c) { OpenSSL::SSL.const_get("#{c['version']}_VERSION") }
    server_context = lambda do |c|
      side = cases["servers"][c["server"]]
      OpenSSL::SSL::SSLContext.new.tap do |server|
        server.cert = cert.(side["cert"])
        server.key = keys[side["key"]]
        server.cert_store = store.(cases["intermediate"], cases["root"])
        server.min_version = server.max_version = version_of.(c)
        server.alpn_select_cb = ->(offered) { offered.last }
        server.verify_mode = OpenSSL::SSL::VERIFY_PEER | OpenSSL::SSL::VERIFY_FAIL_IF_NO_PEER_CERT if c["client"]
      end
    end
    client_context = lambda do |c|
      OpenSSL::SSL::SSLContext.new.tap do |client|
        client.cert_store = store.(c["trusted"] ? cases["root"] : cases["other_root"])
        client.verify_mode = OpenSSL::SSL::VERIFY_PEER
        client.min_version = client.max_version = version_of.(c)
        client.alpn_protocols = %w[h2 http/1.1] if c["alpn"]
        if c["client"]
          client.cert = cert.(cases["clients"][c["client"]]["cert"])
          client.key = keys[cases["clients"][c["client"]]["key"]]
        end
      end
    end
    reads = lambda do |ssl|
      { "version" => ssl.ssl_version, "cipher" => ssl.cipher, "verify_result" => ssl.verify_result,
        "peer_cert" => digest.(ssl.peer_cert), "peer_chain" => (ssl.peer_cert_chain || []).map(&digest),
        "alpn" => ssl.alpn_protocol }
    end
    failure = ->(e) { { "error" => e.class.name, "message" => e.message } }
    # The server's side of one connection: its handshake, two bytes, and what it read.
    serve = lambda do |socket, c|
      ssl = OpenSSL::SSL::SSLSocket.new(socket, server_context.(c))
      ssl.sync_close = true
      ssl.accept
      ssl.write("ok")
      reads.(ssl)
    rescue StandardError => e
      failure.(e)
    ensure
      ssl&.close
    end
    # The client's side, on a connection to the port.
    connect = lambda do |port, c|
      ssl = OpenSSL::SSL::SSLSocket.new(TCPSocket.new("127.0.0.1", port), client_context.(c))
      ssl.sync_close = true
      ssl.hostname = "localhost" if c["sni"]
      ssl.connect
      reads.(ssl).merge("read" => ssl.read(2))
    rescue StandardError => e
      failure.(e)
    ensure
      ssl&.close
    end
  RUBY

  READ_INPUT = "input = JSON.parse($stdin.read)\n"

  HANDSHAKE_SCRIPT = "require #{File.expand_path('tls_hello', __dir__).inspect}\n" + READ_INPUT + CONTEXTS + <<~'RUBY'
    by_engine = lambda do |pattern|
      next 0 unless defined?(FastRsaEngine)
      FastRsaEngine.stats[:calls].sum { |name, call| name.to_s.match?(pattern) ? call[:engine] : 0 }
    end
    counts = -> { [by_engine.(/\Atls_.*sign/), by_engine.(/\Atls_key_/)] }
    listener = TCPServer.new("127.0.0.1", 0)
    relay = TlsHello::Relay.new(listener.addr[1])
    results = input["combinations"].map do |c|
      before = counts.()
      relaying = relay.relay_next
      served = Thread.new { serve.(listener.accept, c) }
      client_reads = connect.(relay.port, c)
      Timeout.timeout(60) { [served, relaying].each(&:join) } # bounds a hang, generously
      { "combination" => c, "client" => client_reads, "server" => served.value,
        "hello" => TlsHello.fields(relay.sent_by_client, relay.sent_by_server), "by_engine" => counts.().zip(before).map { |after, was| after - was } }
    end
    relay.close
    listener.close
    print JSON.generate(results)
  RUBY

  # One side of each combination, for a peer in another process (another runtime): "server" prints
  # its port on a line of its own, then serves one connection per combination; "client" connects to
  # input["port"] for each. Each then writes what its side read, in order.
  PEER_SCRIPT = READ_INPUT + CONTEXTS + <<~'RUBY'
    combinations = input["combinations"]
    results = if input["role"] == "server"
      listener = TCPServer.new("127.0.0.1", 0)
      $stdout.puts listener.addr[1]
      $stdout.flush
      combinations.map { |c| Timeout.timeout(60) { serve.(listener.accept, c) } }
    else
      combinations.map { |c| Timeout.timeout(60) { connect.(input["port"], c) } }
    end
    print JSON.generate(results)
  RUBY

  # serve and connect (CONTEXTS) in this process, for these cases.
  def self.sides(cases)
    scope = binding
    scope.local_variable_set(:input, { "cases" => cases })
    scope.eval(CONTEXTS, __FILE__, __LINE__)
    [scope.local_variable_get(:serve), scope.local_variable_get(:connect)]
  end
end
