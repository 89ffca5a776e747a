package fastrsaengine.engines.shared;

/**
 * A private-key result failed its check with the public exponent, after a recomputation.
 * Carries no numbers: a faulty CRT result is exactly what the Bellcore attack needs.
 */
public final class FaultDetectedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FaultDetectedException() {
        super("RSA private-key operation failed its consistency check");
    }

    /** Another operation's result failed its check (an EC signature not of the form ECDSA's are). */
    public FaultDetectedException(String message) {
        super(message);
    }

    /** The native library refused the operation; its own message carries no key material. */
    public FaultDetectedException(Throwable cause) {
        super("RSA private-key operation failed its consistency check", cause);
    }
}
