# frozen_string_literal: true

module Fuzz
  # What went wrong with the engine on one call (kind), with the case and the answers: the
  # engine's and stock's Results, MRI's summary (nil when there is none), and for a call under a
  # disturbance, the same backend's answer undisturbed.
  Finding = Struct.new(:kind, :backend, :kase, :engine, :stock, :mri, :undisturbed) do
    # Findings of one mechanism share this line: the kind, and the crafted key for what keys
    # cause, the exception and method for a Java exception, the case's traits (a frozen receiver...)
    # and what the engine did for a difference the traits bring, else the method and what each side did.
    def group
      title = Findings::KINDS.fetch(kind)
      traits = kase.traits.map { |trait| ", #{trait}" }.join
      case kind
      when :hang, :bad_signature, :bad_secret then "#{title}: #{Runner.blames_key?(kase) ? "key #{kase.key}" : kase.method}#{traits}"
      when :java_exception then "#{title}: #{short(engine)} from #{kase.method}#{traits}"
      when :state_not_stock then "#{title}: #{kase.method}#{traits}, read by #{engine.state_difference(stock).join(', ')}"
      when :disturbed then "#{title}: #{kase.method} while another thread #{Disturbance::KINDS.fetch(kase.disturbance)}; " \
                           "engine #{short(engine)}, undisturbed #{short(undisturbed)}"
      when :not_mri_exact, :at_require then "#{title}: #{kase.method}#{about_case}; #{backend == :stock ? 'stock' : 'engine'} " \
                                            "#{MriExact.words(summary(engine))}, MRI #{MriExact.words(mri)}"
      when :forgery_oracle then "#{title}: #{MriExact.envelope(kase)['cipher']}, certificate #{ForgeryMessages.certificate(kase)}: " \
                                "#{backend} #{engine.inspect}, MRI #{mri.inspect}"
      when :provider_not_jdk then "#{title}: #{provider_difference}"
      else
        return "#{title}#{traits}: engine #{short(engine)}" if engine && !traits.empty?

        "#{title}: #{kase.method}; #{"#{backend == :stock ? 'stock' : 'engine'} #{short(engine)}, " if engine}" \
          "#{kind == :not_stock ? 'untouched stock' : 'stock'} #{short(stock)}, MRI #{short(mri)}"
      end
    end

    # Whether the call the finding is about did not finish: the engine's (stock's, for a note on
    # stock alone); a :not_stock finding's answer is in engine whatever its backend, untouched
    # stock's summary in stock.
    def hang?
      answer = engine || stock
      answer.is_a?(Result) ? answer.hang? : false # another process's summary, or a run's messages, did not hang here
    end

    def details
      return ["  e.g. #{kase}", "    bin/fuzz --replay '#{kase.to_json}'"].join("\n") if kind == :forgery_oracle

      ["  #{kase}", *("    #{backend}: #{engine}" if engine), *("    #{backend} undisturbed: #{undisturbed}" if undisturbed),
       "    #{kind == :not_stock ? 'untouched stock' : 'stock'}: #{stock || 'not run'}", "    MRI: #{mri ? mri.to_json[0, 200] : 'no answer'}",
       "    bin/fuzz --replay '#{kase.to_json}'"].join("\n")
    end

    private

    def summary(answer)
      answer.is_a?(Result) ? answer.summary : answer
    end

    # What the reach drew, in words: the envelope written, or the point of a Group alone.
    def about_case
      envelope = MriExact.envelope(kase)
      return " of an envelope (#{Envelopes.mechanism(envelope)}), #{certificate_words}" if envelope
      return "" unless kase.as_mri
      return " of the Point of a Group alone" if kase.method == "ec_dh_compute_key"
      return " of a signature not in DER" if kase.method.start_with?("ec_")
      return " with no issuer" if kase.method == "crl_sign" && kase.keywords

      kase.method == "ocsp_basic_response_sign" ? " with OCSP::RESPID_KEY" : ""
    end

    def certificate_words
      kase.args[2].is_a?(Hash) ? "with the key's certificate" : "without certificate"
    end

    # The provider's first call that differs from the JDK's: the algorithm, the call, and each side's outcome.
    def provider_difference
      return "#{kase.args[0]}: the script #{short(engine)}" unless engine.returned?

      _index, call, jdk, provider, after_error = engine.value
      "#{kase.args[0]}: #{call.first}#{' on an object reused after an error' if after_error}; JDK #{jdk.inspect[0, 120]}, provider #{provider.inspect[0, 120]}"
    end

    def short(answer)
      return "-" if answer.nil?

      summary = answer.is_a?(Result) ? answer.summary : answer
      return "returned #{summary.inspect}" unless summary.is_a?(Hash) # an MRI answer that is a bare value
      return "did not finish" if summary["raised"] == Hang.name
      return summary["raised"] if summary.key?("raised")

      summary["returned"] == true || summary["returned"] == false ? "returned #{summary['returned']}" : "returned"
    end
  end

  # The findings of a run, grouped by mechanism: failures, what stock did wrong (notes, not
  # failures), and findings that did not come back when their case ran again (not replayed:
  # neither failures nor notes, listed so that a flaky engine or machine shows).
  class Findings
    KINDS = {
      hang: "no answer (stuck, not slow: see CallBound)", java_exception: "Java exception", bad_signature: "signature that does not open",
      bad_secret: "ECDH secret that is not the scalar times the peer's point (MRI's)",
      undocumented: "undocumented difference from stock, not MRI's answer either",
      undocumented_as_mri: "undocumented difference from stock (MRI's answer)", not_mri: "not MRI's answer",
      not_stock: "neither untouched stock's answer (JRuby without the gem) nor MRI's",
      disturbed: "another answer under concurrency", key_in_message: "key material in an error's message", state_not_stock: "another state left in the object signed than stock's",
      repair_not_mri: "a Java failure the gem repaired, not into MRI's error class", stuck: "run stopped: too many calls still running",
      stock_java_exception: "stock leaks a Java exception", stock_hang: "stock gives no answer (stuck, not slow)",
      stock_bad_signature: "stock's signature does not open", stock_bad_secret: "stock's ECDH secret is not the scalar times the peer's point",
      stock_not_mri: "the engine keeps stock's answer, MRI's differs",
      lenient_yes: "a verification's true where MRI's is false or an error (stock's too, kept by no one)",
      not_mri_exact: "not MRI's answer where stock's is no excuse (Fuzz::MriExact)",
      at_require: "with FAST_RSA_ENGINE=stock at require, neither the answer of FastRsaEngine.backend = :stock nor MRI's",
      forgery_oracle: "more distinct errors to forged envelopes than MRI's (a padding oracle)",
      provider_not_jdk: "the JCA provider answers otherwise than the JDK's own"
    }.freeze

    attr_reader :failures, :notes, :unreplayed, :counts

    def initialize
      @failures = []
      @notes = []
      @unreplayed = []
      @counts = Hash.new(0)
    end

    def add(finding)
      (finding.kind.start_with?("stock_") ? @notes : @failures) << finding
    end

    # A finding whose case, run again, did not give it: with what the call gave the second time.
    def add_unreplayed(finding, replayed)
      @unreplayed << [finding, replayed]
    end

    # Whether a finding of this group on this backend has been kept already.
    def confirmed?(finding)
      (@failures + @notes).any? { |kept| kept.backend == finding.backend && kept.group == finding.group }
    end

    def count(name, by = 1)
      @counts[name] += by
    end

    def report
      [*counts.sort.map { |name, number| "#{name}: #{number}" },
       *section("FINDINGS", failures), *section("notes (stock's problems, kept by the engine)", notes, details: false),
       *not_replayed].join("\n")
    end

    private

    def list(findings, &attribute)
      values = findings.map(&attribute).uniq
      values.take(8).join(", ") + (values.size > 8 ? ", ..." : "")
    end

    def section(title, findings, details: true)
      return ["#{title}: none"] if findings.empty?

      groups = findings.group_by(&:group).sort_by { |_, members| -members.size }
      ["#{title}: #{findings.size} in #{groups.size} groups"] + groups.map do |group, members|
        line = "[#{members.size}x on #{list(members, &:backend)}] #{group}"
        next "#{line}\n  e.g. #{members.first.kase}" unless details

        "#{line}\n  methods: #{list(members) { |f| f.kase.method }}; keys: #{list(members) { |f| f.kase.key_name }}\n#{members.first.details}"
      end
    end

    def not_replayed
      return ["did not replay (found once, not when the case ran again; not counted): none"] if unreplayed.empty?

      ["did not replay (found once, not when the case ran again; not counted): #{unreplayed.size}"] +
        unreplayed.map do |finding, replayed|
          "[#{finding.backend}] #{finding.group}\n#{finding.details}\n    again: #{replayed || 'not run'}"
        end
    end
  end
end
