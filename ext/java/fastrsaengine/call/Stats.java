package fastrsaengine.call;

import fastrsaengine.engines.rsa.KeyChecks;
import fastrsaengine.engines.rsa.Split;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.jruby.Ruby;
import org.jruby.RubyHash;

/**
 * FastRsaEngine.stats: per patched method, the calls the engine answered and the calls left to
 * stock with the reason; and the results that failed their check. Always on: one LongAdder
 * increment a call, uncontended across threads.
 */
public final class Stats {
    /** What became of one call. */
    public enum Outcome {
        /** The engine answered. */
        ENGINE,
        /** Stock answered: the engine declined the key (numbers it cannot check, or no key of that kind). */
        KEY_DECLINED,
        /** Stock answered: an argument or option the engine does not take (stock raises or copes). */
        OPTION_NOT_TAKEN,
        /** Stock answered: the backend is :stock. */
        BACKEND_STOCK;

        final String key = name().toLowerCase(Locale.ROOT);
    }

    private final Map<String, LongAdder[]> calls = new ConcurrentHashMap<>();
    private volatile long failedChecksAtReset = KeyChecks.failedChecks();
    private volatile long splitAtReset = Split.splitCalls();
    private volatile long unsplitAtReset = Split.unsplitCalls();

    void count(String method, Outcome outcome) {
        LongAdder[] counters = calls.get(method); // lock-free; Java 8's computeIfAbsent locks even when present
        if (counters == null) counters = calls.computeIfAbsent(method, m -> newCounters());
        counters[outcome.ordinal()].increment();
    }

    void reset() {
        calls.clear();
        failedChecksAtReset = KeyChecks.failedChecks();
        splitAtReset = Split.splitCalls();
        unsplitAtReset = Split.unsplitCalls();
    }

    /**
     * {method: {engine: n, key_declined: n, option_not_taken: n, backend_stock: n}}, check_failures, and
     * split: {split: n, unsplit: n}, the operations of keys the split takes on two threads and on one
     * (these two and check_failures are the JVM's, counted since this runtime's reset).
     */
    RubyHash toHash(Ruby runtime) {
        RubyHash methods = RubyHash.newHash(runtime);
        calls.forEach((method, counters) -> {
            RubyHash counts = RubyHash.newHash(runtime);
            for (Outcome outcome : Outcome.values()) {
                counts.fastASet(runtime.newSymbol(outcome.key), runtime.newFixnum(counters[outcome.ordinal()].sum()));
            }
            methods.fastASet(runtime.newSymbol(method), counts);
        });
        RubyHash stats = RubyHash.newHash(runtime);
        stats.fastASet(runtime.newSymbol("calls"), methods);
        stats.fastASet(runtime.newSymbol("check_failures"), runtime.newFixnum(KeyChecks.failedChecks() - failedChecksAtReset));
        RubyHash split = RubyHash.newHash(runtime);
        split.fastASet(runtime.newSymbol("split"), runtime.newFixnum(Split.splitCalls() - splitAtReset));
        split.fastASet(runtime.newSymbol("unsplit"), runtime.newFixnum(Split.unsplitCalls() - unsplitAtReset));
        stats.fastASet(runtime.newSymbol("split"), split);
        return stats;
    }

    private static LongAdder[] newCounters() {
        LongAdder[] counters = new LongAdder[Outcome.values().length];
        for (int i = 0; i < counters.length; i++) counters[i] = new LongAdder();
        return counters;
    }
}
