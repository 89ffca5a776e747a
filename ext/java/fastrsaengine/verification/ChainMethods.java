package fastrsaengine.verification;

import fastrsaengine.call.Call;
import fastrsaengine.call.Stats.Outcome;
import fastrsaengine.chains.PlainChain;
import fastrsaengine.structures.JopensslSeams;
import java.util.List;
import org.jruby.anno.JRubyMethod;
import org.jruby.runtime.Block;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;
import org.jruby.ext.openssl.x509store.StoreContext;
import org.jruby.ext.openssl.x509store.X509AuxCertificate;

/**
 * FastRsaEngine::ChainMethods: X509::StoreContext#verify (and so X509::Store#verify, which calls it),
 * true for a plain chain the gem checks itself ({@link PlainChain}), with the context left as stock's
 * verify leaves it ({@link JopensslSeams} item 13); every other chain stock's verify, as it was.
 */
public final class ChainMethods {
    private ChainMethods() {
    }

    /** X509::StoreContext#verify: the block yields to super. */
    @JRubyMethod(name = "store_context_verify", module = true)
    public static IRubyObject storeContextVerify(ThreadContext context, IRubyObject module, IRubyObject self, Block stock) {
        Call call = Call.start(context, module, "store_context_verify", stock);
        StoreContext check = JopensslSeams.storeContext(self);
        if (check == null || check.getChain() != null || hasCallback(self, check)) return call.stockBecause(Outcome.OPTION_NOT_TAKEN);
        List<X509AuxCertificate> chain = PlainChain.verified(new IssuerSignature(call), check);
        if (chain == null) return call.stockBecause(Outcome.OPTION_NOT_TAKEN);
        JopensslSeams.holdVerifiedChain(check, chain);
        return call.verdict(true);
    }

    /** A verify callback, the context's or its store's (stock's calls it at each depth): stock's check. */
    private static boolean hasCallback(IRubyObject self, StoreContext check) {
        IRubyObject callback = self.getInstanceVariables().getInstanceVariable("@verify_callback");
        return callback != null && !callback.isNil() || check.getStore().getExtraData(StoreContext.ossl_ssl_ex_vcb_idx) != null;
    }
}
