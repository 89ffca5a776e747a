# frozen_string_literal: true

require "json"
require "tempfile"

module Fuzz
  # MRI's answers for a list of cases, computed beside the JRuby run: spec/fuzz/mri_answers.rb
  # run by MRI (FAST_RSA_ENGINE_MRI, else `ruby`) over the cases as JSON lines, one summary line
  # back per case. A case MRI does not answer within the time bound gets nil (no reference), and
  # MRI starts again after it.
  class MriReference
    SCRIPT = File.expand_path("mri_answers.rb", __dir__)

    def self.command
      ENV.fetch("FAST_RSA_ENGINE_MRI", "ruby")
    end

    def initialize(cases, timeout:)
      @file = Tempfile.new(["fuzz-cases", ".jsonl"])
      cases.each { |kase| @file.puts(kase.to_json) }
      @file.close
      @count = cases.size
      @timeout = timeout
      @answers = []
      start
    end

    # MRI's summary of the case at this index (asked in order), or nil.
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
      @io = IO.popen([self.class.command, SCRIPT, @file.path, @answers.size.to_s])
    end

    def read_next
      return @answers << JSON.parse(@io.gets || raise("#{self.class.command} #{SCRIPT} stopped early")) if IO.select([@io], nil, nil, @timeout)

      stop
      @answers << nil
      start if @answers.size < @count
    end

    def stop
      Process.kill(:KILL, @io.pid)
    rescue Errno::ESRCH # MRI has answered every case and ended
      nil
    ensure
      @io.close
    end
  end
end
