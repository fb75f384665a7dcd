package sattar.model.java.util;

/** sattar's model of java.util.Deque: both ends, and the stack methods. */
public interface Deque<E> extends Queue<E> {
    /** Inserts at the front. */
    void addFirst(E e);

    /** Inserts at the end. */
    void addLast(E e);

    /** Inserts at the front; true. */
    boolean offerFirst(E e);

    /** Inserts at the end; true. */
    boolean offerLast(E e);

    /** Removes the first; NoSuchElementException when empty. */
    E removeFirst();

    /** Removes the last; NoSuchElementException when empty. */
    E removeLast();

    /** Removes the first, or null when empty. */
    E pollFirst();

    /** Removes the last, or null when empty. */
    E pollLast();

    /** The first; NoSuchElementException when empty. */
    E getFirst();

    /** The last; NoSuchElementException when empty. */
    E getLast();

    /** The first, or null when empty. */
    E peekFirst();

    /** The last, or null when empty. */
    E peekLast();

    /** addFirst. */
    void push(E e);

    /** removeFirst. */
    E pop();

    /** Redeclared, as the JDK does: a call through this type reaches only its classes. */
    Iterator<E> iterator();
}
