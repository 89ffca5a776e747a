# frozen_string_literal: true

require "json"
require_relative "comparison"

module Downstream
  # One JRuby line's configurations: `off` records, each backend records and verifies off's
  # randomized outputs, then `off` verifies each backend's: 2 + backends JRuby processes, each
  # running every driver. The libraries that differed run once more the same way; a difference
  # that shows again replays, one that does not is flaky.
  class LineRun
    ROOT = File.expand_path("../..", __dir__)
    PROCESS_SECONDS = 900

    Result = Struct.new(:line, :backends, :transcripts, :replayed, :flaky, :failures, keyword_init: true) do
      def config(backend) = "#{line}/#{backend}"
      def reference = transcripts.fetch(config("off"))
    end

    def initialize(dir:, line:, backends:, libraries:)
      @dir = dir
      @line = line
      @backends = backends
      @libraries = libraries
    end

    def run
      transcripts = pass("first", @libraries)
      first = differences(transcripts)
      differing = first.values.flatten.map(&:library).uniq
      again = differing.empty? ? {} : differences(pass("rerun", differing))
      replayed, flaky = self.class.replays(first, again)
      Result.new(line: @line, backends: @backends, transcripts: transcripts, replayed: replayed, flaky: flaky, failures: [])
    rescue ProcessFailed => e
      Result.new(line: @line, backends: @backends, transcripts: {}, replayed: {}, flaky: {}, failures: [e.message])
    end

    # backend => differences of the first pass, split into those the rerun showed again (same
    # library and step) and those it did not: [replayed, flaky].
    def self.replays(first, again)
      replayed = first.to_h { |backend, diffs| [backend, diffs.select { |d| again.fetch(backend, []).any? { |e| e.key == d.key } }] }
      [replayed, first.to_h { |backend, diffs| [backend, diffs - replayed[backend]] }]
    end

    private

    class ProcessFailed < StandardError; end

    def config(backend) = "#{@line}/#{backend}"

    def differences(transcripts)
      reference = transcripts.fetch(config("off"))
      @backends.to_h { |backend| [backend, Comparison.new(reference, transcripts.fetch(config(backend))).differences] }
    end

    # config => transcript, off's with the cross verifications of every backend's outputs.
    def pass(round, libraries)
      off_file = record(round, "off", libraries, record: true)
      engine_files = @backends.map { |backend| record(round, backend, libraries, record: true, cross: [off_file]) }
      off_cross = JSON.parse(File.read(record("#{round}-cross", "off", libraries, cross: engine_files)))
      off = JSON.parse(File.read(off_file))
      off["libraries"].each { |name, entry| entry["cross"] = off_cross["libraries"][name]["cross"] }
      engines = engine_files.map { |file| JSON.parse(File.read(file)) }
      ([off] + engines).to_h { |transcript| [transcript["config"], transcript] }
    end

    # Runs one configuration's JRuby process; returns the transcript's file.
    def record(round, backend, libraries, record: false, cross: [])
      out = File.join(@dir, "#{@line}-#{backend}-#{round}.json")
      command = [File.join(ROOT, "bin/jruby"), "-I", File.join(ROOT, "lib"), "-r", "fast-rsa-engine", File.join(__dir__, "record.rb"),
                 "--keys", @dir, "--config", config(backend), "--out", out, *("--record" if record),
                 *cross.flat_map { |file| ["--cross", file] }, *libraries.flat_map { |name| ["--library", name] }]
      # --dev: JRuby's quick start (Ruby interpreted, the JVM's first compiler only) halves these
      # short processes' time; it changes no result of the engine, which is the same Java either way.
      env = { "FAST_RSA_ENGINE" => backend, "FAST_RSA_ENGINE_JRUBY" => @line, "RUBYLIB" => ENV.fetch("DOWNSTREAM_RUBYLIB", nil), "JRUBY_OPTS" => "--dev" }
      run_bounded(env, command, "#{config(backend)} (#{round})")
      out
    end

    def run_bounded(env, command, name)
      pid = Process.spawn(env, *command, pgroup: true, in: File::NULL)
      deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + PROCESS_SECONDS
      until (status = Process.wait2(pid, Process::WNOHANG)&.last)
        raise ProcessFailed, "#{name}: no answer within #{PROCESS_SECONDS} s" if Process.clock_gettime(Process::CLOCK_MONOTONIC) > deadline

        sleep 0.2
      end
      raise ProcessFailed, "#{name}: JRuby exited with #{status.exitstatus || status}" unless status.success?
    ensure
      stop_group(pid) if pid && !status
    end

    def stop_group(pid)
      Process.kill("KILL", -pid)
      Process.wait(pid)
    rescue Errno::ESRCH, Errno::ECHILD
      nil
    end
  end
end
