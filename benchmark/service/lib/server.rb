# frozen_string_literal: true

require "fileutils"
require "json"
require "net/http"
require "socket"
require_relative "../../lib/clock"
require_relative "child_process"

module ServiceBenchmark
  # The session service running in one configuration on a free loopback port, from its own folder
  # (its Gemfile and Gemfile.lock: MRI's and JRuby's Bundlers write different lockfiles) and with
  # its output in server.log there. Block form: the server is stopped however the block ends.
  class Server
    APP = File.expand_path("../../../examples/session_service", __dir__)
    BOOT_TIMEOUT = 180 # seconds: JRuby boots in 15-30 s on a quiet machine, far slower on a busy one
    HOST = "127.0.0.1"

    def self.run(configuration, folder:, gem_folder:, key_file:)
      server = new(configuration, folder, gem_folder, key_file)
      begin
        server.wait_until_up
        yield server
      ensure
        server.stop
      end
    end

    attr_reader :url

    def initialize(configuration, folder, gem_folder, key_file)
      FileUtils.mkdir_p(folder)
      gemfile = File.join(folder, "Gemfile")
      File.write(gemfile, configuration.gemfile(File.read(File.join(APP, "Gemfile"))))
      port = free_port
      @url = "http://#{HOST}:#{port}"
      env = { "BUNDLE_GEMFILE" => gemfile, "PORT" => port.to_s, "SESSION_KEY_FILE" => key_file,
              "SESSION_SERVICE_TIMING" => "1" }.merge(configuration.environment(gem_folder))
      @process = ChildProcess.new(configuration.command, env: env, chdir: APP, log: File.join(folder, "server.log"))
    end

    def wait_until_up
      deadline = Clock.now + BOOT_TIMEOUT
      until up?
        raise "the server exited while booting; #{@process.log}:\n#{@process.log_tail}" unless @process.alive?
        raise "the server did not answer within #{BOOT_TIMEOUT} s; #{@process.log}:\n#{@process.log_tail}" if Clock.now > deadline

        sleep 0.5
      end
    end

    # What RequestTiming reports: runtime, backend, and time spent per part since boot.
    def timing
      JSON.parse(http.get("/timing").tap { |response| check(response) }.body)
    end

    def new_token(algorithm)
      response = http.post("/sessions", URI.encode_www_form(user_id: "benchmark", alg: algorithm))
      JSON.parse(check(response).body).fetch("token")
    end

    # What Puma says of itself at boot: its version, workers (cluster mode) and threads.
    def puma_settings
      log = File.read(@process.log)
      { version: log[/Puma version: (\S+)/, 1], workers: log[/Workers: (\d+)/, 1]&.to_i || 0,
        threads: log[/Max threads: (\d+)/, 1].to_i }
    end

    def cpu_seconds
      @process.cpu_seconds
    end

    def stop
      @process.stop
    end

    private

    def up?
      http.get("/timing").is_a?(Net::HTTPSuccess)
    rescue SystemCallError, IOError, Net::ReadTimeout
      false
    end

    def check(response)
      raise "#{url} answered #{response.code}: #{response.body}" unless response.is_a?(Net::HTTPSuccess)

      response
    end

    def http
      uri = URI(url)
      Net::HTTP.new(uri.host, uri.port).tap { |h| h.read_timeout = 30 }
    end

    def free_port
      TCPServer.open(HOST, 0) { |socket| socket.addr[1] }
    end
  end
end
