# frozen_string_literal: true

module Fuzz
  # Checks of what an EC call returned, by the plain arithmetic of Fuzz::Ecdsa, without the engine:
  # whether a signature verifies as OpenSSL verifies one (MRI's answer: a signature is randomized, so
  # it is compared by verification, not bytes), whether an ECDH secret is the scalar times the peer's
  # point (MRI's secret), and what a new key is. The answers compare across backends and Rubies.
  module EcOutputCheck
    module_function

    # For an :ec_signature output: true when it is DER of (r, s) that verifies under the key's
    # public point, false when not, nil when the hash signed is none this Ruby computes.
    def signature(kase, signature)
      entry = EcKeyCorpus.entry(kase.key)
      hash = signed_hash(kase)
      return nil if hash.nil?

      r, s = Ecdsa.strict_decode(signature)
      !r.nil? && Ecdsa.verify(entry.curve, public_point(entry), hash, r, s)
    end

    # For a :secret output: true when it is the x-coordinate of the key's scalar times the peer's
    # point, false otherwise (a peer of another curve, or none, has no secret: any is false).
    def secret(kase, secret)
      entry = EcKeyCorpus.entry(kase.key)
      peer = peer_point(entry.curve, kase.args[0], entry)
      !entry.scalar.nil? && !peer.nil? && secret == Ecdsa.secret(entry.curve, entry.scalar, peer)
    end

    # For an EC key made (EC.generate): its class, curve, whether it has a private part, and whether
    # its point is its scalar's.
    def key(key)
      curve = EcCurves::CURVES[key.group&.curve_name]
      return [key.class.name, key.group&.curve_name, key.private?] if curve.nil? || !key.private? || key.public_key.nil?

      point = EcCurves.decode(curve, key.public_key.to_octet_string(:uncompressed))
      [key.class.name, curve.name, true, point == EcCurves.multiply(curve, key.private_key.to_i, curve.generator)]
    end

    # The hash the call signed: the digest of the data (sign), or the bytes as given.
    def signed_hash(kase)
      args = Value.decode(kase.args)
      case PATCHED_METHODS.fetch(kase.method).called
      when "sign" then digest(args[0], args[1])
      when "dsa_sign_asn1" then args[0].is_a?(String) ? args[0] : nil
      when "sign_raw" then args[1].is_a?(String) ? args[1] : nil
      end
    end

    # The digest of the data by the digest argument, as this Ruby's OpenSSL::Digest computes it
    # (an OpenSSL::Digest by its algorithm, whatever its #name says), or nil where it has none.
    def digest(digest, data)
      return nil unless (digest.is_a?(String) || digest.is_a?(OpenSSL::Digest)) && data.is_a?(String)

      name = Pkcs1.digest_name(digest)
      return Pkcs1.digest(name, data) if name

      hashed = Outcome.of { OpenSSL::Digest.digest(digest.is_a?(String) ? digest : Pkcs1::DIGEST_ALGORITHM.bind_call(digest), data) }
      hashed.raised? ? nil : hashed.value
    end

    # A Point's octets uncompressed ("" where this Ruby cannot write it).
    def octets(point)
      written = Outcome.of { point.to_octet_string(:uncompressed) }
      written.raised? ? "" : written.value
    end

    # The point a verifier sees: the key's own, or where it holds none, its scalar's (as OpenSSL
    # computes it when it loads the key).
    def public_point(entry)
      entry.point || EcCurves.multiply(entry.curve, entry.scalar, entry.curve.generator)
    end

    # The peer's point as the call gave it, if it is a point of the curve: a Point (dh_compute_key),
    # as this Ruby reads it (a Point of a Group alone is stock's generator, MRI's infinity), a key
    # of the corpus (derive), or none (stock's dh_compute_key(nil): the key's own point).
    def peer_point(curve, argument, entry)
      return public_point(entry) if argument.nil? # stock's reading of no point: the key's own (MRI refuses nil)
      return nil unless argument.is_a?(Hash)

      tag, content = argument.first
      case tag
      when "ec_point" then content[0] == curve.name ? EcCurves.decode(curve, octets(Value.decode(argument))) : nil
      when "key"
        peer = EcKeyCorpus.name?(content) ? EcKeyCorpus.entry(content) : nil
        peer && peer.curve == curve ? public_point(peer) : nil
      end
    end
  end
end
