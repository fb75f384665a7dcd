package sattar.model.java.util;

/**
 * sattar's model of java.util.AbstractMap: the JDK's equals and hashCode over the subclass's
 * entrySet, size, get and containsKey. The JDK caches its key and value views in fields; the
 * models make a new view per call (the same behaviour, one identity less).
 */
public abstract class AbstractMap<K, V> implements Map<K, V> {
    protected AbstractMap() {
    }

    public abstract Set<Map.Entry<K, V>> entrySet();

    public boolean isEmpty() {
        return size() == 0;
    }

    /** The same size and, for every entry here, an equal value under its key in o. */
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Map)) {
            return false;
        }
        Map<?, ?> m = (Map<?, ?>) o;
        if (m.size() != size()) {
            return false;
        }
        try {
            Iterator<Map.Entry<K, V>> i = entrySet().iterator();
            while (i.hasNext()) {
                Map.Entry<K, V> e = i.next();
                K key = e.getKey();
                V value = e.getValue();
                if (value == null) {
                    if (!(m.get(key) == null && m.containsKey(key))) {
                        return false;
                    }
                } else {
                    if (!value.equals(m.get(key))) {
                        return false;
                    }
                }
            }
        } catch (ClassCastException | NullPointerException unused) {
            return false;
        }
        return true;
    }

    /** The sum of the entries' hashes. */
    public int hashCode() {
        int h = 0;
        Iterator<Map.Entry<K, V>> i = entrySet().iterator();
        while (i.hasNext()) {
            h += i.next().hashCode();
        }
        return h;
    }

    /** AbstractMap's equality of entries' parts: equals is called even on the same object. */
    private static boolean eq(Object o1, Object o2) {
        return o1 == null ? o2 == null : o1.equals(o2);
    }

    /** The JDK's SimpleImmutableEntry: a snapshot whose setValue throws. */
    public static class SimpleImmutableEntry<K, V> implements Map.Entry<K, V> {
        private final K key;
        private final V value;

        public SimpleImmutableEntry(Map.Entry<? extends K, ? extends V> entry) {
            this.key = entry.getKey();
            this.value = entry.getValue();
        }

        public K getKey() {
            return key;
        }

        public V getValue() {
            return value;
        }

        public V setValue(V value) {
            throw new UnsupportedOperationException();
        }

        public boolean equals(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            return eq(key, e.getKey()) && eq(value, e.getValue());
        }

        public int hashCode() {
            return (key == null ? 0 : key.hashCode()) ^ (value == null ? 0 : value.hashCode());
        }
    }
}
