package fastrsaengine.patch;

import fastrsaengine.engines.RsaEngine;

/**
 * The engine private-key operations go through, or null for stock jruby-openssl. One per JVM:
 * read on every operation without a lock; switched rarely, and operations already running
 * finish on the engine they started with.
 */
final class ActiveEngine {
    private static volatile RsaEngine engine;

    private ActiveEngine() {
    }

    static RsaEngine get() {
        return engine;
    }

    static void set(RsaEngine newEngine) {
        engine = newEngine;
    }
}
