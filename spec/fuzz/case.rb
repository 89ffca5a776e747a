# frozen_string_literal: true

require "json"

module Fuzz
  # One call to make: a patched method, a key of the corpus (nil for key generation, a call on a
  # module), and the arguments as Fuzz::Value data. Two more, where drawn: `frozen`, the receiver
  # frozen ("key": the key itself, "dup": a frozen copy of it); `disturbance`, what another thread
  # does during the call on JRuby (see Fuzz::Disturbance; MRI answers the call alone); `required`,
  # a backend the case also runs with in a process that chose it at require (FAST_RSA_ENGINE=stock:
  # Fuzz::Reference.at_require), beside the run-time switch; `as_mri`, how closely the answer must
  # be MRI's whatever stock answers ("answer": its bytes or error class; "message": its error's
  # words too; see Fuzz::MriExact); `split`, "off" for a call made with FastRsaEngine.split = :off
  # (nil: the split as the run has it, on where the JVM has a second core).
  # Its JSON line is the reproducer (bin/fuzz --replay LINE).
  Case = Struct.new(:method, :key, :args, :keywords, :frozen, :disturbance, :required, :as_mri, :split) do
    def self.from_json(line)
      data = JSON.parse(line)
      new(data.fetch("method"), data["key"], data.fetch("args"), data["keywords"], data["frozen"], data["disturbance"], data["required"], data["as_mri"], data["split"])
    end

    def to_json(*)
      JSON.generate(to_h.transform_keys(&:to_s).compact)
    end

    # The call, on a fresh receiver unless given one (a Disturbance needs to hold it).
    def call(on = receiver)
      on.public_send(PATCHED_METHODS.fetch(method).called, *Value.decode(args), **(keywords ? Value.decode(keywords) : {}))
    end

    def receiver
      return PATCHED_METHODS.fetch(method).receiver unless key

      key_object = KeyCorpus.key(key)
      case frozen
      when "key" then key_object.freeze
      when "dup" then key_object.dup.freeze
      else key_object
      end
    end

    # What sets the case apart that a finding may owe to it: a frozen receiver, a misnamed digest.
    def traits
      [("on a frozen receiver" if frozen), ("with a misnamed OpenSSL::Digest" if to_json.include?('"digest_named"'))].compact
    end

    # Whether the key is one of the crafted ones, whose numbers do not agree (or an odd EC key): the
    # receiver, or the key argument of a structure method (Fuzz::StructureCalls).
    def crafted_key?
      !key_name.nil? && !KeyCorpus.sound?(key_name)
    end

    # Whether the call is OpenSSL::PKey::EC's.
    def ec?
      PATCHED_METHODS.fetch(method).ec?
    end

    def key_name
      key || args.find { |arg| arg.is_a?(Hash) && arg.key?("key") }&.fetch("key")
    end

    def to_s
      keyword_text = keywords ? ", **#{Value.show(keywords)}" : ""
      "#{receiver_text}.#{PATCHED_METHODS.fetch(method).called}(#{args.map { |arg| Value.show(arg) }.join(', ')}#{keyword_text})" \
        "#{" while another thread #{Disturbance::KINDS.fetch(disturbance)}" if disturbance}" \
        "#{" (also with FAST_RSA_ENGINE=#{required} at require)" if required}" \
        "#{' with FastRsaEngine.split = :off' if split}"
    end

    private

    def receiver_text
      return PATCHED_METHODS.fetch(method).class_receiver unless key

      { "key" => "#{key}.freeze", "dup" => "#{key}.dup.freeze" }.fetch(frozen, key)
    end
  end
end
