# frozen_string_literal: true

require "set"

module Fuzz
  # Runs cases on JRuby, with each native backend and with stock, and judges each engine answer:
  # it must finish within the time bound, raise no Java exception, return only signatures that
  # open, and equal stock's answer or differ from it as a documented row allows. Where the engine
  # keeps stock's answer and MRI's differs, that is a note, not a failure: errors stay stock's.
  #
  # A call that does not finish is left running (a thread stuck in Java cannot be stopped); the
  # backend then skips later cases like it (see #quarantined?), and the run stops when
  # STUCK_LIMIT calls have not finished.
  class Runner
    STUCK_LIMIT = 16

    attr_reader :findings

    # A hang on a crafted key, with arguments stock answers, is the key's doing.
    def self.blames_key?(kase)
      kase.crafted_key? && !DocumentedDifferences.stock_never_returns?(kase)
    end

    def initialize(backends:, timeout:, reference: true)
      @backends = backends
      @timeout = timeout
      @reference = reference
      @findings = Findings.new
      @quarantine = Set.new
      @worker = BoundedWorker.new
      @stuck = 0
    end

    def run(cases)
      mri = MriReference.new(cases, timeout: 4 * @timeout) if @reference
      cases.each_with_index do |kase, index|
        return stop(kase) if @stuck >= STUCK_LIMIT

        answer = mri && mri[index]
        findings.count("MRI answers") if answer
        run_case(kase, answer)
        yield index + 1 if block_given?
      end
      findings
    ensure
      mri&.close
    end

    private

    def run_case(kase, mri)
      findings.count("cases")
      stock = stock_result(kase)
      note_stock(kase, stock, mri)
      @backends.each do |backend|
        next findings.count("calls skipped after a hang") if quarantined?(backend, kase)

        engine = result(backend, kase, probe_randomness: false)
        kind = judge(kase, engine, stock, mri)
        findings.add(Finding.new(kind, backend, kase, engine, stock, mri)) if kind
      end
    end

    # The finding's kind for one engine answer, or nil when it passes.
    def judge(kase, engine, stock, mri)
      return :hang if engine.hang?
      return :java_exception if engine.java?
      # A key the engine declines goes to stock: a bad signature then is stock's, noted for stock.
      return :bad_signature if signature?(kase) && engine.check == false && engine.engine_ran
      return nil if stock.nil?
      return lacking_in_stock(kase, engine, mri) if DocumentedDifferences::STOCK_LACKS.key?(kase.method)
      return stock_answer(engine, mri) if engine.same_as?(stock.summary)

      if (row = DocumentedDifferences.find(kase, engine, stock, mri))
        findings.count("documented: #{row.name}")
        return nil
      end

      mri && engine.as_mri?(mri) ? :undocumented_as_mri : :undocumented
    end

    # Stock's answer passes; a note when MRI's differs.
    def stock_answer(engine, mri)
      :stock_not_mri if mri && !engine.as_mri?(mri)
    end

    def lacking_in_stock(kase, engine, mri)
      findings.count("documented: #{DocumentedDifferences::STOCK_LACKS.fetch(kase.method)}")
      return nil if mri.nil? || engine.as_mri?(mri)
      return :not_mri unless (row = DocumentedDifferences.find(kase, engine, Result.stock_lacks, mri))

      findings.count("documented: #{row.name}")
      nil
    end

    def stock_result(kase)
      if DocumentedDifferences.stock_never_returns?(kase)
        Result.new(Outcome.new(nil, Hang.new("stock never returns here (documented): not called")), false, nil)
      elsif !quarantined?(:stock, kase)
        result(:stock, kase, probe_randomness: true)
      end
    end

    def note_stock(kase, stock, mri)
      return if stock.nil? || DocumentedDifferences.stock_never_returns?(kase)

      kind = if stock.hang? then :stock_hang
             elsif stock.java? then :stock_java_exception
             elsif signature?(kase) && stock.check == false then :stock_bad_signature
             end
      findings.add(Finding.new(kind, :stock, kase, nil, stock, mri)) if kind
    end

    def result(backend, kase, probe_randomness:)
      findings.count("cases run on #{backend}")
      operations = FastRsaEngine::Native.engine_operations
      answer = Result.of(kase, probe_randomness: probe_randomness) { bounded(backend, kase) { kase.call } }
      answer.engine_ran = FastRsaEngine::Native.engine_operations > operations
      findings.count("signatures not checkable (padding or digest)") if signature?(kase) && answer.returned? && answer.check.nil?
      answer
    end

    def signature?(kase)
      PATCHED_METHODS.fetch(kase.method).output == :signature
    end

    def bounded(backend, kase, &call)
      outcome = Backends.with(backend) { @worker.call(@timeout, &call) }
      return outcome if outcome

      stuck(backend, kase)
      Outcome.new(nil, Hang.new("no answer within #{@timeout} s"))
    end

    # The worker spins on in Java; a new one takes the next call. Stuck threads would also keep
    # JRuby from exiting: the process then ends hard at exit, with the status it had.
    def stuck(backend, kase)
      at_exit { exit_hard } if @stuck.zero?
      @stuck += 1
      @worker.abandon
      @worker = BoundedWorker.new
      @quarantine << (Runner.blames_key?(kase) ? [backend, kase.key] : [backend, kase.method, Value.shape(kase.args)])
    end

    def exit_hard
      $stdout.flush
      $stderr.flush
      exit!($!.is_a?(SystemExit) ? $!.status : ($! ? 1 : 0))
    end

    # After a hang, the backend skips the key it blames, or else arguments of the same shape
    # (the same types and lengths) with any key.
    def quarantined?(backend, kase)
      @quarantine.include?([backend, kase.key]) || @quarantine.include?([backend, kase.method, Value.shape(kase.args)])
    end

    def stop(kase)
      findings.add(Finding.new(:stuck, :all, kase, nil, nil, nil))
      findings
    end
  end
end
