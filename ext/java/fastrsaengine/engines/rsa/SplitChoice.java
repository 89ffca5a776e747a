package fastrsaengine.engines.rsa;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether one key's next operation, with a core free, is to split: the way that has been the faster
 * lately, learnt from the key's own calls. A second core is not always worth a hand-off: where the
 * JVM's compiler or collector threads, another process or the host hold it, the helper's half comes
 * late and a split call takes longer than one computed whole (measured: RSA-2048 signatures in 0.6 s
 * windows, split 0.8x to 1.8x unsplit's rate from one window to the next in one process); and on a
 * CPU whose vector unit computes both halves at once (AVX-512 IFMA, with AWS-LC) splitting never
 * wins (measured: 0.97x of whole at RSA-2048, 0.77x at 4096). The figures of the learning are in
 * doc/how-it-works.md.
 *
 * <p>So each way's time per call is kept as a moving average, and {@value #BURST} calls in every
 * period take the way not chosen, so that both averages follow the machine as it changes. A burst,
 * not single calls: the first call of a way after the other wakes a parked helper, or leaves it
 * spinning, and is not timed, else the way not chosen would always look the slower. The period is
 * {@value #MIN_PERIOD} calls while the two ways are close and doubles, up to {@value #MAX_PERIOD},
 * after each burst that leaves them apart by more than the margin: where one way is plainly the
 * faster, looking again cost 3% of the rate at the shortest period (IFMA, RSA-4096) and nothing
 * measurable at the longest. A burst's times weigh more than the chosen way's, and a turn brings the
 * period back to its shortest, so that a machine that changed is noticed within a burst or two.
 *
 * <p>The choice reads timings only, never the key or its input: it tells nothing of a secret.
 */
final class SplitChoice {
    private static final int MIN_PERIOD = 64;
    private static final int MAX_PERIOD = 1024;
    private static final int BURST = 4;
    /** Each new time of the way chosen weighs 1/2^{@value #WEIGHT_SHIFT} of its average: about the last 16 timed calls. */
    private static final int WEIGHT_SHIFT = 4;
    /**
     * Each time of a burst weighs 1/2^{@value #LOOK_WEIGHT_SHIFT} of the other way's average: a burst
     * comes seldom, and its few calls must be able to show the machine changed since the last.
     */
    private static final int LOOK_WEIGHT_SHIFT = 2;
    /**
     * A call that took longer than this many times its way's average counts as that long: a collector's
     * pause or a descheduled thread, which either way may meet, must not turn the choice on its own.
     */
    private static final long OUTLIER_TIMES = 2;
    /**
     * The choice turns only when the way not chosen is faster by 1/2^{@value #MARGIN_SHIFT} of whole's
     * average: the split's times spread wide (its helper now and then late), and where it wins it wins
     * by a third or more, so a choice that turned at every crossing of two noisy averages gave up much
     * of that; where it does not win, a key that turned to it on noise paid for it until it turned back.
     */
    private static final int MARGIN_SHIFT = 3;
    /** Off in the specs that count split calls: every call with a core free then splits. */
    private static volatile boolean learning = true;

    private final AtomicLong splitNanos = new AtomicLong(); // 0: no call timed yet
    private final AtomicLong wholeNanos = new AtomicLong();
    private final AtomicInteger calls = new AtomicInteger();
    /** Calls from one burst to the next: a power of two, {@value #MIN_PERIOD} to {@value #MAX_PERIOD}. */
    private volatile int period = MIN_PERIOD;
    /** The way chosen: whole at first, until splitting has shown itself the faster (its first burst is the key's first calls). */
    private volatile boolean splitting;
    /** The way the last call recorded went (null before the first): a call that went the other way is the first of its way. */
    private volatile Boolean lastSplit;

    static void learn(boolean wanted) {
        learning = wanted;
    }

    /** Whether the next call is to split: the way chosen, but in a burst the other. */
    boolean splitNext() {
        if (!learning) return true;
        long split = splitNanos.get();
        long whole = wholeNanos.get();
        boolean timed = split != 0 && whole != 0;
        long margin = whole >> MARGIN_SHIFT;
        boolean splitFaster = timed && split < whole - margin;
        boolean apart = splitFaster || (timed && split > whole + margin);
        if (apart && splitting != splitFaster) turn(splitFaster);
        int call = calls.incrementAndGet() & (period - 1);
        if (call == BURST) period = apart ? Math.min(period * 2, MAX_PERIOD) : MIN_PERIOD;
        return (call < BURST) != splitting;
    }

    /** A new way: looked at again soon, as the machine that made the old one the faster has changed. */
    private void turn(boolean toSplit) {
        splitting = toSplit;
        period = MIN_PERIOD;
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
        int shift = split == splitting ? WEIGHT_SHIFT : LOOK_WEIGHT_SHIFT;
        long sample = Math.max(1, nanos);
        long old;
        long updated;
        do {
            old = average.get();
            updated = old == 0 ? sample : Math.max(1, old + ((Math.min(sample, OUTLIER_TIMES * old) - old) >> shift));
        } while (!average.compareAndSet(old, updated));
    }
}
