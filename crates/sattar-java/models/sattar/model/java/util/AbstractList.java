package sattar.model.java.util;

import java.util.NoSuchElementException;
import java.util.ConcurrentModificationException;

/**
 * sattar's model of the JDK's lists (ArrayList, LinkedList, Vector): the elements in an array of
 * exactly their number, replaced by a new one when they change and never changed in place (so
 * that a list's state is its elements, whatever its capacity), and the JDK's modCount, counted
 * as ArrayList counts it. ArrayList's checks and iterator; LinkedList and Vector override what differs.
 */
public abstract class AbstractList<E> implements List<E> {
    /** The elements, in order. */
    Object[] elements = new Object[0];

    /** Structural modifications so far, as the JDK counts them (its iterators fail fast on it). */
    protected transient int modCount;

    public int size() {
        return elements.length;
    }

    public boolean isEmpty() {
        return elements.length == 0;
    }

    @SuppressWarnings("unchecked")
    public E get(int index) {
        checkIndex(index);
        return (E) elements[index];
    }

    @SuppressWarnings("unchecked")
    public E set(int index, E element) {
        checkIndex(index);
        E old = (E) elements[index];
        if (old != element) {
            elements = replaced(index, element);
        }
        return old;
    }

    public boolean add(E e) {
        modCount++;
        elements = inserted(elements.length, e);
        return true;
    }

    public void add(int index, E element) {
        if (index < 0 || index > elements.length) {
            throw new IndexOutOfBoundsException();
        }
        modCount++;
        elements = inserted(index, element);
    }

    @SuppressWarnings("unchecked")
    public E remove(int index) {
        checkIndex(index);
        E old = (E) elements[index];
        modCount++;
        elements = removed(index);
        return old;
    }

    public boolean remove(Object o) {
        int i = indexOf(o);
        if (i < 0) {
            return false;
        }
        modCount++;
        elements = removed(i);
        return true;
    }

    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    public int indexOf(Object o) {
        for (int i = 0; i < elements.length; i++) {
            if (o == null ? elements[i] == null : o.equals(elements[i])) {
                return i;
            }
        }
        return -1;
    }

    public int lastIndexOf(Object o) {
        for (int i = elements.length - 1; i >= 0; i--) {
            if (o == null ? elements[i] == null : o.equals(elements[i])) {
                return i;
            }
        }
        return -1;
    }

    public void clear() {
        modCount++;
        if (elements.length > 0) {
            elements = new Object[0];
        }
    }

    public Iterator<E> iterator() {
        return new Itr();
    }

    /** AbstractList's: the same elements in the same order as another list's iterator gives. */
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof List)) {
            return false;
        }
        Iterator<?> other = ((List<?>) o).iterator();
        for (int i = 0; i < elements.length; i++) {
            if (!other.hasNext()) {
                return false;
            }
            Object x = elements[i];
            Object y = other.next();
            if (!(x == null ? y == null : x.equals(y))) {
                return false;
            }
        }
        return !other.hasNext();
    }

    /** List's contract: 31 * h + each element's hash (0 for null), from 1. */
    public int hashCode() {
        int h = 1;
        for (int i = 0; i < elements.length; i++) {
            Object e = elements[i];
            h = 31 * h + (e == null ? 0 : e.hashCode());
        }
        return h;
    }

    /** IndexOutOfBoundsException unless 0 <= index < size. */
    final void checkIndex(int index) {
        if (index < 0 || index >= elements.length) {
            throw new IndexOutOfBoundsException();
        }
    }

    /** The elements with e inserted at index (0 <= index <= size). */
    final Object[] inserted(int index, Object e) {
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

    /** The elements without the one at index (0 <= index < size). */
    final Object[] removed(int index) {
        Object[] next = new Object[elements.length - 1];
        for (int i = 0; i < index; i++) {
            next[i] = elements[i];
        }
        for (int i = index + 1; i < elements.length; i++) {
            next[i - 1] = elements[i];
        }
        return next;
    }

    /** The elements with e at index (0 <= index < size). */
    final Object[] replaced(int index, Object e) {
        Object[] next = new Object[elements.length];
        for (int i = 0; i < elements.length; i++) {
            next[i] = elements[i];
        }
        next[index] = e;
        return next;
    }

    /** ArrayList's (and Vector's) iterator: `cursor != size` tests, modCount checked first. */
    class Itr implements Iterator<E> {
        int cursor;
        int lastRet = -1;
        int expectedModCount = modCount;

        public boolean hasNext() {
            return cursor != elements.length;
        }

        @SuppressWarnings("unchecked")
        public E next() {
            checkForComodification();
            int i = cursor;
            if (i >= elements.length) {
                throw new NoSuchElementException();
            }
            cursor = i + 1;
            lastRet = i;
            return (E) elements[i];
        }

        public void remove() {
            if (lastRet < 0) {
                throw new IllegalStateException();
            }
            checkForComodification();
            AbstractList.this.remove(lastRet);
            cursor = lastRet;
            lastRet = -1;
            expectedModCount = modCount;
        }

        final void checkForComodification() {
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
        }
    }
}
