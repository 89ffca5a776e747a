# frozen_string_literal: true

module Fuzz
  # The other names OpenSSL 3 takes for a digest or a padding mode: aliases, object identifiers,
  # other cases, numbers; and names it refuses. MRI hands option Strings to OpenSSL as they are
  # (EVP_PKEY_CTX_ctrl_str), so each name MRI accepts or refuses there, the engine must too.
  module OpenSslNames
    DIGEST_ALIASES = {
      "SHA1" => ["SHA-1", "sha-1", "sha1", "SSL3-SHA1", "1.3.14.3.2.26"],
      "SHA224" => ["SHA2-224", "SHA-224", "2.16.840.1.101.3.4.2.4"],
      "SHA256" => ["SHA2-256", "SHA-256", "sha-256", "sha2-256", "2.16.840.1.101.3.4.2.1"],
      "SHA384" => ["SHA2-384", "SHA-384", "2.16.840.1.101.3.4.2.2"],
      "SHA512" => ["SHA2-512", "SHA-512", "sha512", "2.16.840.1.101.3.4.2.3"]
    }.freeze

    # Digests outside the vocabulary's, and names that are no digest for RSA: truncated SHA-512
    # (by three names and its OID), SHA-3, extendable-output functions, MD5-SHA1, a NUL byte.
    OTHER_DIGESTS = ["SHA512-256", "SHA-512/256", "SHA2-512/256", "2.16.840.1.101.3.4.2.6", "SHA512-224", "SHA3-256",
                     "SHAKE128", "shake256", "MD5-SHA1", "RIPEMD160", "md5", "SHA256\0", "SHA256\0garbage"].freeze

    PADDING_ALIASES = {
      "oaep" => ["oeap", "OAEP", "4"], "pkcs1" => ["PKCS1", "1"], "none" => ["NONE", "3"], "pss" => ["PSS", "6"]
    }.freeze

    OTHER_PADDINGS = ["x931", "sslv23", "2", "5", "oaep\0", ""].freeze

    # Option keys that are no String, or not as OpenSSL spells them.
    ODD_OPTION_KEYS = [1, nil, 1.5, true, [], "RSA_PADDING_MODE", "rsa_padding_mode\0", "", "digest"].freeze
  end
end
