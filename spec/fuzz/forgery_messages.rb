# frozen_string_literal: true

module Fuzz
  # The padding-oracle check across cases: the errors each backend (and MRI) answered to forged
  # envelopes (Fuzz::Envelopes.forged?: no key opens their block to the content key), by content
  # cipher and certificate argument (the key's own, nil, none: an error that answers the argument,
  # not the padding, is no oracle). A forger learns from the answers only what tells them apart: a backend that answers
  # more distinct errors to forgeries of one cipher than MRI does tells bad padding from good
  # padding with a wrong key (Bleichenbacher's oracle), whatever MRI's words are (MRI's OpenSSL 3
  # lacks RC2, and answers every RC2 envelope "decrypt error": one answer still).
  class ForgeryMessages
    def initialize
      @messages = Hash.new { |hash, key| hash[key] = {} } # [who, cipher, certificate] => message => a case answering it
    end

    # Notes an answer (a Result, or MRI's summary) to the case, if its envelope is forged.
    def record(kase, who, answer)
      description = MriExact.envelope(kase)
      return unless description && Envelopes.forged?(description) && answer

      summary = answer.is_a?(Result) ? answer.summary : answer
      return unless summary.key?("raised") && summary["raised"] != Hang.name

      @messages[[who, description["cipher"], ForgeryMessages.certificate(kase)]][MriExact.words(summary)] ||= kase
    end

    # The certificate argument as drawn: the key's own, nil, or none.
    def self.certificate(kase)
      return "none" if kase.args.size < 3

      kase.args[2].nil? ? "nil" : "the key's own"
    end

    # A Finding for each backend and cipher with more distinct errors than MRI's for the same cipher.
    def findings
      @messages.filter_map do |(who, cipher, certificate), messages|
        mri = @messages.fetch([:mri, cipher, certificate], {})
        next if who == :mri || mri.empty? || messages.size <= mri.size

        Finding.new(:forgery_oracle, who, messages.values.first, messages.keys, nil, mri.keys)
      end
    end
  end
end
