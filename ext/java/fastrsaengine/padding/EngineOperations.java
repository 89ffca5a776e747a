package fastrsaengine.padding;

import java.util.concurrent.atomic.LongAdder;

/**
 * How many RSA operations the engines performed in this JVM, counted where the paddings hand a
 * block to an engine, and where a key is generated. It lets the specs, and the start-up check, tell
 * an engine's answer from stock's.
 */
public final class EngineOperations {
    private static final LongAdder PERFORMED = new LongAdder();

    private EngineOperations() {
    }

    public static void count() {
        PERFORMED.increment();
    }

    public static long performed() {
        return PERFORMED.sum();
    }
}
