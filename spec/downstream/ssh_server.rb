# frozen_string_literal: true

require "etc"
require "fileutils"
require "json"
require "open3"
require "socket"

module Downstream
  # Debian's OpenSSH server for net-ssh's driver: on 127.0.0.1 and a free port, as the user running
  # the run (root in CI, where sshd needs its privilege separation directory), with a config of its
  # own: the run's RSA host key, the user's RSA key in authorized_keys, every key exchange OpenSSH
  # knows (net-ssh's older ones too) and RSA signatures with SHA-1 as well as SHA-2. Started in a
  # process group of its own, which #stop ends whole (the children of open connections too).
  class SshServer
    SSHD = "/usr/sbin/sshd"
    RSA_ALGORITHMS = "rsa-sha2-512,rsa-sha2-256,ssh-rsa"
    READY_SECONDS = 20

    def initialize(dir)
      @dir = dir
    end

    # Starts sshd and writes ssh.json, what the driver reads: port, user, key files, known_hosts.
    def start
      raise "#{SSHD} is missing: bin/setup installs openssh-server" unless File.executable?(SSHD)

      FileUtils.mkdir_p("/run/sshd", mode: 0o755) if Process.uid.zero?
      @port = free_port
      write_files
      @pid = Process.spawn(SSHD, "-D", "-e", "-f", path("sshd_config"), pgroup: true, in: File::NULL, out: path("sshd.log"), err: path("sshd.log"))
      wait_until_listening
      self
    end

    def stop
      return unless @pid

      Process.kill("TERM", -@pid)
      Process.wait(@pid)
    rescue Errno::ESRCH, Errno::ECHILD
      nil
    ensure
      @pid = nil
    end

    private

    def path(name) = File.join(@dir, name)

    def free_port
      server = TCPServer.new("127.0.0.1", 0)
      server.addr[1]
    ensure
      server&.close
    end

    def write_files
      user_public = File.read(path("ssh_user_rsa.pub"))
      host_public = File.read(path("ssh_host_rsa.pub")).split[0, 2].join(" ")
      File.write(path("authorized_keys"), user_public)
      File.write(path("known_hosts"), "[127.0.0.1]:#{@port} #{host_public}\n")
      File.write(path("sshd_config"), config)
      File.write(path("ssh.json"), JSON.generate("port" => @port, "user" => Etc.getpwuid(Process.uid).name,
                                                 "user_key" => path("ssh_user_rsa"), "user_key_pem" => path("ssh_user_rsa.pem"),
                                                 "host_public_key" => path("ssh_host_rsa.pub"), "known_hosts" => path("known_hosts")))
    end

    def config
      <<~CONFIG
        ListenAddress 127.0.0.1:#{@port}
        HostKey #{path('ssh_host_rsa')}
        PidFile none
        AuthorizedKeysFile #{path('authorized_keys')}
        StrictModes no
        UsePAM no
        PasswordAuthentication no
        KbdInteractiveAuthentication no
        PermitRootLogin prohibit-password
        KexAlgorithms #{kex_algorithms.join(',')}
        HostKeyAlgorithms #{RSA_ALGORITHMS}
        PubkeyAcceptedAlgorithms #{RSA_ALGORITHMS}
        LoginGraceTime 30
        MaxStartups 100
        MaxSessions 100
        LogLevel ERROR
      CONFIG
    end

    # What OpenSSH's client lists is what this build of it knows, server and client alike.
    def kex_algorithms
      output, status = Open3.capture2("ssh", "-Q", "kex")
      raise "ssh -Q kex failed" unless status.success?

      output.split
    end

    def wait_until_listening
      deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + READY_SECONDS
      loop do
        raise "sshd exited: #{File.read(path('sshd.log'))}" if Process.wait(@pid, Process::WNOHANG)
        return TCPSocket.new("127.0.0.1", @port).close
      rescue Errno::ECONNREFUSED
        raise "sshd did not listen within #{READY_SECONDS} s: #{File.read(path('sshd.log'))}" if Process.clock_gettime(Process::CLOCK_MONOTONIC) > deadline

        sleep 0.1
      end
    end
  end
end
