package fastrsaengine.call;

import fastrsaengine.engines.ec.EcEngine;
import fastrsaengine.engines.rsa.RsaEngine;
import fastrsaengine.call.Stats.Outcome;
import org.jruby.RubyString;
import org.jruby.ext.openssl.PKeyEC;
import org.jruby.ext.openssl.PKeyRSA;
import org.jruby.exceptions.RaiseException;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * One call of a patched method: the engine, read once when the call starts, so that a backend
 * switched by another thread meanwhile cannot split the call between two engines; stock's method
 * (the {@code { super }} block); and the counting of how the call was answered. Its failures in
 * Java are MRI's for the method by its name here (a structure method's Ruby frame is only "sign").
 */
public final class Call {
    public final ThreadContext context;
    /** The runtime's engine when the call started; null for stock. */
    public final RsaEngine engine;
    private final RuntimeEngine runtime;
    /** The patched method, by the name {@link Errors} and {@link Stats} know it by. */
    public final String method;
    private final Block stock;

    private Call(ThreadContext context, RuntimeEngine runtime, String method, Block stock) {
        this.context = context;
        this.runtime = runtime;
        this.engine = runtime.engineFor(method);
        this.method = method;
        this.stock = stock;
    }

    /**
     * The EC engine of the backend the call started with; null for stock: no backend, one without
     * EC, or EC not applied (its start-up check has not passed).
     */
    public EcEngine ecEngine() {
        return engine == null || !runtime.ecApplied() ? null : engine.ec();
    }

    /** @param module the extension module the method was called on, which carries its runtime's state */
    public static Call start(ThreadContext context, IRubyObject module, String method, Block stock) {
        return new Call(context, RuntimeEngine.of(module), method, stock);
    }

    /** Stock's answer, counted with the reason it is stock's ({@link #count}). */
    public IRubyObject stock(Outcome reason) {
        count(reason);
        return Stock.call(context, method, stock);
    }

    /** Runs an engine operation of this call, not counted: its failures are MRI's for this method. */
    public byte[] perform(EngineCall call) {
        return EngineCall.perform(context.runtime, method, call);
    }

    /** The engine's answer to a padded operation. */
    public IRubyObject engine(EngineCall call) {
        return computed(call, Outcome.ENGINE);
    }

    /** A padded operation's answer, counted as given (the JDK's, for a method stock lacks, counts as stock's). */
    public IRubyObject computed(EngineCall call, Outcome counted) {
        count(counted);
        return RubyString.newStringNoCopy(context.runtime, EngineCall.perform(context.runtime, method, call));
    }

    /** Stock's answer to arguments the patch repaired (not the caller's), counted with the reason given. */
    public IRubyObject stockWith(Outcome reason, IRubyObject... args) {
        count(reason);
        return stockWith(args);
    }

    /**
     * Stock's method run with other arguments than the caller's (a structure method's stand-in key),
     * not counted: the caller counts what it makes of the result. Java exceptions repaired as for stock.
     */
    public IRubyObject stockWith(IRubyObject... args) {
        try {
            return stock.call(context, args);
        } catch (RuntimeException e) {
            throw failure(e);
        }
    }

    /** A failure of this call as the Ruby error MRI raises for the method ({@link Errors#fromJava}). */
    public RaiseException failure(RuntimeException e) {
        return Errors.fromJava(context.runtime, method, e);
    }

    /** Counts an answer given outside these methods (key generation's, which the Ruby shim completes): {@link #count}. */
    public void countAnswer(Outcome outcome) {
        count(outcome);
    }

    /** Why a call with this key is stock's where the backend is not: a key the engine declines, or no key at all. */
    public Outcome stockReason(IRubyObject key) {
        return key instanceof PKeyRSA || key instanceof PKeyEC ? Outcome.KEY_DECLINED : Outcome.OPTION_NOT_TAKEN;
    }

    /** The engine's verdict on a signature (the JDK's, counted as stock's, while the backend is stock). */
    public IRubyObject verdict(boolean verified) {
        count(Outcome.ENGINE);
        return context.runtime.newBoolean(verified);
    }

    /**
     * The one rule of counting: while the backend is stock, every answer is counted as
     * {@code backend_stock}, whatever its path (the JDK's work, or stock's for any reason);
     * else as the outcome given.
     */
    private void count(Outcome outcome) {
        runtime.stats().count(method, engine == null ? Outcome.BACKEND_STOCK : outcome);
    }
}
