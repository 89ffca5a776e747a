# frozen_string_literal: true

require "jruby" if RUBY_ENGINE == "jruby"
require "open3"
require "rbconfig"
require "socket"
require "timeout"

# TLS through the engine (lib/fast_rsa_engine/tls_patch.rb, provider/ in ext/java): the signatures
# of jruby-openssl's handshakes (the server's, a client certificate's) are the engine's, and nothing
# a TLS peer or the app sees changes: every combination of TlsCases negotiates, in the clear and as
# each side reads it, as stock JRuby does; MRI's clients and servers handshake with it; Java code's
# own keys stay with the JDK's providers.
RSpec.describe "TLS through the engine", jruby: true do
  LIB = File.expand_path("../../lib", __dir__)

  before(:context) do
    @cases = MRI.run(TlsCases::CASES_SCRIPT, { "servers" => TlsCases::SERVER_KEYS, "clients" => TlsCases::CLIENT_KEYS })
    @handshakes = Hash.new do |answers, runtime| # :untouched (stock, no gem) or a backend of the gem
      input = { "cases" => @cases, "combinations" => TlsCases::COMBINATIONS }
      answers[runtime] = runtime == :untouched ? StockJRuby.run(TlsCases::HANDSHAKE_SCRIPT, input) : StockJRuby.with_gem(runtime, TlsCases::HANDSHAKE_SCRIPT, input)
    end
  end

  def without_counts(handshakes) = handshakes.map { |handshake| handshake.except("by_engine") }

  it "draws handshakes that succeed and fail, with and without client certificates (the spec can tell)" do
    stock = @handshakes[:untouched]
    expect(stock.size).to eq(TlsCases::COMBINATIONS.size)
    expect(stock.count { |h| h["client"]["read"] == "ok" }).to eq(TlsCases::COMBINATIONS.count { |c| c["trusted"] })
    expect(stock.count { |h| h["client"]["error"] }).to eq(TlsCases::COMBINATIONS.count { |c| !c["trusted"] })
    expect(stock.map { |h| h["hello"]["server_hello"]["cipher_suite"] }.uniq.size).to be >= 3
    expect(stock.filter_map { |h| h.dig("hello", "server_key_exchange", "signature_scheme") }.uniq.size).to be >= 3
    expect(stock.map { |h| h["by_engine"] }.uniq).to eq([[0, 0]])
  end

  Backends.native.each do |backend|
    it "negotiates every combination as stock, in the clear and as each side reads it, the signatures and key shares the provider's (#{backend})" do
      ours = @handshakes[backend]
      without_counts(ours).zip(without_counts(@handshakes[:untouched])).each do |mine, stock|
        expect(mine).to eq(stock), "#{mine['combination']}: differs from stock"
      end
      ec = Backends.with(backend) { FastRsaEngine::Native.ec? } # an engine without EC leaves EC keys' signatures to the JDK
      by_engine = ->(key) { key.start_with?("rsa") || ec ? 1 : 0 }
      ours.each do |handshake|
        combination = handshake["combination"]
        signatures, key_exchange = handshake["by_engine"]
        client_signed = combination["client"] && combination["trusted"] ? by_engine.(combination["client"]) : 0
        expected = by_engine.(combination["server"]) + client_signed
        expect(signatures).to eq(expected), "#{combination}: #{signatures} signatures by the engine, not #{expected}"
        # Each side's share and agreement; where the client refuses the server, the server's share at least.
        expect(key_exchange).to be >= (combination["trusted"] ? 4 : 1), "#{combination}: #{key_exchange} key shares and agreements by the provider"
      end
    end
  end

  # One side in MRI, a process of its own, the other in JRuby with the gem (its backend chosen at
  # require), for the trusted combinations: both TLS versions, RSA and EC servers, client certificates.
  describe "with MRI as the peer" do
    def peer(command, role, combinations, port = nil)
      input = { "cases" => @cases, "combinations" => combinations, "role" => role, "port" => port }
      stdin, stdout, stderr, thread = Open3.popen3(*command)
      stdin.write(JSON.generate(input))
      stdin.close
      [stdout, stderr, thread]
    end

    def handshake_with(server_command, client_command)
      combinations = TlsCases::COMBINATIONS.select { |c| c["trusted"] && c["sni"] }
      server_out, server_err, server = peer(server_command, "server", combinations)
      port = Timeout.timeout(120) { server_out.gets }.to_i
      client_out, client_err, client = peer(client_command, "client", combinations, port)
      Timeout.timeout(600) do # bounds a hang, generously
        [[client_out, client_err, client], [server_out, server_err, server]].map do |out, err, process|
          answer = out.read
          expect(process.value).to be_success, err.read
          JSON.parse(answer)
        end.then { |clients, servers| combinations.zip(clients, servers) }
      end
    end

    def expect_agreed(handshakes)
      handshakes.each do |combination, client, server|
        expect(client["read"]).to eq("ok"), "#{combination}: #{client}"
        expect(server).not_to include("error")
        expect(client["version"]).to eq(server["version"])
        expect(client["version"]).to eq(combination["version"] == "TLS1_3" ? "TLSv1.3" : "TLSv1.2")
        expect(client["alpn"]).to eq(combination["alpn"] ? "http/1.1" : nil)
        expect(server["peer_cert"]).to(combination["client"] ? be_a(String) : be_nil)
      end
    end

    jruby = StockJRuby.command({ "FAST_RSA_ENGINE" => nil }, StockJRuby::REQUIRE_GEM + TlsCases::PEER_SCRIPT)

    it "MRI's clients handshake with a JRuby server with the gem" do
      expect_agreed(handshake_with(jruby, MRI.command(TlsCases::PEER_SCRIPT)))
    end

    it "a JRuby client with the gem handshakes with MRI's servers" do
      expect_agreed(handshake_with(MRI.command(TlsCases::PEER_SCRIPT), jruby))
    end
  end

  # Eight client threads against a server of a thread per connection, in this process, the backend
  # switched at every hundred handshakes through every backend and :stock. Left behind would be a
  # connection's thread still running, or a socket not closed (the process's descriptors of sockets;
  # JRuby keeps a selector per thread, which are not the handshakes'). Threads and the switch are the
  # engine's, as in concurrency_spec.rb: once per Java (per_java); every line negotiates every combination above.
  it "makes a thousand handshakes from eight threads, the backend switched meanwhile: all succeed, nothing left behind", per_java: true do
    combination = { "version" => "TLS1_3", "server" => "rsa2048", "client" => "p256", "alpn" => false, "sni" => true, "trusted" => true }
    serve, connect = TlsCases.sides(@cases)
    sockets = -> { Dir.children("/proc/self/fd").count { |fd| File.readlink("/proc/self/fd/#{fd}").start_with?("socket:") rescue false } }
    open_before = sockets.()
    listener = TCPServer.new("127.0.0.1", 0)
    servers = Queue.new
    acceptor = Thread.new { loop { socket = listener.accept; servers << Thread.new { serve.(socket, combination) } } }
    backends = Backends.native + [:stock]
    done = java.util.concurrent.atomic.AtomicInteger.new
    answers = Backends.with(FastRsaEngine.backend) do
      Array.new(8) do
        Thread.new do
          Array.new(125) do
            answer = connect.(listener.addr[1], combination)
            count = done.incrementAndGet
            FastRsaEngine.backend = backends[count / 100 % backends.size] if (count % 100).zero?
            answer
          end
        end
      end.flat_map { |thread| Timeout.timeout(900) { thread.value } } # bounds a hang, generously
    end
    expect(answers.size).to eq(1000)
    expect(answers.reject { |answer| answer["read"] == "ok" }).to eq([])
    acceptor.kill.join
    listener.close
    served = Array.new(servers.size) { servers.pop }
    expect(served.size).to eq(1000)
    expect(served.map { |thread| thread.join(60) && thread.value["version"] }.uniq).to eq(["TLSv1.3"])
    expect(sockets.()).to eq(open_before)
  end

  describe "the provider's scope" do
    # TLS 1.3's rsa_pss_rsae_sha256.
    def pss = java.security.spec.PSSParameterSpec.new("SHA-256", "MGF1", java.security.spec.MGF1ParameterSpec::SHA256, 32, 1)

    # A signature made as Java code (JSSE among it) makes one: the provider the JCA chose for the key.
    def provider_chosen(algorithm, key, parameters = nil)
      signature = java.security.Signature.getInstance(algorithm)
      signature.initSign(key)
      signature.setParameter(parameters) if parameters
      signature.update("data".to_java_bytes)
      signature.sign
      signature.getProvider.getName
    end

    it "is first among the JVM's providers, and claims no key of Java code's" do
      expect(FastRsaEngine.info[:tls]).to eq("on")
      expect(java.security.Security.getProviders.first.getName).to eq("FastRsaEngineTls")
      generated = %w[RSA EC].map do |algorithm|
        generator = java.security.KeyPairGenerator.getInstance(algorithm)
        generator.java_send(:initialize, [Java::int], algorithm == "RSA" ? 2048 : 256)
        generator.generateKeyPair.getPrivate
      end
      rsa, ec = generated
      expect(provider_chosen("RSASSA-PSS", rsa, pss)).to eq("SunRsaSign")
      expect(provider_chosen("SHA256withRSA", rsa)).to eq("SunRsaSign")
      expect(provider_chosen("SHA256withECDSA", ec)).to eq("SunEC")
    end

    # KeyPairGenerator has no key to choose a provider by: the TLS provider's is the JVM's first for
    # EC and XDH, and outside a handshake SunEC's own generator makes the pairs.
    it "leaves Java code's key exchange to SunEC: its key pairs SunEC's, its agreements SunEC's" do
      shares = -> { FastRsaEngine.stats[:calls].fetch(:tls_key_share, {}).fetch(:engine, 0) }
      before = shares.()
      pairs = { "EC" => java.security.spec.ECGenParameterSpec.new("secp256r1"), "XDH" => java.security.spec.NamedParameterSpec::X25519 }.map do |name, parameters|
        generator = java.security.KeyPairGenerator.getInstance(name)
        generator.java_send(:initialize, [java.security.spec.AlgorithmParameterSpec], parameters)
        [name, generator.generateKeyPair, generator.generateKeyPair]
      end
      expect(shares.()).to eq(before)
      pairs.each do |name, pair, peer|
        expect(pair.getPrivate.getClass.getName).to start_with("sun.security.ec."), name
        agreement = javax.crypto.KeyAgreement.getInstance(name == "EC" ? "ECDH" : "XDH")
        agreement.init(pair.getPrivate)
        agreement.doPhase(peer.getPublic, true)
        expect(agreement.generateSecret.length).to eq(32)
        expect(agreement.getProvider.getName).to eq("SunEC")
      end
    end

    it "claims an SSL socket's key while a native backend is active, and leaves it to the JDK with :stock" do
      skip "needs a native backend" if Backends.native.empty?

      rsa = OpenSSL::PKey::RSA.new(2048)
      ec = OpenSSL::PKey::EC.generate("prime256v1")
      [rsa, ec].each { |key| OpenSSL::SSL::SSLSocket.new(Socket.new(:INET, :STREAM), OpenSSL::SSL::SSLContext.new.tap { |c| c.key = key }) }
      Backends.native.each do |backend|
        Backends.with(backend) do
          expect(provider_chosen("SHA256withRSA", JRuby.ref(rsa).getPrivateKey)).to eq("FastRsaEngineTls")
          expect(provider_chosen("RSASSA-PSS", JRuby.ref(rsa).getPrivateKey, pss)).to eq("FastRsaEngineTls")
          expect(provider_chosen("SHA256withECDSA", JRuby.ref(ec).getPrivateKey)).to eq("FastRsaEngineTls")
        end
      end
      Backends.with(:stock) do
        expect(provider_chosen("SHA256withRSA", JRuby.ref(rsa).getPrivateKey)).to eq("SunRsaSign")
        expect(provider_chosen("SHA256withECDSA", JRuby.ref(ec).getPrivateKey)).to eq("SunEC")
      end
    end
  end

  # Brief JRubies of their own, side by side.
  it "FAST_RSA_ENGINE_TLS=off installs nothing, and says so" do
    probe = 'require "fast-rsa-engine"; print [FastRsaEngine.info[:tls], java.security.Security.getProviders.map(&:getName).include?("FastRsaEngineTls")].inspect'
    answers = [{ "FAST_RSA_ENGINE_TLS" => "off" }, {}].map do |environment|
      Thread.new { Open3.capture3(environment.merge("FAST_RSA_ENGINE" => nil), *StockJRuby::BRIEF, "-I", LIB, "-e", probe).first }
    end.map(&:value)
    expect(answers).to eq(['["off: FAST_RSA_ENGINE_TLS=off", false]', '["on", true]'])
  end
end
