# frozen_string_literal: true

require "etc"
require "json"
require "net/http"
require "socket"

module ServiceBenchmark
  # The session service in one configuration (examples/session_service/bin/serve) on a free loopback
  # port, with its Gemfile copy, lockfile and server.log in `folder`, in a process group of its own
  # (so a stop reaches Puma's workers too). Block form: the server is stopped however the block ends.
  class Server
    SERVE = File.expand_path("../../examples/session_service/bin/serve", __dir__)
    BOOT_TIMEOUT = 180 # seconds: JRuby boots in 15-30 s on a quiet machine, far slower on a busy one
    GRACE = 15 # seconds between TERM and KILL
    HOST = "127.0.0.1"

    def self.run(configuration, folder, key_file)
      server = new(configuration, folder, key_file)
      server.wait_until_up
      yield server
    ensure
      server&.stop
    end

    attr_reader :url, :log

    def initialize(configuration, folder, key_file)
      FileUtils.mkdir_p(folder)
      port = TCPServer.open(HOST, 0) { |socket| socket.addr[1] }
      @url = "http://#{HOST}:#{port}"
      @log = File.join(folder, "server.log")
      env = { "PORT" => port.to_s, "SESSION_KEY_FILE" => key_file, "SESSION_SERVICE_TIMING" => "1", "SESSION_SERVICE_BUNDLE" => folder }
      @pid = Process.spawn(env, SERVE, configuration, pgroup: true, in: File::NULL, %i[out err] => [log, "w"])
    end

    # Answers its Process::Status once it has ended (waiting for that unless `block` is false), else nil.
    def status(block: true)
      @status ||= Process.wait2(@pid, block ? 0 : Process::WNOHANG)&.last
    end

    def stop
      Process.kill("TERM", -@pid)
      deadline = ServiceBenchmark.now + GRACE
      sleep 0.1 until status(block: false) || ServiceBenchmark.now > deadline
      Process.kill("KILL", -@pid) # whatever of the group is left
    rescue Errno::ESRCH
      nil # the group is gone already
    ensure
      status
    end

    # CPU seconds (user and system) the process group has used so far, all its processes alike:
    # Puma's master and workers on MRI, the JVM with its JIT and GC threads on JRuby.
    def cpu_seconds
      ticks = Dir.glob("/proc/[0-9]*/stat").sum do |stat|
        fields = File.read(stat).split(")").last.split # after "pid (command)", which may hold spaces
        fields[2].to_i == @pid ? fields[11].to_i + fields[12].to_i : 0 # pgrp; utime, stime
      rescue Errno::ENOENT, Errno::ESRCH
        0 # a process that ended while we read
      end
      ticks.to_f / Etc.sysconf(Etc::SC_CLK_TCK)
    end

    def log_tail
      "#{log}:\n#{File.readlines(log).last(20).join}"
    end

    def wait_until_up
      deadline = ServiceBenchmark.now + BOOT_TIMEOUT
      until up?
        raise "the server exited while booting; #{log_tail}" if status(block: false)
        raise "the server did not answer within #{BOOT_TIMEOUT} s; #{log_tail}" if ServiceBenchmark.now > deadline

        sleep 0.5
      end
    end

    # What RequestTiming reports: runtime, backend, and time spent per part since boot.
    def timing
      JSON.parse(check(http.get("/timing")).body)
    end

    def new_token(algorithm)
      JSON.parse(check(http.post("/sessions", URI.encode_www_form(user_id: "benchmark", alg: algorithm))).body).fetch("token")
    end

    # What Puma and bin/serve say at boot: Puma's version, workers (cluster mode) and threads, JAVA_OPTS.
    def settings
      text = File.read(log)
      { version: text[/Puma version: (\S+)/, 1], workers: text[/Workers: (\d+)/, 1]&.to_i || 0,
        threads: text[/Max threads: (\d+)/, 1].to_i, jvm_options: text[/JAVA_OPTS (.+)$/, 1] }
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
      Net::HTTP.new(HOST, URI(url).port).tap { |h| h.read_timeout = 30 }
    end
  end
end
