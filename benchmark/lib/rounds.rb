# frozen_string_literal: true

require "json"
require "open3"

# bin/benchmark's measurement in interleaved rounds. The host's speed drifts 10-50% within minutes,
# so a ratio of two figures measured minutes apart measures the drift as much as the code. In a
# round every runtime (MRI, stock JRuby, each backend, each baseline's) has one fresh process, all
# started together and stopped but in their turn (SIGSTOP: an idle JVM still compiles and collects,
# on the core a split signature hands its other half to); each cell is measured by every runtime back to back,
# seconds apart, in an order that rotates from cell to cell and round to round, and ratios are taken
# within a round only. Rounds of fresh processes (JMH's forks) also sample what differs from one
# JVM to the next: where the JIT placed the code, what the heap looks like.
class Rounds
  RUNNER = File.expand_path("../runner.rb", __dir__)

  # A runtime of the table: its key ("mri", "stock", "aws_lc", "aws_lc (v0.3.0)"), the interpreter,
  # the engine the runner loads ("none": no gem) and the gem's lib/ where it is not this checkout's.
  # env: variables of its own (FAST_RSA_ENGINE_SPLIT=off for an "aws_lc unsplit").
  Runtime = Struct.new(:key, :interpreter, :engine, :lib, :jruby, :env, keyword_init: true)

  # One runtime's runner.rb process for one round.
  class Process
    def initialize(runtime, settings, env)
      @runtime = runtime
      arguments = JSON.generate(settings.merge(engine: runtime.engine, lib: runtime.lib).compact)
      # A process group of its own, which pause and resume signal whole (bin/jruby's JVM and its threads).
      @input, @output, @thread = Open3.popen2(env.merge(runtime.env || {}), runtime.interpreter, RUNNER, arguments, pgroup: true)
    end

    # Stops the runner, its JIT compiler and its garbage collector included, while another runtime measures.
    def pause
      signal("STOP")
    end

    def resume
      signal("CONT")
    end

    # The runner's first line, once it has loaded and checked every operation: {"runtime" => ...}.
    def ready
      answer
    end

    def request(hash)
      @input.puts(JSON.generate(hash))
      answer
    end

    def stop
      resume
      @input.close unless @input.closed?
      @thread.value
    end

    private

    def signal(name)
      ::Process.kill(name, -@thread.pid)
    rescue Errno::ESRCH # it has ended; answer reports why
      nil
    end

    def answer
      line = @output.gets or raise "the #{@runtime.key} process ended (#{@thread.value})"
      JSON.parse(line)
    end
  end

  # cells: [op, bits, threads] in the table's order; timing: seconds of :warmup, :time, :long_time
  # (of the operations in :long_calls) and :jit_warmup, and :repeats; settings: what every runner reads (keys, sizes, curves, ops).
  # latency: the RSA sizes whose one-thread sign is timed call by call too (nil: none).
  def initialize(runtimes, cells, timing, settings, env, latency: nil)
    @runtimes = runtimes
    @cells = cells
    @latency = latency
    @timing = timing
    @settings = settings
    @env = env
  end

  # Runs round number `index`; answers {runtime's key => {"runtime" => its description,
  # "rates" => {[op, bits, threads] => [ops/s, one per repeat]}}} for every runtime whose process
  # started. The runtimes take turns on a cell `repeats` times (see measure).
  def run(index)
    processes = @runtimes.to_h { |runtime| [runtime, Process.new(runtime, @settings, @env)] }
    ready = processes.filter_map { |runtime, process| attempt(runtime) { [runtime, process.ready] } }.to_h
    started = ready.dup # a runtime whose process fails later keeps the rates it had measured
    order = ready.keys.rotate(index)
    order.select(&:jruby).each { |runtime| attempt(runtime) { alone(runtime, processes) { |runner| runner.request(warm: @timing[:jit_warmup]) } } }
    rates = Hash.new { |hash, key| hash[key] = {} }
    @cells.each_with_index do |cell, position|
      measure(cell, order.rotate(position), processes, ready).each { |key, cell_rates| rates[key][cell] = cell_rates }
      progress(index, cell, order.rotate(position).filter_map { |runtime| rates[runtime.key][cell]&.then { |r| "#{runtime.key} #{r.map(&:round).join('/')}" } })
    end
    latencies = latency(order, processes, ready)
    started.to_h do |runtime, answer|
      [runtime.key, { "runtime" => answer["runtime"], "rates" => rates[runtime.key], "latency" => latencies[runtime.key] }.compact]
    end
  ensure
    processes&.each_value(&:stop)
  end

  private

  # One cell, every runtime that offers it taking its turn `repeats` times, the order rotating by one
  # each time (A B C, B C A, C A B: a Latin square). Over each full turn of the order every runtime
  # has had every place once, so a drift of the machine's speed that is linear over them cancels out
  # of every ratio of the runtimes' mean rates, and with three runtimes or more none measures twice
  # in a row (mirrored turns, A B C C B A, gave the ends two slices back to back: a bias where the
  # rounds are not a multiple of the runtimes). Answers {runtime's key => [ops/s per repeat]}. A runtime whose
  # process fails leaves `ready`.
  def measure(cell, order, processes, ready)
    rates = Hash.new { |hash, key| hash[key] = [] }
    @timing[:repeats].times do |repeat|
      order.rotate(repeat).each do |runtime|
        next unless ready[runtime]&.dig("runtime", "cells")&.include?(cell.take(2))

        rate = attempt(runtime) { alone(runtime, processes) { |runner| runner.request(cell: cell, **slice(cell.first)) }.fetch("ops_per_sec") }
        rate ? rates[runtime.key] << rate : ready.delete(runtime)
      end
    end
    rates
  end

  # One thread's time per sign, each runtime in turn on each size: {runtime's key => {bits => {"p50_us", "p99_us"}}}.
  # A median says what a request usually waits, the 99th percentile what its slow ones do.
  def latency(order, processes, ready)
    return {} unless @latency

    figures = Hash.new { |hash, key| hash[key] = {} }
    @latency.each_with_index do |bits, position|
      order.rotate(position).each do |runtime|
        next unless ready[runtime]&.dig("runtime", "cells")&.include?(["sign", bits])

        answer = attempt(runtime) { alone(runtime, processes) { |runner| runner.request(latency: ["sign", bits], time: @timing[:latency_time]) } }
        answer ? figures[runtime.key][bits] = answer : ready.delete(runtime)
      end
    end
    figures
  end

  # The block's answer for the runtime's process, every other runtime's process stopped meanwhile.
  def alone(runtime, processes)
    others = processes.reject { |other, _| other == runtime }.values
    others.each(&:pause)
    yield processes[runtime]
  ensure
    others&.each(&:resume)
  end

  # The block's answer, or nil where the runtime's process failed: the runtime is left out of the round.
  def attempt(runtime)
    yield
  rescue RuntimeError, IOError, SystemCallError, JSON::ParserError => e
    warn "==> #{runtime.key}: #{e.message}: left out of this round"
    nil
  end

  def progress(index, cell, figures)
    warn format("    round %-3d %-14s %4d bits %2d threads  %s", index + 1, *cell, figures.join("  "))
  end

  # Seconds of unmeasured and measured calls for one cell: longer for calls of milliseconds (a keygen,
  # whose time varies widely from key to key; a TLS handshake), so that a turn holds enough of them.
  def slice(op)
    { warmup: @timing[:warmup], time: @timing[:long_calls].include?(op) ? @timing[:long_time] : @timing[:time] }
  end
end
