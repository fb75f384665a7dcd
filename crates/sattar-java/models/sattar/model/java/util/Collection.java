package sattar.model.java.util;

import sattar.model.java.lang.Iterable;

/** sattar's model of java.util.Collection: the methods every modelled collection has. */
public interface Collection<E> extends Iterable<E> {
    /** The number of elements. */
    int size();

    /** Whether there is none. */
    boolean isEmpty();

    /** Whether an element equals o (null-aware). */
    boolean contains(Object o);

    /** Adds e as the collection's kind adds. */
    boolean add(E e);

    /** Removes one element equal to o. */
    boolean remove(Object o);

    /** Removes every element. */
    void clear();

    /** Redeclared, as the JDK does: a call through this type reaches only its classes. */
    Iterator<E> iterator();
}
