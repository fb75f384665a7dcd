package sattar.model.java.util;

/**
 * sattar's model of java.util.Map: the methods every modelled map has, and the JDK's default
 * methods that take no lambda (getOrDefault, putIfAbsent, remove(key, value), replace), as
 * Map declares them; the lambda-taking ones (forEach, compute…, merge) are not declared.
 */
public interface Map<K, V> {
    /** The number of mappings. */
    int size();

    /** Whether there is none. */
    boolean isEmpty();

    /** Whether a key equals key. */
    boolean containsKey(Object key);

    /** Whether a value equals value. */
    boolean containsValue(Object value);

    /** The value of key, or null. */
    V get(Object key);

    /** Maps key to value; the old value, or null. */
    V put(K key, V value);

    /** Removes key's mapping; its value, or null. */
    V remove(Object key);

    /** Removes every mapping. */
    void clear();

    /** The keys, a view backed by the map. */
    Set<K> keySet();

    /** The values, a view backed by the map. */
    Collection<V> values();

    /** The mappings, a view backed by the map. */
    Set<Map.Entry<K, V>> entrySet();

    default V getOrDefault(Object key, V defaultValue) {
        V v;
        return (((v = get(key)) != null) || containsKey(key)) ? v : defaultValue;
    }

    default V putIfAbsent(K key, V value) {
        V v = get(key);
        if (v == null) {
            v = put(key, value);
        }
        return v;
    }

    default boolean remove(Object key, Object value) {
        Object curValue = get(key);
        if (!eq(curValue, value) || (curValue == null && !containsKey(key))) {
            return false;
        }
        remove(key);
        return true;
    }

    default boolean replace(K key, V oldValue, V newValue) {
        Object curValue = get(key);
        if (!eq(curValue, oldValue) || (curValue == null && !containsKey(key))) {
            return false;
        }
        put(key, newValue);
        return true;
    }

    default V replace(K key, V value) {
        V curValue;
        if (((curValue = get(key)) != null) || containsKey(key)) {
            curValue = put(key, value);
        }
        return curValue;
    }

    /** java.util.Objects.equals. */
    static boolean eq(Object a, Object b) {
        return (a == b) || (a != null && a.equals(b));
    }

    /** java.util.Map.Entry: one mapping. */
    interface Entry<K, V> {
        /** Its key. */
        K getKey();

        /** Its value. */
        V getValue();

        /** Replaces its value; the old one. */
        V setValue(V value);
    }
}
