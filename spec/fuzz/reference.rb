# frozen_string_literal: true

require "json"
require "tempfile"

module Fuzz
  # A reference's answers for a list of cases, computed beside the JRuby run: spec/fuzz/reference_answers.rb
  # run over the cases as JSON lines, one summary line back per case, by MRI (FAST_RSA_ENGINE_MRI,
  # else `ruby`), or by this JRuby without the gem: stock jruby-openssl untouched, the answers the
  # gem must keep (the fuzzer's stock in process is the gem with the backend :stock, which shares
  # the gem's own Ruby and Java around stock's methods). A case not answered within the time
  # bound gets nil (no reference), and the reference starts again after it.
  class Reference
    SCRIPT = File.expand_path("reference_answers.rb", __dir__)
    # What begins an answer's line.
    MARKER = "answer: "
    JRUBY = File.expand_path("../../bin/jruby", __dir__)

    def self.mri(cases, timeout:)
      new([ENV.fetch("FAST_RSA_ENGINE_MRI", "ruby"), SCRIPT], {}, cases, timeout: timeout)
    end

    # This JRuby line (FAST_RSA_ENGINE_JRUBY, as bin/jruby reads it), with FAST_RSA_ENGINE=off.
    def self.untouched_stock(cases, timeout:)
      new([JRUBY, SCRIPT], { "FAST_RSA_ENGINE" => "off" }, cases, timeout: timeout)
    end

    # This JRuby line with the gem required under FAST_RSA_ENGINE=backend (the backend chosen at
    # require), for the cases drawn to run so too (Case#required): answers by the cases' own index,
    # nil for the others.
    def self.at_require(cases, backend, timeout:)
      indexes = cases.each_index.select { |index| cases[index].required == backend }
      return nil if indexes.empty?

      Subset.new(indexes, new([JRUBY, AT_REQUIRE_SCRIPT], { "FAST_RSA_ENGINE" => backend }, indexes.map { |index| cases[index] }, timeout: timeout))
    end

    AT_REQUIRE_SCRIPT = File.expand_path("at_require_answers.rb", __dir__)

    # What either script does with its arguments (CASES.jsonl [FROM]): each case from that index
    # run, and the summary of what the call did printed after MARKER, one line each.
    def self.print_answers(arguments)
      File.foreach(arguments.fetch(0)).drop(Integer(arguments.fetch(1, "0"))).each do |line|
        kase = Case.from_json(line)
        result = Result.of(kase, probe_randomness: true) { Outcome.of { kase.call } }
        puts MARKER + JSON.generate(result.summary)
      end
    end

    # A reference over some of the cases, asked by the index in all of them.
    Subset = Struct.new(:indexes, :reference) do
      def [](index)
        position = indexes.index(index)
        position && reference[position]
      end

      def close
        reference.close
      end
    end

    def initialize(command, env, cases, timeout:)
      @command = command
      @env = env
      @file = Tempfile.new(["fuzz-cases", ".jsonl"])
      cases.each { |kase| @file.puts(kase.to_json) }
      @file.close
      @count = cases.size
      @timeout = timeout
      @answers = []
      start
    end

    # The summary of the case at this index (asked in order), or nil.
    def [](index)
      read_next while @answers.size <= index
      @answers[index]
    end

    def close
      stop
      @file.unlink
    end

    private

    def start
      @io = IO.popen(@env, [*@command, @file.path, @answers.size.to_s])
    end

    def read_next
      while IO.select([@io], nil, nil, @timeout)
        line = @io.gets || raise("#{@command.join(' ')} stopped early")
        return @answers << JSON.parse(line.delete_prefix(MARKER)) if line.start_with?(MARKER)
      end

      stop
      @answers << nil
      start if @answers.size < @count
    end

    def stop
      Process.kill(:KILL, @io.pid)
    rescue Errno::ESRCH # it has answered every case and ended
      nil
    ensure
      @io.close
    end
  end
end
