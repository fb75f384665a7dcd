package sattar.model.java.util;

import java.util.NoSuchElementException;

/**
 * sattar's model of java.util.Vector: AbstractList's, with Vector's own checks
 * (ArrayIndexOutOfBoundsException) and modCount counts where they differ from ArrayList's.
 */
public class Vector<E> extends AbstractList<E> {
    public Vector() {
    }

    @SuppressWarnings("unchecked")
    public E get(int index) {
        return (E) elements[index];
    }

    @SuppressWarnings("unchecked")
    public E set(int index, E element) {
        E old = (E) elements[index];
        if (old != element) {
            elements = replaced(index, element);
        }
        return old;
    }

    /** insertElementAt: a too large index is refused before modCount counts, a negative after. */
    public void add(int index, E element) {
        if (index > elements.length) {
            throw new ArrayIndexOutOfBoundsException();
        }
        modCount++;
        if (index < 0) {
            throw new ArrayIndexOutOfBoundsException();
        }
        elements = inserted(index, element);
    }

    /** modCount counts before the index is checked. */
    @SuppressWarnings("unchecked")
    public E remove(int index) {
        modCount++;
        E old = (E) elements[index];
        elements = removed(index);
        return old;
    }

    /** removeElement: modCount counts once whether or not o is there, and once more if it is. */
    public boolean remove(Object o) {
        modCount++;
        int i = indexOf(o);
        if (i < 0) {
            return false;
        }
        modCount++;
        elements = removed(i);
        return true;
    }

    /** addElement. */
    public void addElement(E e) {
        add(e);
    }

    /** elementAt. */
    @SuppressWarnings("unchecked")
    public E elementAt(int index) {
        return (E) elements[index];
    }

    /** removeElementAt (Vector's, unlike remove(int): modCount counts after the check). */
    public void removeElementAt(int index) {
        Object check = elements[index];
        modCount++;
        elements = removed(index);
    }

    /** firstElement: NoSuchElementException when empty. */
    @SuppressWarnings("unchecked")
    public E firstElement() {
        if (elements.length == 0) {
            throw new NoSuchElementException();
        }
        return (E) elements[0];
    }

    /** lastElement: NoSuchElementException when empty. */
    @SuppressWarnings("unchecked")
    public E lastElement() {
        if (elements.length == 0) {
            throw new NoSuchElementException();
        }
        return (E) elements[elements.length - 1];
    }
}
