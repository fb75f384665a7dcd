package sattar.model.java.util;

/** sattar's model of java.util.LinkedHashSet, JDK 17's: a HashSet over a LinkedHashMap (insertion order). */
public class LinkedHashSet<E> extends HashSet<E> implements Set<E> {
    public LinkedHashSet(int initialCapacity) {
        super(initialCapacity, true);
    }

    public LinkedHashSet() {
        super(16, true);
    }
}
