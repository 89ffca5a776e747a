# frozen_string_literal: true

module Fuzz
  # Cases whose answer must be MRI's whatever stock answers (Case#as_mri, set by the reaches that
  # aim at a class of defect where stock's answer is no excuse: an oracle, a malleable encoding, a
  # point MRI refuses): the runner judges them against MRI alone, not against stock, and a
  # difference is a finding, not a note. "answer": MRI's bytes or true or false, and where MRI
  # refuses (raises), a refusal (an error of any class, or false: what the reach asks is whether
  # the gem takes what MRI refuses, not how it words it); "message": MRI's answer, its error's class and words. A forged envelope opens, in OpenSSL, to a random content key
  # (its defence against Bleichenbacher's attack): "bad decrypt", or one time in about 256 random
  # bytes; any of these answers stands for any other.
  module MriExact
    module_function

    # Whether the answer (a Result, or a summary from another process) is judged so: EC's cases
    # only where the backend has an EC engine (stock's arithmetic keeps stock's answer).
    def judged?(kase, answer)
      !kase.as_mri.nil? && (!kase.ec? || (answer.is_a?(Result) && answer.ec_engine))
    end

    # Whether the answer is MRI's, as closely as the case asks.
    def holds?(kase, answer, mri)
      summary = answer.is_a?(Result) ? answer.summary : answer
      return true if mri.nil? || summary == mri || empty_issuer_refused?(kase, summary)
      return random_key?(kase, summary) && random_key?(kase, mri) if envelope(kase)
      return false if kase.as_mri == "message" || !mri.key?("raised")

      summary.key?("raised") || summary["returned"] == false
    end

    # JRuby 10.1's Bouncy Castle (1.85) builds no CRL whose issuer is the empty Name, which MRI signs
    # (DIFFERENCES.md java-exception): stock's own CRLError is the answer there, documented.
    def empty_issuer_refused?(kase, summary)
      kase.method == "crl_sign" && summary["raised"] == "OpenSSL::X509::CRLError" && summary["message"] == "issuer is an empty distinguished name"
    end

    # An answer to an envelope opened with a random content key: "bad decrypt", or bytes that are not the content.
    def random_key?(kase, summary)
      return summary["returned"] != Envelopes::PLAINTEXT.unpack1("H*") if summary.key?("returned")

      summary["raised"] == "OpenSSL::PKCS7::PKCS7Error" && summary["message"] == "bad decrypt"
    end

    # The class raised is MRI's, or one of its subclasses.
    def error_class?(name, mri_name)
      return true if name == mri_name
      return false unless Object.const_defined?(name) && Object.const_defined?(mri_name)

      Object.const_get(name) <= Object.const_get(mri_name)
    rescue NameError # a Java exception's name
      false
    end

    # The description of the case's envelope (Fuzz::Envelopes), when it is one the generator wrote.
    def envelope(kase)
      return nil unless kase.method == "pkcs7_decrypt" && kase.args[0].is_a?(Hash)

      kase.args[0]["envelope"]&.last
    end

    # A message's first line, short, and never a PEM it holds (stock's CRLError once held the private key's).
    def message_words(message)
      words = message.include?("-----BEGIN") ? "#{message[/\A.*?(?=-----BEGIN)/m]}<a PEM: key material>" : message.lines.first.to_s.chomp
      words.size > 200 ? "#{words[0, 200]}..." : words
    end

    # An answer in words: what it returned, or its error's class and message.
    def words(summary)
      return "-" if summary.nil?
      return "did not finish" if summary["raised"] == Hang.name
      return "#{summary['raised']}: #{message_words(summary['message'].to_s)}" if summary.key?("raised")
      return "returned a randomized output" if summary.key?("randomized")

      value = summary["returned"]
      return "returned #{value}" unless value.is_a?(String)

      value == Envelopes::PLAINTEXT.unpack1("H*") ? "returned the content" : "returned #{value.size / 2} bytes"
    end
  end
end
