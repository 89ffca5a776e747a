package fastrsaengine.engines;

import fastrsaengine.engines.ec.EcCurve;
import fastrsaengine.engines.ec.EcEngine;
import fastrsaengine.engines.ec.PreparedEcKey;
import fastrsaengine.engines.ec.PreparedEcPublicKey;
import fastrsaengine.engines.shared.FaultDetectedException;
import fastrsaengine.engines.shared.Spare;
import java.io.IOException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import javax.crypto.KeyAgreement;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;

/**
 * AWS-LC's ECDSA and ECDH through Amazon Corretto Crypto Provider, the instance {@link AwsLcEngine}
 * loaded (never installed). Keys reach ACCP as DER with the curve's OID (PKCS#8, X.509), so ACCP never
 * asks the JDK's providers for curve parameters (Java 17's SunEC has no secp256k1). Signing is
 * {@code NONEwithECDSA} on a hash computed above: AWS-LC's nonce, its constant-time P-256 (nistz256)
 * and P-384/P-521 (s2n-bignum) code; ACCP converts the peer's key for ECDH through AWS-LC's parser,
 * which checks the point on the curve again.
 */
final class AwsLcEcEngine implements EcEngine {
    private static final AlgorithmIdentifier[] ALGORITHMS = new AlgorithmIdentifier[EcCurve.values().length];
    /** Per curve, an X.509 public key's DER up to its point: a peer's key is this and the point's octets. */
    private static final byte[][] PUBLIC_KEY_PREFIXES = new byte[EcCurve.values().length][];
    static {
        for (EcCurve curve : EcCurve.values()) {
            ALGORITHMS[curve.ordinal()] = new AlgorithmIdentifier(X9ObjectIdentifiers.id_ecPublicKey, curve.oid());
            int pointLength = 1 + 2 * curve.fieldLength();
            byte[] spki = der(new SubjectPublicKeyInfo(ALGORITHMS[curve.ordinal()], new byte[pointLength]));
            PUBLIC_KEY_PREFIXES[curve.ordinal()] = Arrays.copyOf(spki, spki.length - pointLength);
        }
    }

    private final Provider provider;
    /** ECDH reads a public key every call. */
    private final Spare<KeyFactory> keyFactories;
    /** A generator per curve, initialized once: looking one up and setting its curve cost a sixth of a P-256 key. */
    private final Map<EcCurve, Spare<KeyPairGenerator>> generators = new EnumMap<>(EcCurve.class);

    AwsLcEcEngine(Provider provider) {
        this.provider = provider;
        this.keyFactories = new Spare<>(() -> KeyFactory.getInstance("EC", provider));
        for (EcCurve curve : EcCurve.values()) {
            generators.put(curve, new Spare<>(() -> {
                KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", provider);
                generator.initialize(new ECGenParameterSpec(curve.opensslName));
                return generator;
            }));
        }
    }

    @Override
    public PreparedEcKey prepare(EcCurve curve, BigInteger scalar, ECPoint publicPoint) throws GeneralSecurityException {
        PrivateKey key = KeyFactory.getInstance("EC", provider).generatePrivate(new PKCS8EncodedKeySpec(privateKeyInfo(curve, scalar)));
        Spare<Signature> signers = new Spare<>(() -> {
            Signature signer = Signature.getInstance("NONEwithECDSA", provider);
            signer.initSign(key);
            return signer;
        });
        Spare<KeyAgreement> agreements = new Spare<>(() -> {
            KeyAgreement agreement = KeyAgreement.getInstance("ECDH", provider);
            agreement.init(key);
            return agreement;
        });
        return new PreparedEcKey() {
            @Override
            public byte[] signHash(byte[] hash) {
                return refusedAsFault(() -> signers.use(signer -> {
                    signer.update(hash);
                    return signer.sign();
                }));
            }

            @Override
            public byte[] agree(ECPoint peer) {
                return refusedAsFault(() -> {
                    PublicKey peerKey = publicKey(curve, peer);
                    return agreements.use(agreement -> {
                        agreement.doPhase(peerKey, true);
                        return agreement.generateSecret();
                    });
                });
            }
        };
    }

    @Override
    public PreparedEcPublicKey preparePublic(EcCurve curve, ECPoint point) throws GeneralSecurityException {
        PublicKey key = publicKey(curve, point);
        Spare<Signature> verifiers = new Spare<>(() -> {
            Signature verifier = Signature.getInstance("NONEwithECDSA", provider);
            verifier.initVerify(key);
            return verifier;
        });
        return (hash, signature) -> refusedAsFault(() -> verifiers.use(verifier -> {
            verifier.update(hash);
            return verifier.verify(signature);
        }));
    }

    /** AWS-LC's key generation (EC_KEY_generate_key_fips: a pairwise test of each new key). */
    @Override
    public KeyPair generateKeyPair(EcCurve curve) throws GeneralSecurityException {
        return generators.get(curve).use(KeyPairGenerator::generateKeyPair);
    }

    private PublicKey publicKey(EcCurve curve, ECPoint point) throws GeneralSecurityException {
        byte[] prefix = PUBLIC_KEY_PREFIXES[curve.ordinal()], octets = curve.uncompressed(point);
        byte[] spki = Arrays.copyOf(prefix, prefix.length + octets.length);
        System.arraycopy(octets, 0, spki, prefix.length, octets.length);
        return keyFactories.use(factory -> factory.generatePublic(new X509EncodedKeySpec(spki)));
    }

    /** PKCS#8 of the scalar alone: AWS-LC computes the public point itself. */
    private static byte[] privateKeyInfo(EcCurve curve, BigInteger scalar) throws GeneralSecurityException {
        try {
            org.bouncycastle.asn1.sec.ECPrivateKey key = new org.bouncycastle.asn1.sec.ECPrivateKey(curve.order().bitLength(), scalar, null, null);
            return new PrivateKeyInfo(ALGORITHMS[curve.ordinal()], key).getEncoded();
        } catch (IOException e) {
            throw new GeneralSecurityException("EC private key not encodable", e);
        }
    }

    private static byte[] der(SubjectPublicKeyInfo info) {
        try {
            return info.getEncoded();
        } catch (IOException e) {
            throw new IllegalStateException("EC public key not encodable", e);
        }
    }

    private interface Operation<R> {
        R run() throws GeneralSecurityException;
    }

    /** Every point and key reaching AWS-LC was checked above, so its refusal is a fault: no output leaves. */
    private static <R> R refusedAsFault(Operation<R> operation) {
        try {
            return operation.run();
        } catch (GeneralSecurityException e) {
            throw new FaultDetectedException("AWS-LC refused an EC operation on checked input: " + e.getMessage());
        }
    }
}
