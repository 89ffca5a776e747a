# frozen_string_literal: true

# ruby-net-http-persistent: HTTPS requests as an app makes them, through its pool of kept
# connections, to a server of the driver's own on 127.0.0.1 (OpenSSL::SSL in a thread of the run):
# a certificate of the run's RSA key and one of its EC key, under a CA of another key, made with
# fixed serials and times so every configuration makes the same DER. Each step: a GET and a second
# over the kept connection, the peer verified; TLS 1.2 and 1.3; a client certificate the server
# asks for, and none where it asks; a CA that did not issue the server's certificate; what the app
# reads back (code, body, the peer's certificate) or the error it rescues (less what differs from
# run to run: each configuration's server has a port of its own).
Downstream.library "net-http-persistent", package: "ruby-net-http-persistent", requires: %w[net/http/persistent socket] do
  certificate = lambda do |key, subject, issuer: nil, issuer_key: nil, ca: false|
    cert = OpenSSL::X509::Certificate.new
    cert.version = 2
    cert.serial = ca ? 1 : 2
    cert.subject = OpenSSL::X509::Name.parse(subject)
    cert.issuer = issuer ? issuer.subject : cert.subject
    cert.public_key = key.is_a?(OpenSSL::PKey::EC) ? key : key.public_key
    cert.not_before = Time.utc(2026, 1, 1)
    cert.not_after = Time.utc(2036, 1, 1)
    factory = OpenSSL::X509::ExtensionFactory.new(issuer || cert, cert)
    cert.add_extension(factory.create_extension("basicConstraints", ca ? "CA:TRUE" : "CA:FALSE", true))
    cert.add_extension(factory.create_extension("subjectAltName", "IP:127.0.0.1")) unless ca
    cert.sign(issuer_key || key, "SHA256")
  end
  ca = certificate.(keys.other_rsa, "/CN=downstream CA", ca: true)
  other_ca = certificate.(keys.rsa_3072, "/CN=another CA", ca: true)
  client_cert = certificate.(keys.other_ec("prime256v1"), "/CN=downstream client", issuer: ca, issuer_key: keys.other_rsa)

  # One server a configuration of key, version and client certificate, serving kept connections.
  serve = lambda do |key, version, client_required|
    context = OpenSSL::SSL::SSLContext.new
    context.cert = certificate.(key, "/CN=127.0.0.1", issuer: ca, issuer_key: keys.other_rsa)
    context.key = key
    context.min_version = context.max_version = version
    if client_required
      context.cert_store = OpenSSL::X509::Store.new.tap { |store| store.add_cert(ca) }
      context.verify_mode = OpenSSL::SSL::VERIFY_PEER | OpenSSL::SSL::VERIFY_FAIL_IF_NO_PEER_CERT
    end
    listener = TCPServer.new("127.0.0.1", 0)
    Thread.new do
      loop do
        socket = listener.accept
        Thread.new do
          ssl = OpenSSL::SSL::SSLSocket.new(socket, context)
          ssl.sync_close = true
          ssl.accept
          while (line = ssl.gets) # one request after another on the kept connection
            nil until ssl.gets.to_s.strip.empty? # the headers
            ssl.write("HTTP/1.1 200 OK\r\nContent-Length: #{line.bytesize}\r\nConnection: keep-alive\r\n\r\n#{line}")
          end
        rescue OpenSSL::SSL::SSLError, SystemCallError, IOError
          nil # a client that refused the server: the step's outcome is the client's
        ensure
          ssl&.close
        end
      end
    end
    listener.addr[1]
  end
  servers = Hash.new { |started, setting| started[setting] = serve.(*setting) }

  # Two GETs over one kept connection, and what the app reads back.
  # message: false where the error's words are a race of the kernel's (the server refusing a client
  # mid-handshake closes its end: the client reads the alert, or a reset, or a broken pipe).
  get_twice = lambda do |port, trusted: ca, client: false, message: true|
    http = Net::HTTP::Persistent.new(name: "downstream")
    http.cert_store = OpenSSL::X509::Store.new.tap { |store| store.add_cert(trusted) }
    http.verify_mode = OpenSSL::SSL::VERIFY_PEER
    if client
      http.certificate = client_cert
      http.private_key = keys.other_ec("prime256v1")
    end
    uri = URI("https://127.0.0.1:#{port}/")
    answers = %w[/first /second].map do |path|
      response = http.request(uri + path)
      [response.code, response.body]
    end
    answers + [http.connection_for(uri) { |kept| kept.http.peer_cert.to_der }]
  rescue StandardError => e # its words less what differs by run: the port, its connection's id, the time since last used
    words = e.message.gsub(":#{port}", ":PORT").gsub(/requests on \d+, last used [\d.]+ seconds ago/, "requests on (a connection), last used (a while) ago")
    message ? [e.class.name, words] : [e.class.name]
  ensure
    http&.shutdown
  end

  { "RSA" => keys.rsa, "EC" => keys.ec }.each do |kind, key|
    { "TLS 1.3" => OpenSSL::SSL::TLS1_3_VERSION, "TLS 1.2" => OpenSSL::SSL::TLS1_2_VERSION }.each do |version_name, version|
      step("GET twice, #{kind} server, #{version_name}") { get_twice.(servers[[key, version, false]]) }
      step("GET twice with a client certificate, #{kind} server, #{version_name}") { get_twice.(servers[[key, version, true]], client: true) }
      step("GET without the client certificate asked for, #{kind} server, #{version_name}") { get_twice.(servers[[key, version, true]], message: false) }
      step("GET trusting another CA, #{kind} server, #{version_name}") { get_twice.(servers[[key, version, false]], trusted: other_ca) }
    end
  end
end
