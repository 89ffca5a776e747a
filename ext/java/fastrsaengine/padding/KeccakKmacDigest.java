package fastrsaengine.padding;

import org.bouncycastle.crypto.digests.KeccakDigest;

/**
 * OpenSSL's KECCAK-KMAC-128 and KECCAK-KMAC-256: the Keccak sponge under KMAC (and cSHAKE), with
 * its domain padding (0x04) and no prefix, of capacity 256 or 512 bits and 32 or 64 output bytes
 * (providers/implementations/digests/sha3_prov.c). MRI's OAEP takes it by name; Bouncy Castle
 * has it only inside its KMAC, so the sponge is driven here.
 */
final class KeccakKmacDigest extends KeccakDigest {
    private final int outputBytes;

    /** @param strength 128 or 256: half the sponge's capacity, as in the name */
    KeccakKmacDigest(int strength) {
        super(strength);
        this.outputBytes = strength / 4;
    }

    @Override
    public String getAlgorithmName() {
        return "KECCAK-KMAC-" + (outputBytes * 4);
    }

    @Override
    public int getDigestSize() {
        return outputBytes;
    }

    @Override
    public int doFinal(byte[] out, int offset) {
        absorbBits(0x00, 2); // KMAC's two zero domain bits; the sponge appends the 10*1 padding
        squeeze(out, offset, outputBytes * 8L);
        reset();
        return outputBytes;
    }
}
