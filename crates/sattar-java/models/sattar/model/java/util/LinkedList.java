package sattar.model.java.util;

import java.util.NoSuchElementException;
import java.util.ConcurrentModificationException;

/**
 * sattar's model of java.util.LinkedList: AbstractList's list methods (LinkedList's checks and
 * modCount agree with ArrayList's), the Deque methods (nulls allowed), and LinkedList's own
 * iterator (`nextIndex < size` tests; remove checks modCount before its state).
 */
public class LinkedList<E> extends AbstractList<E> implements Deque<E> {
    public LinkedList() {
    }

    public void addFirst(E e) {
        add(0, e);
    }

    public void addLast(E e) {
        add(e);
    }

    public boolean offerFirst(E e) {
        addFirst(e);
        return true;
    }

    public boolean offerLast(E e) {
        addLast(e);
        return true;
    }

    public boolean offer(E e) {
        return add(e);
    }

    public void push(E e) {
        addFirst(e);
    }

    public E removeFirst() {
        if (elements.length == 0) {
            throw new NoSuchElementException();
        }
        return remove(0);
    }

    public E removeLast() {
        if (elements.length == 0) {
            throw new NoSuchElementException();
        }
        return remove(elements.length - 1);
    }

    public E pop() {
        return removeFirst();
    }

    public E remove() {
        return removeFirst();
    }

    public E pollFirst() {
        return elements.length == 0 ? null : remove(0);
    }

    public E pollLast() {
        return elements.length == 0 ? null : remove(elements.length - 1);
    }

    public E poll() {
        return pollFirst();
    }

    public E getFirst() {
        if (elements.length == 0) {
            throw new NoSuchElementException();
        }
        return get(0);
    }

    public E getLast() {
        if (elements.length == 0) {
            throw new NoSuchElementException();
        }
        return get(elements.length - 1);
    }

    public E element() {
        return getFirst();
    }

    public E peekFirst() {
        return elements.length == 0 ? null : get(0);
    }

    public E peekLast() {
        return elements.length == 0 ? null : get(elements.length - 1);
    }

    public E peek() {
        return peekFirst();
    }

    public Iterator<E> iterator() {
        return new ListItr();
    }

    /** LinkedList's iterator, by index. */
    class ListItr implements Iterator<E> {
        int nextIndex;
        int lastReturned = -1;
        int expectedModCount = modCount;

        public boolean hasNext() {
            return nextIndex < elements.length;
        }

        @SuppressWarnings("unchecked")
        public E next() {
            checkForComodification();
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            lastReturned = nextIndex;
            nextIndex++;
            return (E) elements[lastReturned];
        }

        public void remove() {
            checkForComodification();
            if (lastReturned < 0) {
                throw new IllegalStateException();
            }
            LinkedList.this.remove(lastReturned);
            nextIndex--;
            lastReturned = -1;
            expectedModCount++;
        }

        final void checkForComodification() {
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
        }
    }
}
