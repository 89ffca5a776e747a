# frozen_string_literal: true

require "json"
require "open3"
require "stringio"

# One JRuby per environment (FAST_RSA_ENGINE=off, or a backend chosen at require), started at its
# first script and kept until the suite ends, answering StockJRuby's scripts one after another: a
# start costs a JRuby several CPU-seconds (jruby-openssl, Bouncy Castle, the gem), more than most
# scripts, and a suite asks each environment several. Each script runs as it would in a process of
# its own: standard input is its input alone, standard output and error are its own, and its local
# variables are new. What a script defines at the top level stays (as a process would have it, for
# the next script too), so a script must leave no state that changes another's answer: no threads
# still running, no setting of OpenSSL's or the gem's changed.
class ReferenceProcess
  PATH = __FILE__

  @running = {}
  @lock = Mutex.new

  class << self
    # The process for this environment, started by `command` (the environment and the command of a
    # JRuby that loads this file) at the first call.
    def for(environment, &command)
      @lock.synchronize { @running[environment] ||= new(environment, command.call("#{ReferenceProcess}.serve")) }
    end

    def close_all
      @lock.synchronize { @running.each_value(&:close).clear }
    end

    # Leaves a process that ended out, so that the next script starts another.
    def ended(process)
      @lock.synchronize { @running.delete(@running.key(process)) }
    end

    # The loop inside the process: a request (script, input) a line, its answer (stdout, or error and
    # stderr) a line.
    def serve(requests = $stdin, answers = $stdout)
      requests.each_line do |line|
        request = JSON.parse(line)
        answers.puts(JSON.generate(answer(request.fetch("script"), request.fetch("input"))))
        answers.flush
      end
    end

    private

    def answer(script, input)
      output = StringIO.new
      errors = StringIO.new
      $stdin = StringIO.new(input)
      $stdout = output
      $stderr = errors
      # A new local scope at the top level: `def` and constants land where a script's own would.
      TOPLEVEL_BINDING.eval("-> { binding }").call.eval(script, "-e", 1)
      { "stdout" => output.string }
    rescue StandardError, ScriptError, SystemExit => e # the script's failure, for its caller to raise
      { "error" => "#{e.class}: #{e.message}\n#{Array(e.backtrace).first(20).join("\n")}", "stderr" => errors.string }
    ensure
      $stdin = STDIN
      $stdout = STDOUT
      $stderr = STDERR
    end
  end

  def initialize(environment, command)
    @name = "JRuby (#{environment})"
    @input, @output, errors, @thread = Open3.popen3(*command)
    @errors = Thread.new { errors.read } # read as it comes: a full pipe would stop the process
    @lock = Mutex.new
  end

  # The script's standard output, given its standard input; raises with the script's error.
  def answer(script, input)
    reply = @lock.synchronize do
      @input.puts(JSON.generate(script: script, input: input))
      @input.flush
      @output.gets
    end
    raise ended unless reply

    answer = JSON.parse(reply)
    raise "#{@name} failed: #{answer['error']}\n#{answer['stderr']}" if answer["error"]

    answer["stdout"]
  end

  def close
    @input.close
    @thread.value
    @output.close
  end

  private

  def ended
    self.class.ended(self)
    "#{@name} ended (#{@thread.value}): #{@errors.value}"
  end
end
