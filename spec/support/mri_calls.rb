# frozen_string_literal: true

# Calls that JRuby and MRI (in a process of its own, spec/support/mri.rb) both make and compare:
# arguments that travel as JSON, and answers as JSON. An MRI script requires this file by path.
module MriCalls
  PATH = __FILE__

  module_function

  # A value as JSON carries it: a String is itself; ["sym", s] a Symbol, ["int", n] an Integer, ["nil"] nil.
  def value(spec)
    return spec unless spec.is_a?(Array)

    { "sym" => -> { spec[1].to_sym }, "int" => -> { spec[1] }, "nil" => -> {} }.fetch(spec[0]).call
  end

  # An options Hash from its pairs, in order.
  def options(pairs)
    pairs.to_h { |key, val| [value(key), value(val)] }
  end

  # What the block did: {"hex" => its bytes}, {"value" => true/false}, or {"raised" => class, "message" => message}.
  def answer
    result = yield
    result.is_a?(String) ? { "hex" => result.unpack1("H*") } : { "value" => result }
  rescue StandardError => e
    { "raised" => e.class.name, "message" => e.message }
  end
end
