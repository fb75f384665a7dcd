package sattar.model.java.util;

/** sattar's model of java.util.SortedMap: a map in key order (its views by range are not modelled). */
public interface SortedMap<K, V> extends Map<K, V> {
    /** The order (null: natural). */
    Comparator<? super K> comparator();

    /** The least key. */
    K firstKey();

    /** The greatest key. */
    K lastKey();
}
