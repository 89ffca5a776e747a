package fastrsaengine.verification;

import fastrsaengine.engines.shared.WeakIdentityCache;
import fastrsaengine.structures.DerSlots;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.util.io.pem.PemObject;
import org.bouncycastle.util.io.pem.PemReader;

/**
 * The DER a certificate, CSR or CRL was read from, where it is not what stock's object encodes:
 * stock reads it through Bouncy Castle, which keeps values and encodes them again (a BOOLEAN written
 * 0x01 comes back 0xFF, a length in long form comes back short), and checks the signature over that
 * encoding; OpenSSL keeps the bytes it read and checks them. Kept beside stock's object (the JCA
 * certificate or CRL, the Bouncy Castle request, which stock replaces when it signs anew), weakly,
 * and only where the two differ: a structure read from DER as DER costs one comparison.
 */
final class GivenEncodings {
    private static final WeakIdentityCache<Object, byte[]> GIVEN = new WeakIdentityCache<>();

    private GivenEncodings() {
    }

    /** How stock's object encodes itself. */
    interface Encoded {
        byte[] encoded() throws GeneralSecurityException, IOException;
    }

    /**
     * Notes what {@code held} (stock's object, just read) was read from: the String given to new,
     * DER or PEM, as stock reads it; nothing where it reads no structure from it or encodes it alike.
     */
    static void note(Object held, byte[] given, Encoded stock) {
        byte[] read = structureIn(given);
        if (held == null || read == null) return;
        try {
            byte[] encoded = stock.encoded();
            // Kept only where the bytes differ and hold the same values (the structure stock read, not another PEM block).
            if (!Arrays.equals(read, encoded) && Arrays.equals(asDer(read), asDer(encoded))) GIVEN.put(held, read);
        } catch (GeneralSecurityException | IOException | IllegalArgumentException unencoded) { // stock's verify fails on it alike
            return;
        }
    }

    /** The DER {@code held} was read from where stock encodes it otherwise, else null. */
    static byte[] of(Object held) {
        return GIVEN.get(held);
    }

    private static byte[] asDer(byte[] encoded) throws IOException {
        return ASN1Primitive.fromByteArray(encoded).getEncoded(ASN1Encoding.DER);
    }

    /** The first structure in the bytes, DER as it stands or the first PEM block's; null where there is none to walk. */
    private static byte[] structureIn(byte[] given) {
        try {
            if (given.length > 0 && given[0] == 0x30) return DerSlots.firstElement(given);
            PemObject pem = new PemReader(new StringReader(new String(given, StandardCharsets.ISO_8859_1))).readPemObject();
            return pem == null ? null : DerSlots.firstElement(pem.getContent());
        } catch (IOException | IllegalArgumentException | IllegalStateException unread) {
            return null;
        }
    }
}
