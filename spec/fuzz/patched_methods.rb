# frozen_string_literal: true

module Fuzz
  # The methods that fast-rsa-engine patches, one line each: the name, what the call returns
  # (:signature must open under the public key, see OutputCheck.expected_block; :ec_signature must
  # verify, see EcOutputCheck.signature; :ciphertext is checked by decrypting it, see
  # OutputCheck::INVERSES; :secret, an ECDH secret, by the plain arithmetic of Ecdsa; :key, a new
  # key, by its numbers, see OutputCheck.key; :plaintext and :boolean compare as they are), and how
  # the generator draws the arguments: [positional arguments, keyword arguments or nil], as
  # Fuzz::Value data; for key generation, the module it is called on (every other method is called
  # on a key) and where its arguments give the key size. OpenSSL::PKey::EC's methods are named as
  # the gem's stats name them ("ec_sign"), and call the method of the Ruby name (`called`) on an EC
  # key of the corpus (`key_class`).
  # A method stock lacks is also listed in DocumentedDifferences::STOCK_LACKS.
  PatchedMethod = Struct.new(:name, :output, :arguments, :class_receiver, :key_size, :ruby_name, :key_class) do
    def class_method?
      !class_receiver.nil?
    end

    def receiver
      Object.const_get(class_receiver)
    end

    # The Ruby method the case calls.
    def called
      ruby_name || name
    end

    # Whether it is OpenSSL::PKey::EC's (its keys are the corpus's EC keys).
    def ec?
      key_class == "OpenSSL::PKey::EC"
    end

    # Whether this Ruby has the method, with the gem: it adds none but MRI's encrypt and decrypt,
    # so generate_key only where stock has one (jruby-openssl 0.16.2 and later), and of EC only
    # what stock has (no sign_raw, verify_raw or derive on jruby-openssl 0.15).
    def callable?
      class_method? ? receiver.respond_to?(called) : Object.const_get(key_class || "OpenSSL::PKey::RSA").method_defined?(called)
    end
  end

  # An OpenSSL::PKey::EC method's line: named "ec_<method>".
  def self.ec_method(name, output, arguments, class_receiver = nil)
    PatchedMethod.new("ec_#{name}", output, arguments, class_receiver, nil, name, "OpenSSL::PKey::EC")
  end

  PATCHED_METHODS = [
    PatchedMethod.new("sign", :signature, ->(g) { d = g.digest; [[d, g.message, *g.optional { g.sign_options(d) }], nil] }),
    PatchedMethod.new("sign_pss", :signature, ->(g) { d = g.digest; [[d, g.message], g.pss_keywords(d)] }),
    PatchedMethod.new("sign_raw", :signature, ->(g) { d = g.digest_or_nil; [[d, g.hash_of(d), *g.optional { g.sign_options(d) }], nil] }),
    PatchedMethod.new("private_encrypt", :signature, ->(g) { [[g.block, *g.optional { g.padding }], nil] }),
    PatchedMethod.new("private_decrypt", :plaintext, ->(g) { [g.ciphertext_and_padding, nil] }),
    PatchedMethod.new("decrypt", :plaintext, ->(g) { [g.ciphertext_and_decrypt_options, nil] }),
    PatchedMethod.new("verify", :boolean, ->(g) { d = g.digest; m = g.message; [[d, g.signature(d, m), m, *g.rarely { g.sign_options(d) }], nil] }),
    PatchedMethod.new("public_encrypt", :ciphertext, ->(g) { [[g.block, *g.optional { g.padding }], nil] }),
    PatchedMethod.new("public_decrypt", :plaintext, ->(g) { [g.signature_block_and_padding, nil] }),
    PatchedMethod.new("encrypt", :ciphertext, ->(g) { [[g.block, *g.ciphertext_and_decrypt_options.drop(1)], nil] }),
    PatchedMethod.new("verify_pss", :boolean, ->(g) { d = g.digest; m = g.message; [[d, g.signature(d, m), m], g.pss_keywords(d)] }),
    PatchedMethod.new("verify_raw", :boolean, ->(g) { d = g.digest; h = g.hash_of(d); [[d, g.signature(d, h), h, *g.rarely { g.sign_options(d) }], nil] }),
    PatchedMethod.new("generate", :key, ->(g) { [g.key_generation_arguments, nil] }, "OpenSSL::PKey::RSA", ->(args) { args.first }),
    PatchedMethod.new("new", :key, ->(g) { [g.key_generation_arguments, nil] }, "OpenSSL::PKey::RSA", ->(args) { args.first }),
    # RSA.new(source [, pass phrase]): keys to load, of every type and form, sound and malformed.
    PatchedMethod.new("load", :key, ->(g) { [g.key_source_arguments, nil] }, "Fuzz::KeyLoading"),
    PatchedMethod.new("generate_key", :key, ->(g) { [g.generate_key_arguments, nil] }, "OpenSSL::PKey",
                      ->(args) { OutputCheck.option(OutputCheck.options(Value.decode(args[1])), "rsa_keygen_bits") }),
    # The structure methods, through Fuzz::StructureCalls: the key is an argument there; the
    # certificates, digests, data and flags good and bad (see CaseGenerator#signer and below).
    PatchedMethod.new("certificate_sign", :boolean, ->(g) { [[g.key_argument, g.structure_digest], nil] }, "Fuzz::StructureCalls"),
    PatchedMethod.new("certificate_resign", :boolean, ->(g) { g.resign_arguments }, "Fuzz::StructureCalls"),
    PatchedMethod.new("certificate_verify", :boolean, ->(g) { g.verify_arguments }, "Fuzz::StructureCalls"),
    PatchedMethod.new("request_verify", :boolean, ->(g) { g.verify_arguments }, "Fuzz::StructureCalls"),
    PatchedMethod.new("crl_verify", :boolean, ->(g) { g.verify_arguments }, "Fuzz::StructureCalls"),
    PatchedMethod.new("request_sign", :boolean, ->(g) { [[g.key_argument, g.structure_digest], nil] }, "Fuzz::StructureCalls"),
    PatchedMethod.new("crl_sign", :boolean, ->(g) { g.crl_arguments }, "Fuzz::StructureCalls"),
    PatchedMethod.new("ocsp_basic_response_sign", :boolean, ->(g) { g.ocsp_basic_response_arguments }, "Fuzz::StructureCalls"),
    PatchedMethod.new("ocsp_verify", :boolean, ->(g) { g.ocsp_verify_arguments }, "Fuzz::StructureCalls"),
    PatchedMethod.new("store_context_verify", :boolean, ->(g) { g.store_context_verify_arguments }, "Fuzz::StructureCalls"),
    PatchedMethod.new("ocsp_request_sign", :boolean, ->(g) { [[g.signer, g.key_argument, *g.ocsp_options], nil] }, "Fuzz::StructureCalls"),
    PatchedMethod.new("pkcs7_sign", :boolean, ->(g) { [[g.signer, g.key_argument, g.structure_data, *g.pkcs7_options], nil] }, "Fuzz::StructureCalls"),
    PatchedMethod.new("pkcs7_verify", :boolean, ->(g) { [[g.key_argument, g.pkcs7_check], nil] }, "Fuzz::StructureCalls"),
    PatchedMethod.new("pkcs7_decrypt", :plaintext, ->(g) { g.pkcs7_decrypt_arguments }, "Fuzz::StructureCalls"),
    # OpenSSL::PKey::EC (see EcVocabulary): digests by every name OpenSSL knows, hashes of any
    # length, signatures well-formed and malformed (EcSignatureForms), peers' points and keys of the
    # key's curve, of others, and no point at all.
    ec_method("sign", :ec_signature, ->(g) { [[g.ec_digest, g.message], nil] }),
    ec_method("dsa_sign_asn1", :ec_signature, ->(g) { [[g.ec_hash], nil] }),
    ec_method("sign_raw", :ec_signature, ->(g) { d = g.ec_digest_or_nil; [[d, g.ec_hash(d)], nil] }),
    ec_method("verify", :boolean, ->(g) { d = g.ec_digest; m = g.message; [[d, g.ec_signature(g.ec_hash_of(d, m)), m], nil] }),
    ec_method("dsa_verify_asn1", :boolean, ->(g) { h = g.ec_hash; [[h, g.ec_signature(h)], nil] }),
    ec_method("verify_raw", :boolean, ->(g) { d = g.ec_digest_or_nil; h = g.ec_hash(d); [[d, g.ec_signature(h), h], nil] }),
    ec_method("dh_compute_key", :secret, ->(g) { [[g.ec_point], nil] }),
    ec_method("derive", :secret, ->(g) { [[g.ec_peer], nil] }),
    ec_method("generate", :key, ->(g) { [[g.ec_curve_argument], nil] }, "OpenSSL::PKey::EC"),
    # The JCA provider (FastRsaEngine.install_provider), no Ruby method: a sequence of JCA calls
    # answering where the provider first differs from the JDK's own (Fuzz::JcaCalls; the
    # jca_provider reach draws it). :jca answers are judged on their own: [] is the only good one.
    PatchedMethod.new("jca", :jca, ->(g) { [g.jca_arguments, nil] }, "Fuzz::JcaCalls", nil, "script")
  ].to_h { |method| [method.name, method] }.freeze
end
