package sattar.model.java.util;

import java.util.NoSuchElementException;

/**
 * sattar's model of java.util.AbstractQueue: the JDK's add, remove, element and clear over the
 * subclass's offer, poll and peek, for the program's own queues (it has no state of its own).
 */
public abstract class AbstractQueue<E> extends AbstractCollection<E> implements Queue<E> {
    protected AbstractQueue() {
    }

    public boolean add(E e) {
        if (offer(e)) {
            return true;
        }
        throw new IllegalStateException();
    }

    public E remove() {
        E x = poll();
        if (x != null) {
            return x;
        }
        throw new NoSuchElementException();
    }

    public E element() {
        E x = peek();
        if (x != null) {
            return x;
        }
        throw new NoSuchElementException();
    }

    public void clear() {
        while (poll() != null) {
        }
    }
}
