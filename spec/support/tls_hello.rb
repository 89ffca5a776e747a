# frozen_string_literal: true

require "digest"
require "socket"

# What a TLS peer sees of a handshake in the clear, to compare handshakes with and without the gem:
# a Relay between a client and a server on 127.0.0.1 records the bytes each side sends, and
# TlsHello.fields reads from them every field the two negotiate before encryption: the
# ClientHello's (versions, cipher suites, groups, key shares offered, signature schemes, ALPN, SNI,
# extensions in order), the ServerHello's (version, cipher suite, key share's group, extensions),
# and in TLS 1.2 the certificate chain, the ServerKeyExchange's curve and signature scheme, and a
# session ticket sent or not. Randoms, key shares and signatures are left out: they differ each time.
# A script run in another process requires this file by PATH.
module TlsHello
  PATH = __FILE__

  # Forwards one connection at a time to the server's port, and keeps what each side sent.
  class Relay
    attr_reader :port, :sent_by_client, :sent_by_server

    def initialize(server_port)
      @listener = TCPServer.new("127.0.0.1", 0)
      @port = @listener.addr[1]
      @server_port = server_port
    end

    # Relays the next connection until both sides close it; call before the client connects.
    def relay_next
      @sent_by_client = +"".b
      @sent_by_server = +"".b
      Thread.new do
        client = @listener.accept
        server = TCPSocket.new("127.0.0.1", @server_port)
        [Thread.new { pipe(client, server, @sent_by_client) }, Thread.new { pipe(server, client, @sent_by_server) }].each(&:join)
      ensure
        client&.close
        server&.close
      end
    end

    def close
      @listener.close
    end

    private

    def pipe(from, to, record)
      loop do
        bytes = from.readpartial(16_384)
        record << bytes
        to.write(bytes)
      end
    rescue EOFError, IOError, SystemCallError
      to.close_write rescue nil # rubocop:disable Style/RescueModifier -- the other side may be gone already
    end
  end

  HANDSHAKE = 22
  CLIENT_HELLO = 1
  SERVER_HELLO = 2
  NEW_SESSION_TICKET = 4
  CERTIFICATE = 11
  SERVER_KEY_EXCHANGE = 12
  # Extensions whose contents are fields of the negotiation (the others are compared by type and order).
  SERVER_NAME = 0
  SUPPORTED_GROUPS = 10
  SIGNATURE_ALGORITHMS = 13
  ALPN = 16
  SUPPORTED_VERSIONS = 43
  KEY_SHARE = 51

  module_function

  def fields(sent_by_client, sent_by_server)
    client = messages(sent_by_client)
    server = messages(sent_by_server)
    hello = client.find { |type, _| type == CLIENT_HELLO }
    server_hello = server.find { |type, _| type == SERVER_HELLO }
    raise "no ClientHello in #{sent_by_client.bytesize} bytes" unless hello

    result = { "client_hello" => client_hello(hello[1]) }
    result["server_hello"] = server_hello(server_hello[1]) if server_hello
    server.each do |type, body|
      result["certificates"] = certificates(body) if type == CERTIFICATE
      result["server_key_exchange"] = server_key_exchange(body) if type == SERVER_KEY_EXCHANGE
      result["session_ticket"] = true if type == NEW_SESSION_TICKET
    end
    result
  end

  # The handshake messages sent in the clear, as [type, body]: those of the handshake records
  # before the first record of another type (a change of cipher spec, or encrypted records).
  def messages(bytes)
    stream = +"".b
    offset = 0
    while offset + 5 <= bytes.bytesize
      break unless bytes.getbyte(offset) == HANDSHAKE

      length = bytes.byteslice(offset + 3, 2).unpack1("n")

      stream << bytes.byteslice(offset + 5, length).to_s
      offset += 5 + length
    end
    split_messages(stream)
  end

  def split_messages(stream)
    list = []
    offset = 0
    while offset + 4 <= stream.bytesize
      type = stream.getbyte(offset)
      length = ("\0".b + stream.byteslice(offset + 1, 3)).unpack1("N")
      break if offset + 4 + length > stream.bytesize

      list << [type, stream.byteslice(offset + 4, length)]
      offset += 4 + length
    end
    list
  end

  def client_hello(body)
    reader = Reader.new(body)
    version = reader.u16
    reader.skip(32) # the random
    session_id = reader.vector(1)
    suites = reader.vector(2).unpack("n*")
    compression = reader.vector(1).bytes
    { "version" => version, "session_id_length" => session_id.bytesize, "cipher_suites" => suites, "compression" => compression,
      "extensions" => extensions(reader, client: true) }
  end

  def server_hello(body)
    reader = Reader.new(body)
    version = reader.u16
    reader.skip(32)
    session_id = reader.vector(1)
    { "version" => version, "session_id_length" => session_id.bytesize, "cipher_suite" => reader.u16, "compression" => reader.u8,
      "extensions" => extensions(reader, client: false) }
  end

  # [type, the fields read of its contents] in order; contents that differ each time are left out.
  def extensions(reader, client:)
    return [] if reader.done?

    list = Reader.new(reader.vector(2))
    entries = []
    until list.done?
      type = list.u16
      data = Reader.new(list.vector(2))
      entries << [type, extension(type, data, client)]
    end
    entries
  end

  def extension(type, data, client)
    case type
    when SERVER_NAME then client ? Reader.new(data.vector(2)).then { |names| names.u8 && names.vector(2) } : nil
    when SUPPORTED_GROUPS, SIGNATURE_ALGORITHMS then data.vector(2).unpack("n*")
    when ALPN then alpn(Reader.new(data.vector(2)))
    when SUPPORTED_VERSIONS then client ? data.vector(1).unpack("n*") : data.u16
    when KEY_SHARE then client ? key_share_groups(Reader.new(data.vector(2))) : data.u16
    end
  end

  def alpn(list)
    names = []
    names << list.vector(1) until list.done?
    names
  end

  def key_share_groups(list)
    groups = []
    until list.done?
      groups << list.u16
      list.vector(2)
    end
    groups
  end

  # The chain the server sends (TLS 1.2), as SHA-256 of each certificate's DER.
  def certificates(body)
    list = Reader.new(Reader.new(body).vector(3))
    digests = []
    digests << Digest::SHA256.hexdigest(list.vector(3)) until list.done?
    digests
  end

  # TLS 1.2's ECDHE parameters: the curve and the signature scheme (its point and signature differ each time).
  def server_key_exchange(body)
    reader = Reader.new(body)
    curve_type = reader.u8
    curve = reader.u16
    reader.vector(1)
    { "curve_type" => curve_type, "curve" => curve, "signature_scheme" => reader.u16 }
  end

  # Reads TLS's big-endian numbers and length-prefixed vectors from a string.
  class Reader
    def initialize(bytes)
      @bytes = bytes.b
      @offset = 0
    end

    def done? = @offset >= @bytes.bytesize
    def u8 = take(1).unpack1("C")
    def u16 = take(2).unpack1("n")
    def skip(count) = take(count)

    # A vector whose length takes `width` bytes.
    def vector(width)
      take(("\0\0\0".b + take(width)).byteslice(-4, 4).unpack1("N"))
    end

    private

    def take(count)
      raise ArgumentError, "TLS message ends before #{count} more bytes at #{@offset}" if @offset + count > @bytes.bytesize

      part = @bytes.byteslice(@offset, count)
      @offset += count
      part
    end
  end
end
