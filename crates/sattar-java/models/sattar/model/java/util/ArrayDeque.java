package sattar.model.java.util;

import java.util.NoSuchElementException;
import sattar.model.Unmodelled;

/**
 * sattar's model of java.util.ArrayDeque: the elements from first to last in an array of exactly
 * their number, replaced on each change. Null elements are refused (NullPointerException), as the
 * JDK refuses them; an empty deque answers null or NoSuchElementException as each method says.
 */
public class ArrayDeque<E> implements Deque<E> {
    /** The elements, first to last. */
    Object[] elements = new Object[0];

    public ArrayDeque() {
    }

    public int size() {
        return elements.length;
    }

    public boolean isEmpty() {
        return elements.length == 0;
    }

    public void addFirst(E e) {
        if (e == null) {
            throw new NullPointerException();
        }
        elements = inserted(0, e);
    }

    public void addLast(E e) {
        if (e == null) {
            throw new NullPointerException();
        }
        elements = inserted(elements.length, e);
    }

    public boolean offerFirst(E e) {
        addFirst(e);
        return true;
    }

    public boolean offerLast(E e) {
        addLast(e);
        return true;
    }

    public boolean add(E e) {
        addLast(e);
        return true;
    }

    public boolean offer(E e) {
        return offerLast(e);
    }

    public void push(E e) {
        addFirst(e);
    }

    public E removeFirst() {
        E e = pollFirst();
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E removeLast() {
        E e = pollLast();
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E pop() {
        return removeFirst();
    }

    public E remove() {
        return removeFirst();
    }

    @SuppressWarnings("unchecked")
    public E pollFirst() {
        if (elements.length == 0) {
            return null;
        }
        E e = (E) elements[0];
        elements = removed(0);
        return e;
    }

    @SuppressWarnings("unchecked")
    public E pollLast() {
        if (elements.length == 0) {
            return null;
        }
        E e = (E) elements[elements.length - 1];
        elements = removed(elements.length - 1);
        return e;
    }

    public E poll() {
        return pollFirst();
    }

    public E getFirst() {
        E e = peekFirst();
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E getLast() {
        E e = peekLast();
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E element() {
        return getFirst();
    }

    @SuppressWarnings("unchecked")
    public E peekFirst() {
        return elements.length == 0 ? null : (E) elements[0];
    }

    @SuppressWarnings("unchecked")
    public E peekLast() {
        return elements.length == 0 ? null : (E) elements[elements.length - 1];
    }

    public E peek() {
        return peekFirst();
    }

    /** Null is never there; otherwise o.equals(e) from first to last. */
    public boolean contains(Object o) {
        if (o != null) {
            for (int i = 0; i < elements.length; i++) {
                if (o.equals(elements[i])) {
                    return true;
                }
            }
        }
        return false;
    }

    /** removeFirstOccurrence. */
    public boolean remove(Object o) {
        if (o != null) {
            for (int i = 0; i < elements.length; i++) {
                if (o.equals(elements[i])) {
                    elements = removed(i);
                    return true;
                }
            }
        }
        return false;
    }

    public void clear() {
        if (elements.length > 0) {
            elements = new Object[0];
        }
    }

    @Unmodelled("ArrayDeque's iterator fails fast by its circular array's layout, which sattar does not model; iterate with poll/peek or use a LinkedList")
    public Iterator<E> iterator() {
        throw new UnsupportedOperationException();
    }

    /** The elements with e inserted at index. */
    private Object[] inserted(int index, Object e) {
        Object[] next = new Object[elements.length + 1];
        for (int i = 0; i < index; i++) {
            next[i] = elements[i];
        }
        next[index] = e;
        for (int i = index; i < elements.length; i++) {
            next[i + 1] = elements[i];
        }
        return next;
    }

    /** The elements without the one at index. */
    private Object[] removed(int index) {
        Object[] next = new Object[elements.length - 1];
        for (int i = 0; i < index; i++) {
            next[i] = elements[i];
        }
        for (int i = index + 1; i < elements.length; i++) {
            next[i - 1] = elements[i];
        }
        return next;
    }
}
