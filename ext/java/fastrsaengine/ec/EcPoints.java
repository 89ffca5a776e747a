package fastrsaengine.ec;

import fastrsaengine.engines.shared.WeakIdentityCache;
import org.jruby.anno.JRubyMethod;
import org.jruby.ext.openssl.PKeyEC;
import org.jruby.runtime.ThreadContext;
import org.jruby.runtime.builtin.IRubyObject;

/**
 * FastRsaEngine::EcPoints: the OpenSSL::PKey::EC::Point objects that MRI holds at infinity and stock
 * at the group's generator. MRI's {@code Point.new(group)} is the point at infinity (no coordinates
 * given), and so is a point made from one; stock's is the generator, the same Java point as
 * {@code group.generator}'s, so that nothing in the object tells them apart afterwards: only how it
 * was made does. The Ruby shim (EcPointPatch) reports each point Point.new makes, and
 * dh_compute_key refuses the ones noted here, as MRI refuses the point at infinity, where stock would
 * answer with the x of the key's own public point. Every other method of such a point stays stock's
 * (infinity? is false, it encodes as the generator): code written for JRuby may use it as the
 * generator. A point computed from it (mul, add) is stock's point. (DIFFERENCES.md: ec-peer-at-infinity.)
 */
public final class EcPoints {
    /** Kept beside the point, not on it: nothing of the gem shows in the point's own variables. */
    private static final WeakIdentityCache<IRubyObject, Boolean> UNSET = new WeakIdentityCache<>();

    private EcPoints() {
    }

    /** Point.new(group_or_point) with no encoding, after stock's: from a group, or a copy of a point noted. */
    @JRubyMethod(name = "made", module = true)
    public static IRubyObject made(ThreadContext context, IRubyObject module, IRubyObject point, IRubyObject source) {
        if (point instanceof PKeyEC.Point && (source instanceof PKeyEC.Group || unset(source))) UNSET.put(point, Boolean.TRUE);
        return context.nil;
    }

    /** Whether the point was made with no coordinates: MRI's point at infinity. */
    static boolean unset(IRubyObject point) {
        return UNSET.get(point) != null;
    }
}
