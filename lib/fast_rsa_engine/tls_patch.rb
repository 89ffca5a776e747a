# frozen_string_literal: true

module FastRsaEngine
  # TLS through the engine. jruby-openssl's SSL runs JSSE, which signs the handshake (the server's
  # signature, a client certificate's) with the Java key of the context's Ruby key, through whichever
  # of the JVM's JCA providers first claims that key: JSSE has no provider per context. So the gem
  # installs its TLS provider (FastRsaEngineTls, ext/java provider/) first in the JVM's list, and
  # TlsPatch holds each SSLSocket's key for it as the socket is made; the provider claims held keys
  # only, while a native backend is active, and every other key of the JVM goes on to the JDK's.
  #
  # SSLSocket#initialize is redefined in place, stock's kept and called first, so SSLSocket's
  # ancestors and methods read as stock's.
  module TlsPatch
    OFF = "off"

    # "on", or why handshakes stay with the JDK's providers. Installs nothing for FAST_RSA_ENGINE_TLS=off.
    def self.apply(setting)
      setting = setting.to_s.strip.downcase
      return "off: #{TLS_VARIABLE}=off" if setting == OFF
      warn "fast-rsa-engine: #{TLS_VARIABLE}=#{setting} is not on or off; TLS goes through the engine" unless ["", "on", "auto"].include?(setting)
      return "off: another JRuby runtime of this JVM installed the TLS provider" unless Native.install_tls(VERSION)

      hold_keys_of_new_sockets
      "on"
    end

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
