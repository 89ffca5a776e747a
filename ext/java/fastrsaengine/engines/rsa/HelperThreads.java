package fastrsaengine.engines.rsa;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.math.BigInteger;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * The split's helper threads: one per core beyond the first, daemon, started on first use. A hand-off
 * never waits: {@link #offer} gives a task to a helper that is idle at that moment, or returns null at
 * once and the caller computes everything itself. A helper that has not started its task when the
 * caller wants the answer gives it back ({@link Handoff#join}), so a busy machine, whose helpers are
 * not scheduled in time, costs a call no more than computing both halves itself.
 *
 * <p>A helper idle for {@value #IDLE_EXIT_SECONDS} seconds exits, and the next offer starts it again:
 * the extension's classes may be loaded once per JRuby runtime, and a runtime torn down must not
 * leave threads behind. After a task a helper spins briefly before it parks: a signing loop hands the
 * next task over before the helper sleeps, without the few tens of microseconds a wake-up costs.
 */
final class HelperThreads {
    /** Named so that a thread dump, and the specs, tell them apart. */
    static final String THREAD_NAME = "fast-rsa-engine split helper";
    private static final int IDLE_EXIT_SECONDS = 5;
    /**
     * How long a helper spins for its next task before it parks, and a caller for its helper's half
     * before it parks: a wake-up from park costs tens of microseconds on a virtual machine, a tenth of
     * a half of RSA-2048 (measured: see doc/benchmarks.md), and a signing loop's next task comes well
     * within this. Neither spins while every core has an operation to run ({@link Split#coreFree}): the
     * spin would take the time of a thread that has work.
     */
    private static final long HELPER_SPIN_NANOS = 500_000;
    private static final long CALLER_SPIN_NANOS = 1_000_000;
    /** Thread.onSpinWait (Java 9+; the extension is built for Java 8), a CPU's pause hint that leaves the other hyperthread its share; nothing on Java 8. */
    private static final Runnable SPIN_WAIT = spinWait();
    private static final Helper[] HELPERS = helpers(Runtime.getRuntime().availableProcessors() - 1);

    private HelperThreads() {
    }

    /** How many helpers this JVM has: one per core beyond the first. */
    static int count() {
        return HELPERS.length;
    }

    /** Hands the task to an idle helper and returns its hand-off, or null when none is idle. */
    static Handoff offer(Supplier<BigInteger> task) {
        for (Helper helper : HELPERS) {
            Handoff handoff = helper.take(task);
            if (handoff != null) return handoff;
        }
        return null;
    }

    private static Runnable spinWait() {
        try {
            MethodHandle onSpinWait = MethodHandles.publicLookup().findStatic(Thread.class, "onSpinWait", MethodType.methodType(void.class));
            return () -> {
                try {
                    onSpinWait.invokeExact();
                } catch (Throwable impossible) {
                    throw new AssertionError(impossible);
                }
            };
        } catch (ReflectiveOperationException java8) {
            return () -> { };
        }
    }

    private static Helper[] helpers(int count) {
        Helper[] helpers = new Helper[Math.max(0, count)];
        for (int i = 0; i < helpers.length; i++) helpers[i] = new Helper(i + 1);
        return helpers;
    }

    /** One task handed to a helper: run by whichever thread claims it first. */
    static final class Handoff {
        private static final int POSTED = 0, CLAIMED = 1, DONE = 2;

        private final Supplier<BigInteger> task;
        /** The slot of the helper it was handed to, freed by whichever thread ends the hand-off. */
        private final AtomicReference<Handoff> slot;
        private final Thread caller = Thread.currentThread();
        private final AtomicInteger state = new AtomicInteger(POSTED);
        private BigInteger result;
        private Throwable failure;

        Handoff(Supplier<BigInteger> task, AtomicReference<Handoff> slot) {
            this.task = task;
            this.slot = slot;
        }

        /**
         * The task's answer: computed here if no helper has started it yet, else awaited. The wait is not
         * interruptible (the helper is computing, and its answer must not be lost); an interrupt is
         * kept for the caller to see afterwards. The task's exception is rethrown here.
         */
        BigInteger join() {
            if (takeBack()) return task.get();
            boolean interrupted = false;
            long spinUntil = System.nanoTime() + CALLER_SPIN_NANOS;
            while (state.get() != DONE) {
                if (System.nanoTime() < spinUntil && Split.coreFree()) {
                    SPIN_WAIT.run();
                } else {
                    LockSupport.park(this);
                    interrupted |= Thread.interrupted();
                }
            }
            if (interrupted) caller.interrupt();
            if (failure instanceof Error) throw (Error) failure;
            if (failure != null) throw (RuntimeException) failure;
            return result;
        }

        /** The caller no longer wants the answer: a helper that has not started the task skips it. */
        void cancel() {
            takeBack();
        }

        /**
         * Claims the task for the caller when no helper has, and frees the helper's slot at once: the
         * caller's next operation finds the helper idle even if it has not yet woken to see this one.
         */
        private boolean takeBack() {
            if (!state.compareAndSet(POSTED, CLAIMED)) return false;
            release();
            return true;
        }

        /** Frees the helper's slot if it still holds this hand-off. */
        void release() {
            slot.compareAndSet(this, null);
        }

        /** On the helper: whether it is to run the task (the caller has not taken it back). */
        boolean claim() {
            return state.compareAndSet(POSTED, CLAIMED);
        }

        /** On the helper, once claimed: the task's answer or its exception, kept for {@link #join}. */
        void compute() {
            try {
                result = task.get();
            } catch (RuntimeException | Error e) { // even an Error reaches the caller, who must not wait forever
                failure = e;
            }
        }

        /** On the helper, once computed (and the helper free for the next task): wakes the caller. */
        void finish() {
            state.set(DONE);
            LockSupport.unpark(caller);
        }
    }

    /** One helper: its slot holds the task it was handed, null while idle. */
    private static final class Helper implements Runnable {
        private final AtomicReference<Handoff> slot = new AtomicReference<>();
        private final int number;
        private Thread thread; // guarded by this

        Helper(int number) {
            this.number = number;
        }

        /** The task's hand-off when this helper was idle; null when it is busy. */
        Handoff take(Supplier<BigInteger> task) {
            if (slot.get() != null) return null;
            Handoff handoff = new Handoff(task, slot);
            if (!slot.compareAndSet(null, handoff)) return null;
            try {
                wake();
            } catch (OutOfMemoryError | SecurityException noThread) { // the caller computes everything, as without the split
                handoff.release();
                return null;
            }
            return handoff;
        }

        /** Under the lock that {@link #exit} takes, so a task is never handed to a thread on its way out. */
        private synchronized void wake() {
            if (thread != null) {
                LockSupport.unpark(thread);
                return;
            }
            Thread started = new Thread(this, THREAD_NAME + " " + number);
            started.setDaemon(true);
            // Not the calling runtime's class loader: a helper outliving a runtime must not hold it.
            started.setContextClassLoader(HelperThreads.class.getClassLoader());
            started.start();
            thread = started;
        }

        @Override
        public void run() {
            long idleSince = System.nanoTime();
            while (true) {
                Handoff handoff = slot.get();
                if (handoff != null) {
                    run(handoff);
                    idleSince = System.nanoTime();
                    continue;
                }
                long idle = System.nanoTime() - idleSince;
                if (idle < HELPER_SPIN_NANOS && Split.coreFree()) {
                    SPIN_WAIT.run();
                } else if (idle < IDLE_EXIT_SECONDS * 1_000_000_000L) {
                    LockSupport.parkNanos(this, IDLE_EXIT_SECONDS * 1_000_000_000L - idle);
                    Thread.interrupted(); // nobody may stop a helper mid-task; an interrupt only wakes it
                } else if (exit()) {
                    return;
                }
            }
        }

        /** Frees the slot before the caller wakes, so the caller's next operation finds this helper idle. */
        private void run(Handoff handoff) {
            if (!handoff.claim()) return; // taken back by its caller, who freed the slot
            handoff.compute();
            handoff.release();
            handoff.finish();
        }

        /** Leaves when still idle; a task handed over meanwhile is run first, and a later one starts a new thread. */
        private synchronized boolean exit() {
            if (slot.get() != null) return false;
            thread = null;
            return true;
        }
    }
}
