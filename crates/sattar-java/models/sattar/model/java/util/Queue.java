package sattar.model.java.util;

/** sattar's model of java.util.Queue. */
public interface Queue<E> extends Collection<E> {
    /** Adds e at the tail; whether it was added. */
    boolean offer(E e);

    /** Removes the head, or returns null when empty. */
    E poll();

    /** The head, or null when empty. */
    E peek();

    /** Removes the head; NoSuchElementException when empty. */
    E remove();

    /** The head; NoSuchElementException when empty. */
    E element();
}
