# frozen_string_literal: true

require "openssl"

module Fuzz
  # Arguments as plain JSON data, so that a case prints as one line, replays, and runs the same
  # under MRI. Numbers, nil, booleans, text Strings and Arrays stand for themselves; the rest is
  # a one-entry Hash naming what it stands for.
  module Value
    module_function

    def bytes(string)
      { "bytes" => string.unpack1("H*") }
    end

    def frozen(string)
      { "frozen" => string.unpack1("H*") }
    end

    def symbol(name)
      { "symbol" => name.to_s }
    end

    def digest_object(name)
      { "digest" => name }
    end

    # An OpenSSL::Digest of one algorithm whose subclass overrides #name: to answer another
    # digest's name, or (claimed nil) to raise. Only the algorithm may count, as MRI reads it.
    def digest_named(algorithm, claimed)
      { "digest_named" => [algorithm, claimed] }
    end

    # A key of the corpus, by name (Fuzz::KeyCorpus), as an argument.
    def key(name)
      { "key" => name }
    end

    # An OpenSSL::PKey::EC::Point of a curve (by OpenSSL's name): its octets as OpenSSL writes them
    # uncompressed, given compressed when asked; "00" is infinity (EC::Point#set_to_infinity!, which
    # both Rubies take: stock's parser fails in Java on the octet 00), "" the Point of a Group alone
    # (MRI's is infinity, stock's the generator).
    def ec_point(curve, octets, compressed: false)
      { "ec_point" => [curve, octets.unpack1("H*"), compressed] }
    end

    # An OpenSSL::PKey::EC::Group, by its curve's name.
    def ec_group(curve)
      { "ec_group" => curve }
    end

    # A certificate argument of a structure method, made for the call's key (StructureCalls::Signer).
    def certificate(form)
      { "certificate" => form }
    end

    # A PKCS#7 envelope's DER, built by Fuzz::Envelopes, with what it is (a Hash of plain data):
    # PKCS7#decrypt's receiver, as StructureCalls.pkcs7_decrypt reads it.
    def envelope(der, description)
      { "envelope" => [der.unpack1("H*"), description] }
    end

    def hash(pairs)
      { "hash" => pairs.to_a }
    end

    # The Ruby object a value stands for; fresh on every call, so no call sees another's changes.
    def decode(value)
      case value
      when Array then value.map { |item| decode(item) }
      when Hash then decode_tagged(*value.first)
      when String then value.dup
      else value
      end
    end

    def decode_tagged(tag, content)
      case tag
      when "bytes" then [content].pack("H*")
      when "frozen" then [content].pack("H*").freeze
      when "symbol" then content.to_sym
      when "digest" then digest(content)
      when "digest_named" then misnamed_digest(*content)
      when "hash" then content.to_h { |key, item| [decode(key), decode(item)] }
      when "key" then KeyCorpus.key(content)
      when "certificate" then StructureCalls::Signer.new(content)
      when "ec_point" then point(*content)
      when "ec_group" then OpenSSL::PKey::EC::Group.new(content)
      when "envelope" then StructureCalls::Envelope.new([content[0]].pack("H*"), content[1])
      else raise ArgumentError, "unknown value tag #{tag.inspect}"
      end
    end

    # A digest object of the name. Where MRI makes none (DSS1, which JRuby still knows), MRI is given
    # the name: its answer to the nearest call it can make, so that what a call checks before the
    # digest (a key that is no private key) stays MRI's to judge.
    def digest(name)
      OpenSSL::Digest.new(name)
    rescue RuntimeError
      raise unless RUBY_ENGINE == "ruby"

      name
    end

    def misnamed_digest(algorithm, claimed)
      subclass = Class.new(OpenSSL::Digest) do
        define_method(:name) { claimed || raise(NoMethodError, "this digest's #name raises") }
      end
      subclass.new(algorithm)
    end

    def point(curve, hex, compressed)
      group = OpenSSL::PKey::EC::Group.new(curve)
      return OpenSSL::PKey::EC::Point.new(group) if hex.empty?
      return OpenSSL::PKey::EC::Point.new(group).set_to_infinity! if hex == "00"

      octets = [hex].pack("H*")
      octets = EcCurves.encode(EcCurves[curve], EcCurves.decode(EcCurves[curve], octets), compressed: true) if compressed
      OpenSSL::PKey::EC::Point.new(group, octets)
    end

    # The value with binary Strings reduced to their length and Integers to their bit length:
    # values that differ only in their bytes, or in numbers of one size, share it.
    def shape(value)
      case value
      when Integer then "#{value.negative? ? '-' : ''}#{value.bit_length}-bit Integer"
      when Array then value.map { |item| shape(item) }
      when Hash
        tag, content = value.first
        case tag
        when "bytes", "frozen" then { "bytes" => content.size / 2 }
        when "hash" then { "hash" => shape(content) }
        when "ec_point" then { "ec_point" => [content[0], content[1].size / 2, content[2]] }
        when "envelope" then { "envelope" => content[1] }
        else value
        end
      else value
      end
    end

    # Short and readable: binary Strings by their length, the rest by inspect.
    def show(value)
      case value
      when Array then "[#{value.map { |item| show(item) }.join(', ')}]"
      when Hash
        return show_tagged(*value.first) unless value.first.first == "hash"

        "{#{value['hash'].map { |key, item| "#{show(key)} => #{show(item)}" }.join(', ')}}"
      else value.inspect
      end
    end

    def show_tagged(tag, content)
      case tag
      when "bytes", "frozen" then "#{tag == 'frozen' ? 'frozen ' : ''}#{content.size / 2} bytes#{content.size <= 16 ? " #{content}" : ''}"
      when "symbol" then ":#{content}"
      when "digest" then "Digest(#{content})"
      when "key" then "key(#{content})"
      when "certificate" then "certificate(#{content})"
      when "ec_point" then "Point(#{content[0]}, #{{ '' => 'of the Group alone', '00' => 'infinity' }.fetch(content[1]) { "#{content[2] ? 'compressed' : content[1].size / 2} bytes" }})"
      when "ec_group" then "Group(#{content})"
      when "digest_named" then "Digest(#{content[0]}, #{content[1] ? "named #{content[1]}" : 'its name raises'})"
      when "envelope" then "envelope(#{Envelopes.describe(content[1])})"
      end
    end
  end
end
