package fastrsaengine.verification;

import fastrsaengine.call.Call;
import fastrsaengine.call.Stats.Outcome;
import fastrsaengine.chains.PlainChain;
import fastrsaengine.structures.JopensslSeams;
import java.util.List;
import org.jruby.RubyFixnum;
import org.jruby.anno.JRubyMethod;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.ext.openssl.x509store.StoreContext;
import org.jruby.ext.openssl.x509store.X509AuxCertificate;

/**
 * FastRsaEngine::ChainMethods: X509::StoreContext#verify (and so X509::Store#verify, which calls it),
 * true for a plain chain the gem checks itself ({@link PlainChain}), with the context left as stock's
 * verify leaves it ({@link JopensslSeams} item 13), or OpenSSL 3.0's false for one holding a key with
 * explicit curve parameters; every other chain stock's verify, as it was.
 */
public final class ChainMethods {
    private ChainMethods() {
    }

    /** X509::StoreContext#verify: the block yields to super. */
    @JRubyMethod(name = "store_context_verify", module = true)
    public static IRubyObject storeContextVerify(ThreadContext context, IRubyObject module, IRubyObject self, Block stock) {
        Call call = Call.start(context, module, "store_context_verify", stock);
        StoreContext check = JopensslSeams.storeContext(self);
        if (check == null || check.getChain() != null || hasCallback(self, check)) return call.stock(Outcome.OPTION_NOT_TAKEN);
        IssuerSignature signatures = new IssuerSignature(call);
        List<X509AuxCertificate> chain = PlainChain.verified(signatures, check);
        if (chain == null) return refusedIfExplicitCurve(check, signatures, call.stock(Outcome.OPTION_NOT_TAKEN));
        JopensslSeams.holdVerifiedChain(check, chain);
        return refusedIfExplicitCurve(check, signatures, call.verdict(true));
    }

    /**
     * A true, unless the chain built holds a key with explicit curve parameters: then OpenSSL 3.0's
     * refusal, where stock says true (DIFFERENCES.md, chain-explicit-curve). No callback is set.
     */
    private static IRubyObject refusedIfExplicitCurve(StoreContext check, IssuerSignature signatures, IRubyObject answer) {
        List<X509AuxCertificate> chain = check.getChain();
        int depth = answer.isTrue() && chain != null ? PlainChain.explicitCurveDepth(signatures, chain) : -1;
        if (depth < 0) return answer;
        JopensslSeams.holdRefusedChain(check, chain, PlainChain.EXPLICIT_CURVE, depth);
        return answer.getRuntime().getFalse();
    }

    /**
     * X509::StoreContext#error_string (and X509::Store#verify's): stock's words, but OpenSSL's for the
     * error the gem's check sets that stock has none for ({@link PlainChain#EXPLICIT_CURVE}).
     */
    @JRubyMethod(name = "error_string", module = true)
    public static IRubyObject errorString(ThreadContext context, IRubyObject module, IRubyObject error, Block stock) {
        boolean explicitCurve = error instanceof RubyFixnum && ((RubyFixnum) error).getLongValue() == PlainChain.EXPLICIT_CURVE;
        return explicitCurve ? context.runtime.newString(PlainChain.EXPLICIT_CURVE_WORDS) : stock.yieldSpecific(context);
    }

    /** A verify callback, the context's or its store's (stock's calls it at each depth): stock's check. */
    private static boolean hasCallback(IRubyObject self, StoreContext check) {
        IRubyObject callback = self.getInstanceVariables().getInstanceVariable("@verify_callback");
        return callback != null && !callback.isNil() || check.getStore().getExtraData(StoreContext.ossl_ssl_ex_vcb_idx) != null;
    }
}
