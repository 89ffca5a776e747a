# frozen_string_literal: true

require "stringio"

# Everything a caller can read from a structure (certificate, CSR, CRL, OCSP response and request,
# PKCS#7), as plain data that compares across backends: after a structure method the gem routes,
# each reader must give what stock's leaves there. A reader this Ruby lacks is left out; one that
# raises reads as its error.
module StructureReaders
  module_function

  READERS = {
    "OpenSSL::X509::Certificate" => %i[to_der to_pem to_text signature_algorithm extensions subject issuer serial not_before
                                        not_after version public_key inspect],
    "OpenSSL::X509::Request" => %i[to_der to_pem signature_algorithm attributes subject version public_key],
    "OpenSSL::X509::CRL" => %i[to_der to_pem to_text signature_algorithm extensions revoked issuer last_update next_update version],
    "OpenSSL::OCSP::BasicResponse" => %i[to_der status responses],
    "OpenSSL::OCSP::Request" => %i[to_der certid signed?],
    "OpenSSL::PKCS7" => %i[to_der to_pem type detached? data signers certificates crls error_string]
  }.freeze

  # Readers that show the time of signing (an OCSP response's producedAt, a PKCS#7 signer's
  # signing time), which two calls a second apart read differently.
  TIME_HELD = { "OpenSSL::OCSP::BasicResponse" => %i[to_der], "OpenSSL::PKCS7" => %i[to_der to_pem signers] }.freeze

  # Readers that show the signature, which an ECDSA signature makes random: two signings of one
  # structure with one EC key differ there alone.
  SIGNATURE_HELD = %i[to_der to_pem to_text signers].freeze

  # (jruby-openssl's X509::Request#to_text only warns that it is not implemented.)
  # Reader name => what it read, for every reader of the object's class.
  def of(object, except: [])
    (readers_of(object) - except).select { |name| object.respond_to?(name) }.to_h { |name| [name.to_s, read { object.public_send(name) }] }
  end

  # Every reader but those that show the time of signing.
  def timeless(object)
    of(object, except: TIME_HELD.fetch(class_name(object), []))
  end

  # Every reader but those that show the signature or the time of signing, and the part the
  # signature covers (X.509's to-be-signed part, an OCSP request's tbsRequest) where no time is in it.
  def unsigned(object)
    state = of(object, except: SIGNATURE_HELD + TIME_HELD.fetch(class_name(object), []))
    return state if TIME_HELD.key?(class_name(object))

    state.merge("signed part" => read { OpenSSL::ASN1.decode(object.to_der).value.first.to_der.unpack1("H*") })
  end

  def readers_of(object)
    READERS.fetch(class_name(object))
  end

  def class_name(object)
    READERS.keys.find { |name| object.is_a?(Object.const_get(name)) } || raise(ArgumentError, "no readers for #{object.class}")
  end

  # An object's address changes from one object to the next: what inspect shows beside it compares.
  def without_addresses(text)
    text.gsub(/:0x\h+/, "")
  end

  # What a reader gives, and any warning it prints on the way (jruby-openssl's PKCS7#detached? and
  # #crls warn that they are not implemented): a caller sees it too, so it compares, and it stays
  # out of the specs' own output.
  def read
    saved = $stderr
    $stderr = StringIO.new
    value = read_value { yield }
    $stderr.string.empty? ? value : [value, "warned", $stderr.string]
  ensure
    $stderr = saved
  end

  def read_value
    show(yield)
  rescue Exception => e # a Java exception a reader leaks reads as one too
    ["raised", e.class.name, e.message]
  end

  # A value as plain data: the parts of it a caller sees.
  def show(value)
    case value
    when Array then value.map { |item| show(item) }
    when Time then [value.inspect, value.to_s, value.utc?, value.utc_offset]
    when OpenSSL::X509::Extension then [value.to_s, read { value.to_der.unpack1("H*") }, value.critical?]
    when OpenSSL::X509::Revoked then [value.serial.to_s, show(value.time), show(value.extensions)]
    when OpenSSL::X509::Attribute then [value.oid, read { value.value.to_der.unpack1("H*") }]
    when OpenSSL::PKCS7::SignerInfo then [value.issuer.to_s, value.serial.to_s, read { value.signed_time }.to_s]
    when OpenSSL::X509::Name, OpenSSL::BN, Integer, Symbol then value.to_s
    when String then value.encoding == Encoding::BINARY ? value.unpack1("H*") : without_addresses(value)
    when true, false, nil then value
    else value.respond_to?(:to_der) ? [value.class.name, read { value.to_der.unpack1("H*") }] : without_addresses(value.inspect)
    end
  end
end
