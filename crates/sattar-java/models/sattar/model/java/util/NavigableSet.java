package sattar.model.java.util;

/** sattar's model of java.util.NavigableSet: nearest-element queries and polling (its views by range and in reverse are not modelled). */
public interface NavigableSet<E> extends SortedSet<E> {
    E lower(E e);

    E floor(E e);

    E ceiling(E e);

    E higher(E e);

    E pollFirst();

    E pollLast();
}
