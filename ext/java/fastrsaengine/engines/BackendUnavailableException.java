package fastrsaengine.engines;

/** A backend cannot run on this machine; the message says why, for a warning or an error. */
public final class BackendUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BackendUnavailableException(String message) {
        super(message);
    }

    public BackendUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
