package fastrsaengine.engines.shared;

import java.util.List;

/**
 * A value worked out for an object, kept beside it ({@link WeakIdentityCache}) with the objects it
 * was worked out from: asked again with the same objects (by identity, in order), it is the kept
 * value; with any other, none, and the caller works it out again. For answers that depend on nothing
 * but objects that never change once made (jruby-openssl's signer lookups: a collection changed holds
 * other objects, so a changed input is a different one).
 */
public final class IdentityMemo<K, V> {
    private final WeakIdentityCache<K, Kept<V>> kept = new WeakIdentityCache<>();

    /** The value kept for the object and these inputs, or null. */
    public V get(K object, List<?> inputs) {
        Kept<V> entry = kept.get(object);
        return entry != null && sameObjects(entry.inputs, inputs) ? entry.value : null;
    }

    /** Keeps the value for the object and these inputs, in place of any kept before. */
    public void put(K object, List<?> inputs, V value) {
        kept.put(object, new Kept<>(inputs, value));
    }

    private static boolean sameObjects(List<?> a, List<?> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (a.get(i) != b.get(i)) return false;
        return true;
    }

    private static final class Kept<V> {
        final List<?> inputs;
        final V value;

        Kept(List<?> inputs, V value) {
            this.inputs = inputs;
            this.value = value;
        }
    }
}
