# frozen_string_literal: true

require "openssl"

module Fuzz
  # The keys the fuzzer draws from, by name: sound keys of several sizes, and crafted ones whose
  # numbers are wrong in one way each (the shapes outside fuzzing found, and their relatives).
  # Every key is built from DER (PKCS#1 RSAPrivateKey or RSAPublicKey), so MRI, whose keys are
  # immutable, and JRuby load the same numbers.
  module KeyCorpus
    # Fixed primes (drawn once with OpenSSL::BN.generate_prime under MRI) for moduli too small to
    # hold some digests: 128, 256, 384 and 512 bits.
    TINY_PRIMES = {
      128 => %w[d72ed36da4b737db c3b676ced03f89ff],
      256 => %w[caebd140b6db8e0428973803d73a106f f59362c6353351cd9bb38cdca675b387],
      384 => %w[e97c2f557f76f7d8154d52def3b720fe0a8bf0443c13f6d7 c563ed823ed79c42df713a1227a9d9bcbd16eb9a85774e6b],
      512 => %w[cd93e06959d35faeccde2902f8f3eb2ef3ee12aba1282f4d1f0c0d5052935427
                df1ad41408ac4acc8378a1eca44f374bbe77f118fe05669c4c5116a0976ac537]
    }.freeze

    FIELDS = %i[n e d p q dmp1 dmq1 iqmp].freeze
    NO_FACTORS = { p: 0, q: 0, dmp1: 0, dmq1: 0, iqmp: 0 }.freeze

    # name => its numbers, each a change to a sound key (b: rsa1024_e65537, o: another 1024-bit key).
    # No even e: jruby-openssl (Bouncy Castle) refuses to hold such a key at all.
    CRAFTED = {
      "public_only" => ->(b, _) { b.merge(d: nil) },
      "n_e_d_only" => ->(b, _) { b.merge(NO_FACTORS) },
      "p_equals_q" => ->(b, _) { square_of(b[:p], b[:e]) },
      "p_one_q_n" => ->(b, _) { b.merge(p: 1, q: b[:n], dmp1: b[:d], dmq1: b[:d], iqmp: 1) },
      "p_one_q_n_zero_crt" => ->(b, _) { b.merge(p: 1, q: b[:n], dmp1: 0, dmq1: b[:d] % (b[:n] - 1), iqmp: 0) },
      "p_n_q_one" => ->(b, _) { b.merge(p: b[:n], q: 1, dmp1: b[:d], dmq1: b[:d], iqmp: 1) },
      "p_times_q_not_n" => ->(b, o) { b.merge(p: o[:p], q: o[:q]) },
      "e_one" => ->(b, _) { b.merge(e: 1, d: 1, dmp1: 1, dmq1: 1) },
      # Each key of another e has a d of its own value, d + i * lcm(p - 1, q - 1) (the same exponent):
      # the JDK's RSACore keeps blinding numbers per modulus and hands them to a key of the same n and
      # d whatever its e (it matches e or d), so after a key of rsa1024's n and d with e = 3 the JDK's
      # operations with rsa1024 itself fail ("RSA private key operation failed"): stock's answers and
      # the JCA provider's reference would hang on which case ran first and when the GC emptied that map.
      "e_negative" => ->(b, _) { b.merge(e: -b[:e], d: d_of_another_value(b, 1)) },
      "e_huge" => ->(b, _) { b.merge(e: b[:n] + 2, d: d_of_another_value(b, 2)) },
      "e_inconsistent" => ->(b, _) { b.merge(e: 3, d: d_of_another_value(b, 3)) },
      "e_inconsistent_no_factors" => ->(b, _) { b.merge(NO_FACTORS).merge(e: 3, d: d_of_another_value(b, 4)) },
      "d_zero" => ->(b, _) { b.merge(d: 0) },
      "d_negative" => ->(b, _) { b.merge(d: -b[:d]) },
      "d_negative_no_factors" => ->(b, _) { b.merge(NO_FACTORS).merge(d: -b[:d]) },
      "d_above_n_consistent" => ->(b, _) { b.merge(d: b[:d] + (4 * (b[:p] - 1) * (b[:q] - 1))) },
      "d_above_n_wrong" => ->(b, _) { b.merge(d: b[:d] + b[:n]) },
      "dmp1_wrong" => ->(b, _) { b.merge(dmp1: b[:dmp1] + 1) },
      "dmp1_zero" => ->(b, _) { b.merge(dmp1: 0) },
      "dmq1_negative" => ->(b, _) { b.merge(dmq1: -b[:dmq1]) },
      "iqmp_zero" => ->(b, _) { b.merge(iqmp: 0) },
      "iqmp_wrong" => ->(b, _) { b.merge(iqmp: b[:iqmp] + 1) },
      "tiny_512_public_only" => ->(_, _) { from_primes(*TINY_PRIMES.fetch(512), 65_537).merge(d: nil) }
    }.freeze

    class << self
      # Every key's name, RSA's and EC's (Fuzz::EcKeyCorpus).
      def names
        sound.keys + CRAFTED.keys + EcKeyCorpus.names
      end

      def sound?(name)
        sound.key?(name) || EcKeyCorpus.sound?(name)
      end

      # The sound RSA keys: the MRI reference fixtures' 1024- and 2048-bit keys, one of them with its
      # primes the other way round (q above p: Garner's subtraction goes below zero, in the split as in
      # OpenSSL), and tiny ones.
      def sound
        @sound ||= {
          "rsa1024" => fixture("rsa1024_e65537"), "rsa1024_e3" => fixture("rsa1024_e3"),
          "rsa2048" => fixture("rsa2048_e65537"), "rsa2048_q_above_p" => primes_swapped(fixture("rsa2048_e65537")),
          **TINY_PRIMES.to_h { |bits, primes| ["tiny_#{bits}", from_primes(*primes, bits == 384 ? 3 : 65_537)] }
        }
      end

      # A key's numbers: a Hash of Integers (d nil for a public key).
      def numbers(name)
        @numbers ||= {}
        @numbers[name] ||= sound.fetch(name) { CRAFTED.fetch(name).call(sound.fetch("rsa1024"), sound.fetch("rsa1024_e3")) }
      end

      # A fresh key object each time: the engine keeps its state per object.
      def key(name)
        return EcKeyCorpus.key(name) if EcKeyCorpus.name?(name)

        OpenSSL::PKey::RSA.new(der(numbers(name)))
      end

      # What of a key no message may show: its private numbers in decimal and hex, and its private
      # PEM's first line of Base64 (stock's X509::CRL#sign once put the whole PEM in an error).
      def secrets(name)
        return EcKeyCorpus.secrets(name) if EcKeyCorpus.name?(name)
        return [] unless name && numbers(name)[:d]

        @secrets ||= {}
        @secrets[name] ||= begin
          private_numbers = numbers(name).values_at(:d, :p, :q).select { |number| number > 0xffff }
          pem_line = OpenSSL::PKey::RSA.new(der(numbers(name))).to_pem.lines[1].chomp
          [pem_line, *private_numbers.flat_map { |number| [number.to_s, number.to_s(16), number.to_s(16).upcase] }]
        end
      end

      # The key's public half (n, e), for checking what the private half produced.
      def public_key(name)
        OpenSSL::PKey::RSA.new(der(numbers(name).merge(d: nil)))
      end

      private

      def der(numbers)
        fields = numbers[:d] ? [0] + FIELDS.map { |field| numbers.fetch(field) } : numbers.values_at(:n, :e)
        OpenSSL::ASN1::Sequence(fields.map { |number| OpenSSL::ASN1::Integer(number) }).to_der
      end

      def fixture(name)
        key = ReferenceFixtures.key(name).private_key
        FIELDS.to_h { |field| [field, key.public_send(field).to_i] }
      end

      def from_primes(p_hex, q_hex, e)
        p = p_hex.to_i(16)
        q = q_hex.to_i(16)
        d = inverse(e, (p - 1).lcm(q - 1))
        { n: p * q, e: e, d: d, p: p, q: q, dmp1: d % (p - 1), dmq1: d % (q - 1), iqmp: inverse(q, p) }
      end

      # The same key with p and q exchanged: dP and dQ with them, and qInv the new q's inverse modulo the new p.
      def primes_swapped(numbers)
        p, q = numbers.values_at(:q, :p)
        numbers.merge(p: p, q: q, dmp1: numbers[:dmq1], dmq1: numbers[:dmp1], iqmp: inverse(q, p))
      end

      def d_of_another_value(numbers, times)
        numbers[:d] + (times * (numbers[:p] - 1).lcm(numbers[:q] - 1))
      end

      # n = p^2: d inverts e modulo p(p - 1); q's inverse modulo p does not exist, 1 stands in.
      def square_of(p, e)
        d = inverse(e, p * (p - 1))
        { n: p * p, e: e, d: d, p: p, q: p, dmp1: d % (p - 1), dmq1: d % (p - 1), iqmp: 1 }
      end

      def inverse(number, modulus)
        OpenSSL::BN.new(number).mod_inverse(modulus).to_i
      end
    end
  end
end
