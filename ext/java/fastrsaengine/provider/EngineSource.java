package fastrsaengine.provider;

import fastrsaengine.engines.rsa.RsaEngine;

/**
 * Where the provider's operations run, and where they are counted: the engine of the JRuby runtime
 * that installed it (its backend as switched at run time), and that runtime's FastRsaEngine.stats.
 */
public interface EngineSource {
    /** The active engine; null while the backend is stock (the JDK's arithmetic then answers). */
    RsaEngine engine();

    /** Counts one operation of the provider's, answered by the engine or by the JDK's arithmetic. */
    void count(String operation, boolean byEngine);
}
