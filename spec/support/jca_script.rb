# frozen_string_literal: true

# One scripted sequence of JCA calls and what each call did, for comparing two providers call by
# call: a call's result in a comparable form (bytes as hex, a boolean, a number, AlgorithmParameters
# by their encoding, an engine object as :object), or the exception it threw (class and message),
# after which the sequence stops, as Java code would, or goes on where the script says so (Java
# code that catches it: what an object does after a refusal is compared too). A randomized result
# (a PSS signature, an OAEP or PKCS#1 encryption) is recorded as what the JDK makes of it:
# `randomized` takes the check.
class JcaScript
  attr_reader :calls

  # The outcomes of the script's calls, up to and including the first that threw.
  def self.run
    script = new
    catch(:threw) { yield script }
    script.calls
  end

  def initialize
    @calls = []
  end

  # Runs one call, records its result, and returns it for the calls after it.
  def call(label)
    value = yield
    @calls << [label, comparable(value)]
    value
  rescue Exception => e # Java exceptions too: they are what is compared
    @calls << [label, :threw, *JcaScript.described(e)]
    throw :threw
  end

  # One call that may throw, after which the script goes on; its result, nil where it threw.
  def attempt(label, &block)
    going_on { call(label, &block) }
  end

  # Calls after the first of which that throws the script goes on; their result, nil where one threw.
  def going_on
    catch(:threw) { return yield }
    nil
  end

  # A randomized result, recorded as what check (the JDK's verification or decryption of it) says.
  def randomized(label, check, &block)
    bytes = call_unrecorded(label, &block)
    @calls << [label, :randomized, JcaScript.checked { check.call(bytes) }]
    bytes
  end

  # What a check said: its comparable result, or the exception it threw.
  def self.checked
    value = yield
    value.is_a?(String) ? value.unpack1("H*") : value
  rescue Exception => e # a check that throws says so, comparably
    [:threw, *described(e)]
  end

  # An exception's class and message (a Java exception's own getMessage).
  def self.described(error)
    message = defined?(Java::JavaLang::Throwable) && error.is_a?(Java::JavaLang::Throwable) ? error.getMessage : error.message
    [error.class.name, message]
  end

  private

  def call_unrecorded(label)
    yield
  rescue Exception => e # as in call
    @calls << [label, :threw, *JcaScript.described(e)]
    throw :threw
  end

  def comparable(value)
    case value
    when nil, true, false, Integer, String, Symbol then value
    else java_comparable(value)
    end
  end

  def java_comparable(value)
    return String.from_java_bytes(value).unpack1("H*") if value.is_a?(Java::byte[])
    return value.getEncoded.then { |bytes| [value.getAlgorithm, String.from_java_bytes(bytes).unpack1("H*")] } if value.is_a?(java.security.AlgorithmParameters)
    return [value.getAlgorithm, value.getFormat, String.from_java_bytes(value.getEncoded).unpack1("H*")] if value.is_a?(java.security.Key)

    :object
  end
end
