# frozen_string_literal: true

require "jruby" if RUBY_ENGINE == "jruby"

# The engine keeps per-key state (converted numbers, native handles, blinding pairs) beside each
# key, keyed by the Java key objects jruby-openssl holds, weakly: a key dropped after use is
# collected, state and all. A value that held its key would keep it alive forever.
RSpec.describe "Per-key state", jruby: true do
  pem = ReferenceFixtures.key("rsa1024_e65537").private_key.to_pem

  # Uses a fresh key for every patched operation kind, drops it, and answers weak references to
  # its Java private and public keys.
  def used_and_dropped(pem)
    key = OpenSSL::PKey::RSA.new(pem)
    key.verify("SHA256", key.sign("SHA256", "state"), "state")
    key.private_decrypt(key.public_encrypt("state"))
    java_key = JRuby.ref(key)
    [java.lang.ref.WeakReference.new(java_key.getPrivateKey), java.lang.ref.WeakReference.new(java_key.getPublicKey)]
  end

  (Backends.native + [:stock]).each do |backend|
    it "does not keep a dropped key alive with the #{backend} backend" do
      references = Backends.with(backend) { used_and_dropped(pem) }
      expect(Collected.all?(references)).to be(true)
    end
  end
end
