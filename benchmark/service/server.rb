# frozen_string_literal: true

require "json"
require "net/http"
require "socket"

class ServiceBenchmark
  # The session service in one configuration (examples/session_service/bin/serve) on a free loopback
  # port, with its Gemfile copy, lockfile and server.log in `folder`, in a process group of its own
  # (so a stop reaches Puma's workers too), and wrk to drive it. Block form: the server is stopped
  # however the block ends.
  class Server
    SERVE = File.expand_path("../../examples/session_service/bin/serve", __dir__)
    LOAD_SCRIPT = File.expand_path("load.lua", __dir__)
    HOST = "127.0.0.1"
    BOOT_TIMEOUT = 180 # seconds: JRuby boots in 15-30 s on a quiet machine, far slower on a busy one
    WRK_TIMEOUT = 10 # seconds; a response slower than that counts as a timeout

    # key_files: the service's key files by the variable that names each (SESSION_KEY_FILE, SESSION_EC_KEY_FILE)
    def self.run(configuration, folder, key_files)
      server = new(configuration, folder, key_files)
      server.wait_until_up
      yield server
    ensure
      server&.stop
    end

    def initialize(configuration, folder, key_files)
      FileUtils.mkdir_p(folder)
      @port = TCPServer.open(HOST, 0) { |socket| socket.addr[1] }
      @log = File.join(folder, "server.log")
      env = { "PORT" => @port.to_s, **key_files, "SESSION_SERVICE_BUNDLE" => folder,
              "SESSION_SERVICE_TIMING" => "1" } # RequestTiming's GET /timing: the runtime and the backend
      @pid = Process.spawn(env, SERVE, configuration, pgroup: true, in: File::NULL, %i[out err] => [@log, "w"])
    end

    def wait_until_up
      deadline = now + BOOT_TIMEOUT
      sleep 0.5 until up? || ended? || now > deadline
      why = ended? ? "exited while booting" : "did not answer within #{BOOT_TIMEOUT} s"
      raise "the server #{why}; #{tail(@log)}" unless up?
    end

    # At once, the whole group: a benchmark's server has nothing a graceful stop would save.
    def stop
      Process.kill("KILL", -@pid)
    rescue Errno::ESRCH
      nil # the group is gone already
    ensure
      @status ||= Process.wait2(@pid).last
    end

    # What RequestTiming reports: the runtime, the backend, and time spent per part since boot.
    def timing
      response = Net::HTTP.get_response(HOST, "/timing", @port)
      raise "the server answered #{response.code}: #{response.body}" unless response.is_a?(Net::HTTPSuccess)

      JSON.parse(response.body)
    end

    # One wrk run (one thread, `connections` keep-alive connections) through load.lua: it asks for
    # tokens signed with `algorithm`, keeps every sample_every-th response body in the file `samples`,
    # counts non-2xx responses and prints its figures as JSON, which this answers.
    def wrk(algorithm, connections, seconds, log, samples = "", sample_every = 0)
      # In our process group: a Ctrl-C reaches wrk too.
      done = system("wrk", "--threads", "1", "--connections", connections.to_s, "--duration", "#{seconds}s",
                    "--timeout", "#{WRK_TIMEOUT}s", "--script", LOAD_SCRIPT, "http://#{HOST}:#{@port}",
                    "--", algorithm, sample_every.to_s, samples, out: log, err: %i[child out])
      figures = done && JSON.parse(File.readlines(log).grep(/\A\{/).last, symbolize_names: true)
      raise "wrk failed or had no response (#{$?}): #{tail(log)}" unless figures&.dig(:requests)&.positive?

      { connections: connections, **figures }
    end

    private

    def up?
      timing
    rescue SystemCallError, IOError, Net::ReadTimeout
      false
    end

    def ended?
      @status ||= Process.wait2(@pid, Process::WNOHANG)&.last
    end

    def tail(file)
      "#{file}:\n#{File.readlines(file).last(20).join}"
    end

    def now
      Process.clock_gettime(Process::CLOCK_MONOTONIC)
    end
  end
end
