package fastrsaengine.engines.shared;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Values kept for objects by identity, as long as the object lives: a lock-free read, and an entry
 * dropped once its object is collected (the next write sweeps it). A value must not refer to its
 * object, or the object would never be collected.
 *
 * <p>It lets per-key state live beside a key instead of on it: a frozen Ruby key works, and a Java
 * key given to the JCA provider is never kept alive by it.
 */
public final class WeakIdentityCache<K, V> {
    private final ConcurrentHashMap<Object, V> entries = new ConcurrentHashMap<>();
    private final ReferenceQueue<K> collected = new ReferenceQueue<>();

    public V get(K object) {
        return entries.get(new Lookup(object));
    }

    public void put(K object, V value) {
        sweep();
        entries.put(new WeakKey<>(object, collected), value);
    }

    private void sweep() {
        for (Reference<? extends K> gone; (gone = collected.poll()) != null; ) entries.remove(gone);
    }

    /** What both key forms compare: the object they stand for, by identity. */
    private interface Identity {
        Object object();
    }

    private static boolean sameObject(Identity a, Object b) {
        if (a == b) return true;
        if (!(b instanceof Identity)) return false;
        Object object = a.object();
        return object != null && object == ((Identity) b).object();
    }

    private static final class WeakKey<K> extends WeakReference<K> implements Identity {
        private final int hash;

        WeakKey(K object, ReferenceQueue<K> queue) {
            super(object, queue);
            this.hash = System.identityHashCode(object);
        }

        @Override
        public Object object() {
            return get();
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object other) {
            return sameObject(this, other);
        }
    }

    /** A short-lived key for reads: no reference object to allocate and enqueue. */
    private static final class Lookup implements Identity {
        private final Object object;

        Lookup(Object object) {
            this.object = object;
        }

        @Override
        public Object object() {
            return object;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(object);
        }

        @Override
        public boolean equals(Object other) {
            return sameObject(this, other);
        }
    }
}
