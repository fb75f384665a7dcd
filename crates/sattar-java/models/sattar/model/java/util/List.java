package sattar.model.java.util;

/** sattar's model of java.util.List: positional access. */
public interface List<E> extends Collection<E> {
    /** The element at index. */
    E get(int index);

    /** Replaces the element at index; the old one. */
    E set(int index, E element);

    /** Inserts at index. */
    void add(int index, E element);

    /** Removes the element at index; it. */
    E remove(int index);

    /** The first index of an element equal to o, or -1. */
    int indexOf(Object o);

    /** The last index of an element equal to o, or -1. */
    int lastIndexOf(Object o);

    /** Redeclared, as the JDK does: a call through this type reaches only its classes. */
    Iterator<E> iterator();
}
