package fastrsaengine.structures;

import fastrsaengine.engines.ec.EcKeyChecks;
import fastrsaengine.engines.shared.FaultDetectedException;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.jruby.ext.openssl.PKeyEC;

/**
 * ECDSA over a hash in Java, by Bouncy Castle: what signs a structure with an EC key where no engine
 * does and stock cannot. Stock fails on every key with OCSP::RESPID_KEY, and on JDK 17 signs
 * certificates and CRLs through SunEC, which has no secp256k1 or secp224r1 (MRI signs both).
 * Bouncy Castle is named, not looked up, so every curve jruby-openssl reads is taken whatever the
 * JDK's providers are. A key is taken once a probe signature verifies with its public point (the
 * pairwise test the engines' keys pass, {@link EcKeyChecks}), and every signature is verified before
 * it leaves: this path is rare, so its check costs nothing that matters.
 */
final class JdkEcdsa {
    private static final Provider BOUNCY_CASTLE = new BouncyCastleProvider();

    private JdkEcdsa() {
    }

    /** Whether the key signs here: a private key with its public point, whose probe signature verifies. */
    static boolean signs(PKeyEC key) {
        return verifiedSignature(key, EcKeyChecks.probeHash()) != null;
    }

    /** The DER signature of a hash, for a key {@link #signs} took. */
    static byte[] signHash(PKeyEC key, byte[] hash) {
        byte[] signature = verifiedSignature(key, hash);
        if (signature == null) throw new FaultDetectedException("EC signature failed its check");
        return signature;
    }

    /** The signature, or null where Bouncy Castle refuses the key or the signature does not verify. */
    private static byte[] verifiedSignature(PKeyEC key, byte[] hash) {
        PrivateKey privateKey = key.getPrivateKey();
        PublicKey publicKey = key.getPublicKey();
        if (privateKey == null || publicKey == null) return null;
        try {
            Signature signer = Signature.getInstance("NONEwithECDSA", BOUNCY_CASTLE);
            signer.initSign(privateKey);
            signer.update(hash);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance("NONEwithECDSA", BOUNCY_CASTLE);
            verifier.initVerify(publicKey);
            verifier.update(hash);
            return verifier.verify(signature) ? signature : null;
        } catch (GeneralSecurityException | IllegalArgumentException refused) { // a key or curve Bouncy Castle does not take
            return null;
        }
    }
}
