package fastrsaengine.engines.rsa;

import java.math.BigInteger;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * When a private-key operation runs its two CRT halves on two cores ({@link SplitCrtKey}): the JVM's
 * setting (FAST_RSA_ENGINE_SPLIT, FastRsaEngine.split=), the key sizes it pays for, whether a core is
 * free, and how many calls split (each key also learns whether splitting is the faster way on this
 * machine now: {@link SplitChoice}). One setting for the JVM, as its helper threads are the JVM's: every
 * runtime and the JCA provider share them.
 */
public final class Split {
    /**
     * The smallest modulus split. Below it the hand-off and the extra multiplications cost about what the
     * second core saves (measured with bin/benchmark: see doc/benchmarks.md).
     */
    public static final int MIN_MODULUS_BITS = 2048;

    private static volatile boolean on = HelperThreads.count() > 0;
    /** Operations of keys the split takes, running now: a core is free while fewer run than there are cores. */
    private static final AtomicInteger RUNNING = new AtomicInteger();
    private static final LongAdder SPLIT = new LongAdder();
    private static final LongAdder UNSPLIT = new LongAdder();

    private Split() {
    }

    /** Whether this JVM can split at all: it has a core beyond the first. */
    public static boolean possible() {
        return HelperThreads.count() > 0;
    }

    public static boolean isOn() {
        return on;
    }

    /** Turns the split on (where {@link #possible}) or off for the JVM; calls running finish as they began. */
    public static void turn(boolean wanted) {
        on = wanted && possible();
    }

    /**
     * Whether each key learns which way is faster ({@link SplitChoice}); off, every operation with a
     * core free splits. For the specs that count split calls: not a setting of the gem's.
     */
    public static void learn(boolean wanted) {
        SplitChoice.learn(wanted);
    }

    /** What FastRsaEngine.info shows. */
    public static String describe() {
        if (!possible()) return "off: one core";
        if (!on) return "off";
        int helpers = HelperThreads.count();
        return "auto: " + helpers + " helper thread" + (helpers == 1 ? "" : "s") + ", keys of " + MIN_MODULUS_BITS + " bits and more";
    }

    /** Whether keys of this modulus are split (when on and a core is free). */
    static boolean takes(BigInteger modulus) {
        return possible() && modulus.bitLength() >= MIN_MODULUS_BITS;
    }

    /** Operations that ran their halves on two threads, in this JVM. */
    public static long splitCalls() {
        return SPLIT.sum();
    }

    /** Operations of keys the split takes that ran on one thread (split off, or no core free), in this JVM. */
    public static long unsplitCalls() {
        return UNSPLIT.sum();
    }

    /** Marks an operation running; the answer says whether to try the split (on, and a core free). */
    static boolean enter() {
        int running = RUNNING.incrementAndGet();
        return on && running <= HelperThreads.count();
    }

    /** Whether fewer operations of keys the split takes run than there are cores: one may be idle. */
    static boolean coreFree() {
        return RUNNING.get() <= HelperThreads.count();
    }

    static void leave(boolean split) {
        RUNNING.decrementAndGet();
        (split ? SPLIT : UNSPLIT).increment();
    }
}
