# frozen_string_literal: true

# ruby-net-ssh: keys loaded through its KeyFactory (PEM, PKCS#8, encrypted, OpenSSH's own format,
# public keys), its RSA signatures with each algorithm, and sessions with Debian's OpenSSH server
# (spec/downstream/ssh_server.rb): every key exchange net-ssh offers with the RSA host and user
# keys, and every RSA signature algorithm for each. A session's handshake is randomized; what it
# gives (the negotiated algorithms, the command's output) is not. ed25519 and bcrypt_pbkdf are
# optional gems Debian does not ship for JRuby: the RSA paths do not need them, but net-ssh 7.0
# reads OpenSSH's own key format only with ed25519, so the sessions use the user key as PEM.
Downstream.library "net-ssh", package: "ruby-net-ssh", requires: %w[net/ssh] do
  ssh = keys.ssh
  rsa_algorithms = %w[rsa-sha2-256 rsa-sha2-512 ssh-rsa]
  factory = Net::SSH::KeyFactory

  { "PKCS#1 PEM" => keys.path("rsa.pem"), "PKCS#8 PEM" => keys.path("rsa_pkcs8.pem"), "OpenSSH's format" => ssh["user_key"],
    "EC PEM" => keys.path("ec.pem"), "DSA PEM" => keys.path("dsa.pem") }.each do |form, file|
    step("load_private_key from #{form}") { factory.load_private_key(file).public_key.to_blob }
  end
  step("load_private_key of the encrypted PEM") { factory.load_private_key(keys.path("rsa_encrypted.pem"), Downstream::Keys::PASSPHRASE, false).to_blob }
  step("load_private_key of the encrypted PEM, wrong passphrase") { factory.load_private_key(keys.path("rsa_encrypted.pem"), "wrong", false) }
  step("load_private_key of a public key") { factory.load_private_key(keys.path("rsa_public.pem"), nil, false) }
  step("load_data_private_key of garbage") { factory.load_data_private_key("-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n", nil, false) }
  step("load_public_key of the host key") { factory.load_public_key(ssh["host_public_key"]).fingerprint("sha256") }
  step("load_data_public_key of garbage") { factory.load_data_public_key("ssh-rsa AAAAB3NzaC1yc2EAAAADAQAB downstream") }

  [nil, *rsa_algorithms].each do |alg|
    signature = -> { factory.load_private_key(ssh["user_key_pem"]).ssh_do_sign(data, alg) }
    step("ssh_do_sign #{alg || '(default)'}") { signature.call }
    step("ssh_do_verify #{alg || '(default)'}") { factory.load_private_key(ssh["user_key_pem"]).public_key.ssh_do_verify(signature.call, data, host_key: alg) }
    step("ssh_do_verify #{alg || '(default)'} of a tampered signature") do
      factory.load_private_key(ssh["user_key_pem"]).public_key.ssh_do_verify(tamper(signature.call, at: 10), data, host_key: alg)
    end
  end
  step("ssh_do_sign with the EC key") { factory.load_private_key(keys.path("ec.pem")).ssh_do_sign(data).bytesize.positive? }

  options = lambda do |kex, host_key, key|
    { port: ssh["port"], keys: [key], keys_only: true, use_agent: false, auth_methods: ["publickey"], kex: [kex], host_key: [host_key],
      user_known_hosts_file: ssh["known_hosts"], global_known_hosts_file: [], verify_host_key: :always, non_interactive: true, timeout: 30 }
  end
  command = ->(connection) { [connection.transport.algorithms.kex, connection.transport.algorithms.host_key, connection.exec!("echo downstream")] }
  # What Net::SSH.start does, through the same public classes, with the user key's signature
  # algorithm chosen: start itself refuses :pubkey_algorithms in net-ssh 7.0, and tries only
  # rsa-sha2-256 and then ssh-rsa.
  session = lambda do |kex: "ecdh-sha2-nistp256", host_key: "rsa-sha2-256", pubkey: "rsa-sha2-256", key: ssh["user_key_pem"]|
    settings = options.call(kex, host_key, key).merge(pubkey_algorithms: [pubkey])
    Net::SSH.assign_defaults(settings)
    transport = Net::SSH::Transport::Session.new("127.0.0.1", settings)
    begin
      raise Net::SSH::AuthenticationFailed, "Authentication failed" unless Net::SSH::Authentication::Session.new(transport, settings).authenticate("ssh-connection", ssh["user"])

      command.call(Net::SSH::Connection::Session.new(transport, settings))
    ensure
      transport.close unless transport.closed?
    end
  end
  step("Net::SSH.start") { Net::SSH.start("127.0.0.1", ssh["user"], **options.call("ecdh-sha2-nistp256", "rsa-sha2-256", ssh["user_key_pem"])) { |c| command.call(c) } }
  Net::SSH::Transport::Algorithms::ALGORITHMS[:kex].each do |kex|
    step("session with kex #{kex}") { session.call(kex: kex) }
  end
  rsa_algorithms.product(rsa_algorithms).each do |host_key, pubkey|
    step("session with host key #{host_key}, user key #{pubkey}") { session.call(host_key: host_key, pubkey: pubkey) }
  end
  step("session with the user key in OpenSSH's format") { session.call(key: ssh["user_key"]) }
  step("session with a key the server does not know") { session.call(key: keys.path("other_rsa.pem")) }
  step("session with an EC user key") { session.call(key: keys.path("ec.pem")) }
end
