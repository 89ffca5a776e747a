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

    # Every name OpenSSL 3.0 knows a digest by (`openssl list -digest-algorithms`: its default
    # provider's names and OIDs, and the legacy aliases), and two of the legacy provider, which
    # MRI's OpenSSL does not load; sign and verify of EC take a digest by any of them.
    EVERY_DIGEST = (DIGEST_ALIASES.keys + DIGEST_ALIASES.values.flatten +
                    ["SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "2.16.840.1.101.3.4.2.8", "SHA512-224", "SHA-512/224",
                     "SHA512-256", "SHA2-512/256", "SHAKE128", "SHAKE-256", "BLAKE2b512", "BLAKE2B-512", "BLAKE2s256", "SM3",
                     "MD5", "SSL3-MD5", "1.2.840.113549.2.5", "MD5-SHA1", "RIPEMD160", "RIPEMD-160", "RMD160", "ripemd",
                     "1.3.36.3.2.1", "KECCAK-KMAC-128", "KECCAK-KMAC256", "NULL", "RSA-SHA256", "sha256WithRSAEncryption",
                     "RSA-SHA1-2", "ssl3-sha1", "RSA-SHA3-256", "id-rsassa-pkcs1-v1_5-with-sha3-256", "MD4", "whirlpool"]).freeze

    PADDING_ALIASES = {
      "oaep" => ["oeap", "OAEP", "4"], "pkcs1" => ["PKCS1", "1"], "none" => ["NONE", "3"], "pss" => ["PSS", "6"]
    }.freeze

    OTHER_PADDINGS = ["x931", "sslv23", "2", "5", "oaep\0", ""].freeze

    # Option keys that are no String, or not as OpenSSL spells them.
    ODD_OPTION_KEYS = [1, nil, 1.5, true, [], "RSA_PADDING_MODE", "rsa_padding_mode\0", "", "digest"].freeze
  end
end
