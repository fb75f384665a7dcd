package sattar.model.java.util;

/** sattar's model of java.util.SortedSet: a set in order (its views by range are not modelled). */
public interface SortedSet<E> extends Set<E> {
    /** The order (null: natural). */
    Comparator<? super E> comparator();

    /** The least element. */
    E first();

    /** The greatest element. */
    E last();
}
