# frozen_string_literal: true

require_relative "harness"

module Downstream
  # Runs the drivers in this JRuby process and records, per library, what each step gave: its
  # outcome (a plain value, or an error's class and message), a randomized step's output, and the
  # patched methods the engine answered. Each driver runs apart: whatever one does, the next runs.
  class Recorder
    # What a step may raise and still be an outcome: Ruby's errors, ScriptErrors such as
    # NotImplementedError (which `rescue => e` misses, so a caller sees it), and Java exceptions
    # (MRI runs the recorder too when a driver is written for a library JRuby cannot load yet).
    STEP_ERRORS = [StandardError, ScriptError, *(Java::JavaLang::Throwable if RUBY_ENGINE == "jruby")].freeze

    def initialize(keys)
      @keys = keys
      @prepared = {}
    end

    # The library's transcript: { "status" => "ran", "steps" => [...], "engine" => {...} }, or the
    # status "unavailable" (it cannot load here) or "crashed" (its driver failed outside a step).
    def record(library)
      driver = prepare(library)
      return driver if driver.is_a?(Hash)

      FastRsaEngine.reset_stats
      steps = driver.steps.map { |step| record_step(step) }
      { "status" => "ran", "steps" => steps, "engine" => engine_methods }
    rescue UnrecordableValue => e
      crashed(e)
    end

    # This configuration's verification of another's randomized outputs: [{ "name", "outcome" }].
    def cross(library, other)
      driver = prepare(library)
      return [] if driver.is_a?(Hash) || other["status"] != "ran"

      outputs = other["steps"].select { |step| step.key?("output") }.to_h { |step| [step["name"], step["output"]] }
      driver.steps.select { |step| step.verify && outputs.key?(step.name) }.map do |step|
        { "name" => step.name, "outcome" => outcome { step.verify.call(Downstream.restore(outputs[step.name])) } }
      end
    end

    private

    # The driver, or the status that stands for it; once per library and process, so that a
    # library that failed to load is not loaded again, half, by the cross pass.
    def prepare(library)
      @prepared[library.name] ||= define(library)
    end

    def define(library)
      begin
        library.requires.each { |file| require file }
      rescue *STEP_ERRORS => e
        return { "status" => "unavailable", "reason" => "#{e.class}: #{e.message.lines.first&.chomp}" }
      end
      driver = Driver.new(@keys)
      driver.instance_exec(&library.definition)
      driver
    rescue *STEP_ERRORS => e
      crashed(e)
    end

    def record_step(step)
      output = nil
      result = outcome { output = step.produce.call }
      return { "name" => step.name, "outcome" => result } unless step.verify && !result.key?("error")

      output = Downstream.plain(output)
      { "name" => step.name, "output" => output, "outcome" => outcome { step.verify.call(Downstream.restore(output)) } }
    end

    # { "value" => plain } or { "error" => class, "message" => message }. A value the transcript
    # cannot hold raises past the step: that is the driver's fault, and crashes it.
    def outcome
      value = yield
      { "value" => Downstream.plain(value) }
    rescue UnrecordableValue
      raise
    rescue *STEP_ERRORS => e
      { "error" => e.class.name, "message" => without_addresses(e.message.to_s) }
    end

    # An object's inspect in a message (NoMethodError's "for #<OpenSSL::PKey::EC:0x52cda4bd>" on
    # JRuby 9.4) holds its address, which differs from process to process: dropped.
    def without_addresses(message)
      message.gsub(/#<([A-Z][\w:]*):0x\h+/, '#<\1')
    end

    # The patched methods the engine answered for this library: { "sign" => 12, ... }.
    def engine_methods
      FastRsaEngine.stats[:calls].select { |_, counts| counts[:engine].positive? }.to_h { |name, counts| [name.to_s, counts[:engine]] }
    end

    def crashed(error)
      { "status" => "crashed", "reason" => "#{error.class}: #{error.message}", "backtrace" => Array(error.backtrace).first(8) }
    end
  end
end
