# frozen_string_literal: true

require "fileutils"
require "json"

module Suites
  # One run of one library's suite, on one JRuby line with one FAST_RSA_ENGINE value, in a
  # process of its own bounded by the definition's timeout. Its output goes to a log file;
  # `result` reads the failing examples and the engine's stats the harness wrote.
  class Run
    PROJECT_ROOT = File.expand_path("../../..", __dir__)
    HARNESS = File.join(__dir__, "harness")
    STUBS = File.join(__dir__, "stubs")
    # Variables of the caller's shell that would change how the suite loads or behaves.
    CLEARED_ENVIRONMENT = %w[RUBYOPT RUBYLIB BUNDLE_GEMFILE BUNDLE_PATH GEM_HOME CI COVERAGE].freeze

    attr_reader :definition, :line, :backend, :work_dir

    # debian_rubylib: DebianRubylib's folder, last on the load path.
    def initialize(definition:, source_dir:, line:, backend:, work_dir:, debian_rubylib:)
      @definition = definition
      @source_dir = source_dir
      @line = line
      @backend = backend
      @work_dir = work_dir
      @debian_rubylib = debian_rubylib
    end

    def result
      @result ||= execute
    end

    def log_path = File.join(work_dir, "log.txt")

    private

    def results_path = File.join(work_dir, "results.json")
    def engine_path = File.join(work_dir, "engine.json")

    def execute
      FileUtils.rm_rf(work_dir)
      FileUtils.mkdir_p(work_dir)
      started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
      status = spawn_bounded
      seconds = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
      Result.read(status: status, seconds: seconds, results_path: results_path, engine_path: engine_path,
                  log_path: log_path, framework: definition.framework)
    end

    # :timeout, or the Process::Status. The suite runs in a process group of its own, so that a
    # timeout ends everything it started.
    def spawn_bounded
      pid = Process.spawn(environment, *command, chdir: @source_dir, pgroup: true, in: File::NULL,
                                                 %i[out err] => [log_path, "w"])
      deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + definition.timeout
      loop do
        _, status = Process.wait2(pid, Process::WNOHANG)
        return status if status
        return stop(pid) if Process.clock_gettime(Process::CLOCK_MONOTONIC) > deadline

        sleep 0.5
      end
    rescue SignalException
      stop(pid) # the orchestrator is interrupted: the suite's processes end with it
      raise
    end

    def stop(pid)
      signal_group(pid, "TERM")
      sleep 5
      signal_group(pid, "KILL")
      Process.wait(pid)
      :timeout
    end

    def signal_group(pid, signal)
      Process.kill(signal, -pid)
    rescue Errno::ESRCH
      nil # the whole group has ended already
    end

    def environment
      CLEARED_ENVIRONMENT.to_h { |name| [name, nil] }.merge(
        "FAST_RSA_ENGINE" => backend, "FAST_RSA_ENGINE_JRUBY" => line,
        "SUITES_ENGINE_FILE" => engine_path, "SUITES_RESULTS_FILE" => results_path
      )
    end

    def command
      [File.join(PROJECT_ROOT, "bin", "jruby"), *stub_load_path, "-I", HARNESS, "-I", File.join(PROJECT_ROOT, "lib"),
       "-r", File.join(HARNESS, "engine_at_exit.rb"), *definition.load_path.flat_map { |dir| ["-I", dir] },
       "-I", @debian_rubylib, *definition.requires.flat_map { |name| ["-r", name] }, *runner_arguments]
    end

    # Only the stubs the definition names, each first on the load path: a folder of links to them.
    def stub_load_path
      return [] if definition.stubs.empty?

      dir = File.join(work_dir, "stubs")
      definition.stubs.each do |name|
        target = File.join(dir, "#{name}.rb")
        FileUtils.mkdir_p(File.dirname(target))
        FileUtils.ln_s(File.join(STUBS, "#{name}.rb"), target)
      end
      ["-I", dir]
    end

    def runner_arguments
      files = definition.test_files(@source_dir)
      case definition.framework
      when :rspec
        [File.join(HARNESS, "run_rspec.rb"), "--format", "json", "--out", results_path, "--no-color",
         *files]
      when :minitest
        [File.join(HARNESS, "run_minitest.rb"), *files]
      end
    end
  end
end
