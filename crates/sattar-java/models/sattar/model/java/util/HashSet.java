package sattar.model.java.util;

/**
 * sattar's model of java.util.HashSet, JDK 17's: the elements are the keys of a HashMap (a
 * LinkedHashMap for a LinkedHashSet) whose every value is one shared object, PRESENT.
 */
public class HashSet<E> extends AbstractSet<E> implements Set<E> {
    transient HashMap<E, Object> map;

    /** The value of every key of every set's map. */
    static final Object PRESENT = new Object();

    public HashSet() {
        map = new HashMap<>();
    }

    public HashSet(int initialCapacity) {
        map = new HashMap<>(initialCapacity);
    }

    /** LinkedHashSet's: a LinkedHashMap (the JDK's takes a load factor and a dummy flag). */
    HashSet(int initialCapacity, boolean linked) {
        map = new LinkedHashMap<>(initialCapacity);
    }

    public Iterator<E> iterator() {
        return map.keySet().iterator();
    }

    public int size() {
        return map.size();
    }

    public boolean isEmpty() {
        return map.isEmpty();
    }

    public boolean contains(Object o) {
        return map.containsKey(o);
    }

    public boolean add(E e) {
        return map.put(e, PRESENT) == null;
    }

    public boolean remove(Object o) {
        return map.remove(o) == PRESENT;
    }

    public void clear() {
        map.clear();
    }
}
