package fastrsaengine.engines.rsa;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether one key's next operation, with a core free, is to split: the way that has been the faster
 * lately, learnt from the key's own calls. A second core is not always worth a hand-off: where the
 * JVM's compiler or collector threads, another process or the host hold it, the helper's half comes
 * late and a split call takes longer than one computed whole (measured: RSA-2048 signatures in 0.6 s
 * windows, split 0.8x to 1.8x unsplit's rate from one window to the next in one process; the figures
 * of the learning are in doc/how-it-works.md). So each way's time per call is kept as a moving
 * average, and {@value #BURST} calls in every {@value #PERIOD} take the way not chosen, so that both
 * averages follow the machine as it changes: about 6% of calls. A burst, not single calls: the first call of a
 * way after the other wakes a parked helper, or leaves it spinning, and is not timed, else the way
 * not chosen would always look the slower. The choice reads timings only, never the key or its input:
 * it tells nothing of a secret.
 */
final class SplitChoice {
    private static final int PERIOD = 64;
    private static final int BURST = 4;
    /** Each new time weighs 1/2^{@value #WEIGHT_SHIFT} of the average: about the last 16 timed calls. */
    private static final int WEIGHT_SHIFT = 4;
    /**
     * A call that took longer than this many times its way's average counts as that long: a collector's
     * pause or a descheduled thread, which either way may meet, must not turn the choice on its own.
     */
    private static final long OUTLIER_TIMES = 2;
    /**
     * Splitting stays the choice until its average exceeds whole's by 1/2^{@value #MARGIN_SHIFT}: the
     * split's times spread wide (its helper now and then late), and where it wins it wins by a third or
     * more, so a choice that turned at every crossing of two noisy averages gave up much of that.
     */
    private static final int MARGIN_SHIFT = 3;
    /** Off in the specs that count split calls: every call with a core free then splits. */
    private static volatile boolean learning = true;

    private final AtomicLong splitNanos = new AtomicLong(); // 0: no call timed yet
    private final AtomicLong wholeNanos = new AtomicLong();
    private final AtomicInteger calls = new AtomicInteger();
    /** The way the last call recorded went (null before the first): a call that went the other way is the first of its way. */
    private volatile Boolean lastSplit;

    static void learn(boolean wanted) {
        learning = wanted;
    }

    /** Whether the next call is to split: the faster way or one with no time yet, but in a burst the other. */
    boolean splitNext() {
        if (!learning) return true;
        long split = splitNanos.get();
        long whole = wholeNanos.get();
        boolean faster = split == 0 || whole == 0 || split <= whole + (whole >> MARGIN_SHIFT);
        boolean burst = (calls.incrementAndGet() & (PERIOD - 1)) < BURST;
        return burst != faster;
    }

    /**
     * A call's time, the way it went. The first call after a change of way is not counted, nor the
     * key's first call: besides waking a helper, it runs code the first time, and as the first time
     * of a way it would weigh alone until later calls wore it down (measured: one slow first call
     * kept a key from the faster way for hundreds of calls).
     */
    void record(boolean split, long nanos) {
        boolean first = !Boolean.valueOf(split).equals(lastSplit);
        lastSplit = split;
        if (first) return;
        AtomicLong average = split ? splitNanos : wholeNanos;
        long sample = Math.max(1, nanos);
        long old;
        long updated;
        do {
            old = average.get();
            updated = old == 0 ? sample : Math.max(1, old + ((Math.min(sample, OUTLIER_TIMES * old) - old) >> WEIGHT_SHIFT));
        } while (!average.compareAndSet(old, updated));
    }
}
