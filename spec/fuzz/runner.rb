# frozen_string_literal: true

require "set"

module Fuzz
  # Runs cases on JRuby, with each native backend and with stock, and judges each engine answer:
  # it must finish (CallBound tells a stuck call from a slow one), raise no Java exception, return
  # only signatures that open, and equal stock's answer (and where a structure method signed an
  # object, leave in it what stock's leaves, reader by reader) or differ from it as a documented row
  # allows. Where the engine keeps stock's answer and MRI's differs, that is a note, not a failure:
  # errors stay stock's. A case with a disturbance (the concurrency mode) also runs with another
  # thread disturbing the call, and must give an answer the call gives undisturbed. Stock's answer
  # in process (the gem with the backend :stock, which the engines are judged against) must also
  # be what stock jruby-openssl untouched answers (JRuby without the gem, beside), or else MRI's:
  # the same error class, or a result (:not_stock; a Java exception of untouched stock's is judged
  # by the rules above). A case a reach drew to answer as MRI (Case#as_mri) is judged by MRI's
  # answer alone, on every backend and stock (Fuzz::MriExact); a case drawn to run also in a
  # process that chose its backend at require (Case#required) must answer there as the run-time
  # switch to that backend does, or as MRI; forged envelopes must get no more distinct errors than
  # MRI gives them (Fuzz::ForgeryMessages, over the whole run); the JCA provider's cases answer
  # where it differs from the JDK's own, and must answer nowhere (Fuzz::JcaCalls).
  #
  # A finding counts only if it replays: the case runs again as it ran, and the same finding must
  # come back on the same backend; one that does not is listed apart, as not replayed.
  #
  # A stuck call is left running (a thread stuck in Java cannot be stopped); the backend then skips
  # later cases like it (see #quarantined?), and the run stops when STUCK_LIMIT calls are stuck.
  class Runner
    STUCK_LIMIT = 24

    # What one run of a case gave: stock's Result (nil when stock was not run), and each backend's,
    # undisturbed and disturbed (backend => Result).
    Answers = Struct.new(:stock, :engines, :disturbed) do
      def of(finding)
        return stock if finding.backend == :stock

        (finding.kind == :disturbed ? disturbed : engines)[finding.backend]
      end
    end

    attr_reader :findings

    # A hang on a crafted key, with arguments stock answers, is the key's doing.
    def self.blames_key?(kase)
      kase.crafted_key? && !DocumentedDifferences.stock_never_returns?(kase)
    end

    # cpu_bound: the CPU seconds a call may compute before it counts as stuck (see CallBound).
    def initialize(backends:, cpu_bound:, reference: true)
      @backends = backends
      @cpu_bound = cpu_bound
      @reference = reference
      @findings = Findings.new
      @quarantine = Set.new
      @worker = BoundedWorker.new
      @stuck = 0
    end

    # MRI's answer, untouched stock's, and that of the process that chose the case's backend at
    # require (Case#required), for one case (nil where there is none).
    References = Struct.new(:mri, :untouched, :at_require)

    def run(cases)
      if @reference
        mri = Reference.mri(cases, timeout: CallBound::WALL_SECONDS)
        untouched = Reference.untouched_stock(cases, timeout: CallBound::WALL_SECONDS)
      end
      at_require = Reference.at_require(cases, "stock", timeout: CallBound::WALL_SECONDS)
      forgeries = ForgeryMessages.new
      cases.each_with_index do |kase, index|
        return stop(kase) if @stuck >= STUCK_LIMIT

        references = References.new(mri && mri[index], untouched && untouched[index], at_require && at_require[index])
        count("MRI answers") if references.mri
        count("untouched stock answers") if references.untouched
        count("answers with FAST_RSA_ENGINE=stock at require") if references.at_require
        answers = run_case(kase, references)
        record_forgeries(forgeries, kase, answers, references)
        yield index + 1 if block_given?
      end
      forgeries.findings.each { |finding| findings.add(finding) }
      findings
    ensure
      mri&.close
      untouched&.close
      at_require&.close
    end

    private

    def run_case(kase, references)
      count("cases")
      backends = @backends.reject { |backend| quarantined?(backend, kase) }
      count("calls skipped after a hang", @backends.size - backends.size) if backends.size < @backends.size
      answers = run_once(kase, run_stock: !quarantined?(:stock, kase), backends: backends)
      found = judged(kase, answers, references)
      confirm(kase, references, answers, found) unless found.empty?
      answers
    end

    # Each answer to a forged envelope, for the check across cases (ForgeryMessages).
    def record_forgeries(forgeries, kase, answers, references)
      forgeries.record(kase, :mri, references.mri)
      forgeries.record(kase, :"stock at require", references.at_require)
      { stock: answers.stock, **answers.engines }.each { |backend, answer| forgeries.record(kase, backend, answer) }
    end

    def run_once(kase, run_stock:, backends:)
      @stock_cpu = nil
      stock = run_stock ? stock_result(kase) : nil
      engines = backends.to_h { |backend| [backend, result(backend, kase)] }
      disturbed = disturbable?(kase) ? backends.reject { |b| engines[b].hang? }.to_h { |b| [b, result(b, kase, disturbed: true)] } : {}
      Answers.new(stock, engines, disturbed)
    end

    # A call that hangs undisturbed is not run again disturbed: it would only hang again. Nor is a
    # call stock never returns from run while another thread switches to stock: it may then read stock.
    def disturbable?(kase)
      kase.disturbance && !(kase.disturbance == "switch_backend" && DocumentedDifferences.stock_never_returns?(kase))
    end

    # The findings of one run of a case: stock's note, each backend's finding, and every answer
    # that is neither untouched stock's nor MRI's.
    def judged(kase, answers, references)
      return jca_judged(kase, answers) if PATCHED_METHODS.fetch(kase.method).output == :jca

      stock = answers.stock
      mri = references.mri
      note = stock && stock_note(kase, stock, mri)
      [(Finding.new(note, :stock, kase, nil, stock, mri) if note),
       (Finding.new(:not_mri_exact, :stock, kase, stock, stock, mri) if stock && !stock.hang? && exact_not_mri?(kase, stock, mri)),
       at_require_finding(kase, stock, references),
       *answers.engines.map do |backend, engine|
         kind = judge(kase, engine, stock, mri)
         Finding.new(kind, backend, kase, engine, stock, mri) if kind
       end,
       (Finding.new(:not_stock, :stock, kase, stock, references.untouched, mri) if stock && not_stock?(kase, stock, references)),
       *{ stock: stock, **answers.engines }.select { |_, answer| answer && shows_key?(kase, answer) }
                                          .map { |backend, answer| Finding.new(:key_in_message, backend, kase, answer, stock, mri) },
       *answers.disturbed.map do |backend, disturbed|
         undisturbed = answers.engines.fetch(backend)
         Finding.new(:disturbed, backend, kase, disturbed, stock, mri, undisturbed) unless undisturbed?(disturbed, undisturbed, stock)
       end].compact
    end

    # The JCA provider's answers: where it first differs from the JDK's own, on any backend or stock.
    def jca_judged(kase, answers)
      { stock: answers.stock, **answers.engines }.filter_map do |backend, answer|
        Finding.new(:provider_not_jdk, backend, kase, answer, nil, nil) if answer && !(answer.returned? && answer.value == [])
      end
    end

    # Whether a case drawn to answer as MRI (Case#as_mri) did not, where MRI answered.
    def exact_not_mri?(kase, answer, mri)
      !mri.nil? && MriExact.judged?(kase, answer) && !MriExact.holds?(kase, answer, mri)
    end

    # The answer of the process that required the gem with the case's backend (FAST_RSA_ENGINE=stock)
    # must be the run-time switch's (stock's answer in process) or MRI's (its error class; as
    # closely as the case asks, where it asks), and never a Java exception or key material: a
    # finding on stock (its replay runs stock again), with that process's answer.
    def at_require_finding(kase, stock, references)
      answer = references.at_require
      return nil if answer.nil? || stock.nil? || stock.hang? || answer["raised"] == Hang.name

      Finding.new(:at_require, :stock, kase, answer, stock, references.mri) unless at_require_agrees?(kase, answer, stock, references)
    end

    # OpenSSL::PKey::EC is patched once a backend with an EC engine has been active (DIFFERENCES.md:
    # EC's rows hold "once EC is patched"): with FAST_RSA_ENGINE=stock at require its methods are
    # untouched stock's, Java exceptions and all.
    # (A Java exception's message names a class loader of its own process: its class is compared.)
    def ec_unpatched?(kase, answer, untouched)
      return false unless kase.method.start_with?("ec_") && untouched

      answer == untouched || (answer["raised"].to_s.start_with?("Java::") && answer["raised"] == untouched["raised"])
    end

    def at_require_agrees?(kase, answer, stock, references)
      mri = references.mri
      return true if ec_unpatched?(kase, answer, references.untouched)
      return false if answer["raised"].to_s.start_with?("Java::")
      return false if answer["message"] && KeyCorpus.secrets(kase.key_name).any? { |secret| answer["message"].include?(secret) }
      return MriExact.holds?(kase, answer, mri) if mri && MriExact.judged?(kase, answer)
      return true if stock.same_as?(answer)
      return true if random_bytes_deciphered?(kase, answer, stock)

      !mri.nil? && (answer == mri || (mri.key?("raised") && answer.key?("raised") && MriExact.error_class?(answer["raised"], mri["raised"])))
    end

    # PKCS7#decrypt with a key the envelope is not for: "bad decrypt", or about one time in 256 the
    # content deciphered with a random key, random bytes (DIFFERENCES.md: pkcs7-decrypt-bad-padding),
    # in the process that chose stock at require as in this one.
    def random_bytes_deciphered?(kase, answer, stock)
      kase.method == "pkcs7_decrypt" && answer.key?("returned") && stock.raised?(OpenSSL::PKCS7::PKCS7Error) && stock.message == "bad decrypt"
    end

    # Runs the case again as it ran (the backends that found something; stock again if it ran) and
    # keeps each finding that comes back, on the same backend. A hang of a group that has already
    # replayed on that backend is kept without running it again: each replay of a true hang leaves
    # one more thread spinning.
    def confirm(kase, references, answers, found)
      known, fresh = found.partition { |finding| finding.hang? && findings.confirmed?(finding) }
      known.each { |finding| findings.add(finding) }
      return if fresh.empty?

      findings.count("cases replayed")
      again = replaying { run_once(kase, run_stock: !answers.stock.nil?, backends: fresh.map(&:backend).uniq - [:stock]) }
      found_again = replaying { judged(kase, again, references) }
      fresh.each do |finding|
        replayed = found_again.any? { |other| other.kind == finding.kind && other.backend == finding.backend }
        replayed ? findings.add(finding) : findings.add_unreplayed(finding, again.of(finding))
      end
    end

    # The replay's counts are not the run's.
    def replaying
      @replaying = true
      yield
    ensure
      @replaying = false
    end

    def count(name, by = 1)
      findings.count(name, by) unless @replaying
    end

    # The finding's kind for one engine answer, or nil when it passes.
    def judge(kase, engine, stock, mri)
      return :hang if engine.hang?
      return :java_exception if engine.java?
      return (exact_not_mri?(kase, engine, mri) ? :not_mri_exact : nil) if mri && MriExact.judged?(kase, engine)
      return :repair_not_mri if repair_not_mri?(kase, engine, mri)
      # A key the engine declines goes to stock: a bad signature then is stock's, noted for stock.
      return :bad_signature if signature?(kase) && engine.check == false && engine.engine_ran
      return :bad_secret if secret?(kase) && engine.check == false && engine.engine_ran
      return nil unless stock # not run (quarantined, or left out of a replay)
      return lacking_in_stock(kase, engine, mri) if DocumentedDifferences.stock_lacks?(kase)
      if engine.same_as?(stock.summary)
        return engine.state_difference(stock).empty? ? stock_answer(kase, engine, mri) : :state_not_stock
      end

      if (row = DocumentedDifferences.find(kase, engine, stock, mri))
        count("documented: #{row.name}")
        return nil
      end

      mri && engine.as_mri?(mri) ? :undocumented_as_mri : :undocumented
    end

    # Disturbed, the call must give what it gives undisturbed, with the backend or with stock
    # (the answer of whichever backend it read).
    def undisturbed?(disturbed, undisturbed, stock)
      !disturbed.hang? && (disturbed.agrees_with?(undisturbed) || (!stock.nil? && disturbed.agrees_with?(stock)))
    end

    # Whether stock's answer in process (the gem with the backend :stock: its Ruby and Java around
    # stock's methods, which every backend shares) is neither untouched stock's nor MRI's (as_mri?:
    # the same bytes, or an error of the same class; a randomized output that checks the same).
    # The engines are judged against it (#judge), and their documented differences with it. Where
    # untouched stock lacks the method, leaks a Java exception or did not answer, #judge decides alone.
    def not_stock?(kase, answer, references)
      untouched = references.untouched
      return false if untouched.nil? || answer.hang? || DocumentedDifferences.stock_lacks?(kase)
      return false if untouched["raised"].to_s.start_with?("Java::") || untouched["raised"] == Hang.name
      return false if answer.returned? && DocumentedDifferences.crl_order_only?(kase, answer.value, untouched["returned"])

      !answer.as_mri?(untouched) && !(references.mri && answer.as_mri?(references.mri))
    end

    # An error whose words hold key material (KeyCorpus.secrets), whatever stock says.
    def shows_key?(kase, answer)
      answer.raised? && !answer.message.nil? && KeyCorpus.secrets(kase.key_name).any? { |secret| answer.message.include?(secret) }
    end

    # Whether the answer is MRI's, where MRI gave one.
    def as_mri?(answer, mri)
      mri.is_a?(Hash) && answer.as_mri?(mri)
    end

    # Stock's answer passes; a note when MRI's differs, but for a verification's yes that MRI does
    # not give: a lenient yes is a finding whoever answers it (DIFFERENCES.md, verify-strict-structures).
    def stock_answer(kase, engine, mri)
      return nil unless mri && !engine.as_mri?(mri)

      lenient_yes?(kase, engine, mri) ? :lenient_yes : :stock_not_mri
    end

    # A verification's true (PKCS7#verify answers [true, the data read out]) where MRI answers false
    # or raises OpenSSL's error (not one for the arguments' shape, such as a Symbol digest stock reads).
    def lenient_yes?(kase, engine, mri)
      verification = PATCHED_METHODS.fetch(kase.method).output == :boolean && kase.method.match?(/verify/)
      yes = engine.returned? && (engine.value == true || (engine.value.is_a?(Array) && engine.value.first == true))
      refused = mri["returned"] == false || (mri["returned"].is_a?(Array) && mri["returned"].first == false) || mri["raised"].to_s.start_with?("OpenSSL::")
      verification && yes && refused
    end

    def lacking_in_stock(kase, engine, mri)
      count("documented: #{DifferencesDocument.description(DocumentedDifferences::STOCK_LACKS.fetch(kase.method))}")
      return nil if mri.nil? || engine.as_mri?(mri)
      return :not_mri unless (row = DocumentedDifferences.find(kase, engine, Result.stock_lacks, mri))

      count("documented: #{row.name}")
      nil
    end

    def stock_result(kase)
      if DocumentedDifferences.stock_never_returns?(kase)
        Result.new(Outcome.new(nil, Hang.new("stock never returns here (documented): not called")), false, nil)
      else
        result(:stock, kase, probe_randomness: true)
      end
    end

    # What stock did wrong, as a note's kind, or nil. A signature that does not open where MRI's
    # does not either (an EC key whose point is not its scalar's) is the key's doing, not stock's.
    def stock_note(kase, stock, mri)
      return nil if DocumentedDifferences.stock_never_returns?(kase)

      if stock.hang? then :stock_hang
      elsif stock.java? then :stock_java_exception
      elsif repair_not_mri?(kase, stock, mri) then :repair_not_mri
      elsif signature?(kase) && stock.check == false && !as_mri?(stock, mri) then :stock_bad_signature
      elsif secret?(kase) && stock.check == false && !as_mri?(stock, mri) then :stock_bad_secret
      end
    end

    # A structure method's Java failure that the gem turned into a Ruby error (with the backend
    # :stock too: the call the runner names stock is the gem's) must be MRI's error, where MRI
    # raises: the structure's class, or TypeError. An EC method's must be MRI's answer: where MRI
    # raises, its class or the method's failure as DIFFERENCES.md's java-exception row names it
    # (DocumentedDifferences.ec_method_failure?); where MRI answers, that answer on a backend with an
    # EC engine, and the method's failure on one without (stock's arithmetic). (An RSA method's
    # keeps stock's message as RSAError where MRI raises: DIFFERENCES.md, java-exception.)
    def repair_not_mri?(kase, answer, mri)
      return false unless answer.repaired && answer.raised? && !answer.hang? && mri.is_a?(Hash) && !answer.as_mri?(mri)
      if kase.ec?
        return false if DocumentedDifferences.repair_not_mri?(kase, answer, mri)

        return (!mri.key?("raised") && answer.ec_engine) || !DocumentedDifferences.ec_method_failure?(kase, answer)
      end

      PATCHED_METHODS.fetch(kase.method).class_receiver == "Fuzz::StructureCalls" && mri.key?("raised") &&
        !DocumentedDifferences.repair_not_mri?(kase, answer, mri)
    end

    def result(backend, kase, probe_randomness: false, disturbed: false)
      count("cases run on #{backend}#{' under a disturbance' if disturbed}")
      StructureCalls.take_state # what an earlier call left
      work = engine_work
      repairs = FastRsaEngine::Native.java_repairs
      answer = Result.of(kase, probe_randomness: probe_randomness) { bounded(backend, kase, disturbed) }
      answer.engine_ran = engine_work != work
      answer.repaired = FastRsaEngine::Native.java_repairs > repairs
      answer.ec_engine = ec_engine?(backend)
      answer.state = StructureCalls.take_state
      count("signatures not checkable (padding or digest)") if signature?(kase) && answer.returned? && answer.check.nil?
      answer
    end

    # Whether the backend has an EC engine: asked once per backend (a switch costs a call).
    def ec_engine?(backend)
      (@ec_engines ||= {}).fetch(backend) { @ec_engines[backend] = Backends.with(backend) { FastRsaEngine::Native.ec? } }
    end

    def signature?(kase)
      %i[signature ec_signature].include?(PATCHED_METHODS.fetch(kase.method).output)
    end

    def secret?(kase)
      PATCHED_METHODS.fetch(kase.method).output == :secret
    end

    # The call with the case's split setting (Case#split), the run's restored after it.
    def with_split(setting)
      before = FastRsaEngine.split
      FastRsaEngine.split = setting || before
      yield
    ensure
      FastRsaEngine.split = before
    end

    # What the engines have computed in this JVM: RSA's raw operations, and the calls the EC engine
    # answered (counted in the stats only).
    def engine_work
      [FastRsaEngine::Native.engine_operations, FastRsaEngine.stats[:calls].sum { |name, counts| name.to_s.start_with?("ec_") ? counts[:engine] : 0 }]
    end

    # One call within its CallBound: an engine's bound also allows for what stock's call of the
    # same case took. Stock's CPU time is kept for the engines' calls that follow.
    def bounded(backend, kase, disturbed)
      bound = CallBound.new(@cpu_bound, stock_cpu: (@stock_cpu unless backend == :stock))
      answer = Backends.with(backend) do
        with_split(kase.split) do
          receiver = kase.receiver
          call = -> { @worker.call(bound) { kase.call(receiver) } }
          disturbed ? Disturbance.during(kase.disturbance, backend, receiver, &call) : call.call
        end
      end
      @stock_cpu = [@stock_cpu || 0, answer.cpu].max if backend == :stock
      return answer.outcome unless answer.stuck?

      stuck(backend, kase)
      Outcome.new(nil, Hang.new(bound.describe(answer.wall, answer.cpu)))
    end

    # The worker spins on in Java; a new one takes the next call. Stuck threads would also keep
    # JRuby from exiting: the process then ends hard at exit, with the status it had.
    def stuck(backend, kase)
      at_exit { exit_hard } if @stuck.zero?
      @stuck += 1
      @worker.abandon
      @worker = BoundedWorker.new
      @quarantine << (Runner.blames_key?(kase) ? [backend, kase.key] : [backend, *call_shape(kase)])
    end

    def exit_hard
      # exit! skips Ruby's report of the error that ends the run: print it here.
      warn $!.full_message if $! && !$!.is_a?(SystemExit)
      $stdout.flush
      $stderr.flush
      exit!($!.is_a?(SystemExit) ? $!.status : ($! ? 1 : 0))
    end

    # After a hang, the backend skips the key it blames, or else calls of the same shape with any key.
    def quarantined?(backend, kase)
      @quarantine.include?([backend, kase.key]) || @quarantine.include?([backend, *call_shape(kase)])
    end

    # A call's shape: the method, and its arguments' types and sizes; for key generation, the
    # key size's alone (a size stock's prime search cannot meet hangs whatever the exponent).
    def call_shape(kase)
      key_size = PATCHED_METHODS.fetch(kase.method).key_size
      [kase.method, Value.shape(key_size ? key_size.call(kase.args) : kase.args)]
    end

    def stop(kase)
      findings.add(Finding.new(:stuck, :all, kase, nil, nil, nil))
      findings
    end
  end
end
