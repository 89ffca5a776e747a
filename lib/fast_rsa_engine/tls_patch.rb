# frozen_string_literal: true

module FastRsaEngine
  # TLS through the engine. jruby-openssl's SSL runs JSSE, which signs the handshake (the server's
  # signature, a client certificate's) with the Java key of the context's Ruby key, through whichever
  # of the JVM's JCA providers first claims that key, and makes its key shares through the first
  # that offers the name: JSSE has no provider per context. So the gem installs its TLS provider
  # (FastRsaEngineTls, ext/java provider/) first in the JVM's list; TlsPatch holds each SSLSocket's
  # key for it as the socket is made, and marks the thread while the socket's connect or accept runs
  # (JSSE makes its key shares on that thread). The provider claims held keys only, and makes key
  # shares only on a marked thread, while a native backend is active; everything else of the JVM
  # goes on to the JDK's.
  #
  # SSLSocket's methods are redefined in place, stock's kept and called, each with stock's arity, so
  # SSLSocket's ancestors and methods read as stock's.
  module TlsPatch
    OFF = "off"

    # "on", or why handshakes stay with the JDK's providers. Installs nothing for FAST_RSA_ENGINE_TLS=off.
    def self.apply(setting)
      setting = setting.to_s.strip.downcase
      return "off: #{TLS_VARIABLE}=off" if setting == OFF
      warn "fast-rsa-engine: #{TLS_VARIABLE}=#{setting} is not on or off; TLS goes through the engine" unless ["", "on", "auto"].include?(setting)
      return "off: another JRuby runtime of this JVM installed the TLS provider" unless Native.install_tls(VERSION)

      hold_keys_of_new_sockets
      HANDSHAKES.each { |name| mark_handshakes_of(name) }
      "on"
    end

    # Where an SSLSocket's handshake runs (connect_nonblock and accept_nonblock once a step at a time).
    HANDSHAKES = %i[connect accept connect_nonblock accept_nonblock].freeze

    def self.mark_handshakes_of(name)
      stock = OpenSSL::SSL::SSLSocket.instance_method(name)
      if stock.arity.zero?
        OpenSSL::SSL::SSLSocket.send(:define_method, name) { Native.tls_handshake { stock.bind_call(self) } }
      else
        OpenSSL::SSL::SSLSocket.send(:define_method, name) { |*args, &block| Native.tls_handshake { stock.bind_call(self, *args, &block) } }
      end
    end
    private_class_method :mark_handshakes_of

    def self.hold_keys_of_new_sockets
      stock_initialize = OpenSSL::SSL::SSLSocket.instance_method(:initialize)
      OpenSSL::SSL::SSLSocket.send(:define_method, :initialize) do |*args, &block|
        stock_initialize.bind_call(self, *args, &block)
        Native.hold_tls_key(context.key)
      end
    end
    private_class_method :hold_keys_of_new_sockets
  end
end
