# frozen_string_literal: true

require "json"

module Fuzz
  # One call to make: a patched method, a key of the corpus (nil for key generation, a call on the
  # class), and the arguments as Fuzz::Value data.
  # Its JSON line is the reproducer (bin/fuzz --replay LINE).
  Case = Struct.new(:method, :key, :args, :keywords) do
    def self.from_json(line)
      data = JSON.parse(line)
      new(data.fetch("method"), data["key"], data.fetch("args"), data["keywords"])
    end

    def to_json(*)
      JSON.generate(to_h.transform_keys(&:to_s).compact)
    end

    def call
      receiver.public_send(method, *Value.decode(args), **(keywords ? Value.decode(keywords) : {}))
    end

    def receiver
      key ? KeyCorpus.key(key) : OpenSSL::PKey::RSA
    end

    # Whether the key is one of the crafted ones, whose numbers do not agree.
    def crafted_key?
      !key.nil? && !KeyCorpus.sound.key?(key)
    end

    def to_s
      keyword_text = keywords ? ", **#{Value.show(keywords)}" : ""
      "#{key || 'OpenSSL::PKey::RSA'}.#{method}(#{args.map { |arg| Value.show(arg) }.join(', ')}#{keyword_text})"
    end
  end
end
